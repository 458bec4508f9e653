import { ResetPasswordPage } from '../../features/auth/pages'
import { useProductName } from '../../lib/product-name'

/** `/redefinir-senha?token=` — lazy route. */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage productName={useProductName()} />
}
