import { ResetPasswordPage } from '../../features/auth/pages'
import { useProductName } from '../../features/landing'

/** `/redefinir-senha?token=` — lazy route. */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage productName={useProductName()} />
}
