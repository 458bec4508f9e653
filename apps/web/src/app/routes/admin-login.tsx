import { AdminLoginPage } from '../../features/auth/pages'
import { useProductName } from '../../lib/product-name'

/** `/admin/login` — lazy route; the administrators' own sign-in. */
export default function AdminLoginRoute() {
  return <AdminLoginPage productName={useProductName()} />
}
