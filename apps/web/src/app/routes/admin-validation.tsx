import { ValidationPage } from '../../features/admin-insights'

export default function AdminValidationRoute() {
  return <ValidationPage />
}
