import { LoginPage } from '../../features/auth/pages'
import { useProductName } from '../../lib/product-name'

/** `/login` — lazy route (docs/product/accounts.md#login-and-sign-up-login). */
export default function LoginRoute() {
  return <LoginPage productName={useProductName()} />
}
