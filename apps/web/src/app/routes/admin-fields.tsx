import { FieldsPage } from '../../features/admin-fields'

/** `/admin/fields` */
export default function AdminFieldsPageRoute() {
  return <FieldsPage />
}
