import { SUPPORT_EMAIL, TermsPage } from '../../features/legal'
import { useProductName } from '../../lib/product-name'

/** `/terms` — lazy route. */
export default function TermsRoute() {
  return <TermsPage productName={useProductName()} supportEmail={SUPPORT_EMAIL} />
}
