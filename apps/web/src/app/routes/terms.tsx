import { useProductName } from '../../features/landing'
import { SUPPORT_EMAIL, TermsPage } from '../../features/legal'

/** `/terms` — lazy route. */
export default function TermsRoute() {
  return <TermsPage productName={useProductName()} supportEmail={SUPPORT_EMAIL} />
}
