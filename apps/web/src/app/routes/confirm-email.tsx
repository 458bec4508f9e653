import { ConfirmEmailPage } from '../../features/auth/pages'
import { useProductName } from '../../lib/product-name'

/** `/confirmar-email?token=` — lazy route: the link of the confirmation e-mail. */
export default function ConfirmEmailRoute() {
  return <ConfirmEmailPage productName={useProductName()} />
}
