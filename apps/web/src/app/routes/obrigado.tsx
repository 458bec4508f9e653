import { track } from '../../features/analytics'
import { SUPPORT_EMAIL } from '../../features/legal'
import { ThankYouPage } from '../../features/leads'
import { useProductName } from '../../lib/product-name'

/** `/obrigado` — lazy route: composes the leads page with analytics and the support contact. */
export default function ObrigadoRoute() {
  const productName = useProductName()
  return <ThankYouPage productName={productName} supportEmail={SUPPORT_EMAIL} track={track} />
}
