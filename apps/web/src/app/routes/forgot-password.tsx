import { ForgotPasswordPage } from '../../features/auth/pages'
import { useProductName } from '../../features/landing'

/** `/esqueci-senha` — lazy route. */
export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage productName={useProductName()} />
}
