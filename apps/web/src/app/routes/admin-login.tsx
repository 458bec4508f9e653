import { AdminLoginPage } from '../../features/auth/pages'
import { useProductName } from '../../features/landing'

/** `/admin/login` — lazy route; the administrators' own sign-in. */
export default function AdminLoginRoute() {
  return <AdminLoginPage productName={useProductName()} />
}
