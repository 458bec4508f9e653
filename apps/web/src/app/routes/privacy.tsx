import { PrivacyPolicyPage, SUPPORT_EMAIL } from '../../features/legal'
import { useProductName } from '../../lib/product-name'

/** `/privacy` — lazy route. */
export default function PrivacyRoute() {
  return <PrivacyPolicyPage productName={useProductName()} supportEmail={SUPPORT_EMAIL} />
}
