import { useProductName } from '../../features/landing'
import { PrivacyPolicyPage, SUPPORT_EMAIL } from '../../features/legal'

/** `/privacy` — lazy route. */
export default function PrivacyRoute() {
  return <PrivacyPolicyPage productName={useProductName()} supportEmail={SUPPORT_EMAIL} />
}
