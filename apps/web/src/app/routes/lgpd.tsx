import { useProductName } from '../../features/landing'
import { LgpdPage, SUPPORT_EMAIL } from '../../features/legal'

/** `/lgpd` — lazy route. */
export default function LgpdRoute() {
  return <LgpdPage productName={useProductName()} supportEmail={SUPPORT_EMAIL} />
}
