import { ForgotPasswordPage } from '../../features/auth/pages'
import { useProductName } from '../../lib/product-name'

/** `/esqueci-senha` — lazy route. */
export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage productName={useProductName()} />
}
