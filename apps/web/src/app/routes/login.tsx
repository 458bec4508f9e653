import { LoginPage } from '../../features/auth/pages'
import { useProductName } from '../../features/landing'

/** `/login` — lazy route (listener-area §2). */
export default function LoginRoute() {
  return <LoginPage productName={useProductName()} />
}
