import { LgpdPage, SUPPORT_EMAIL } from '../../features/legal'
import { useProductName } from '../../lib/product-name'

/** `/lgpd` — lazy route. */
export default function LgpdRoute() {
  return <LgpdPage productName={useProductName()} supportEmail={SUPPORT_EMAIL} />
}
