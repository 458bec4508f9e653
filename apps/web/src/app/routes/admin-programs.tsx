import { ProgramsPage } from '../../features/admin-programs'

/** `/admin/programas`: the programmes (docs/product/practice.md#programmes) and their results. */
export default function AdminProgramasRoute() {
  return <ProgramsPage />
}
