import { track } from '../../features/analytics'
import { useProductName } from '../../features/landing'
import { SUPPORT_EMAIL } from '../../features/legal'
import { ThankYouPage } from '../../features/leads'

/** `/obrigado` — lazy route: composes the leads page with analytics and the support contact. */
export default function ObrigadoRoute() {
  const productName = useProductName()
  return <ThankYouPage productName={productName} supportEmail={SUPPORT_EMAIL} track={track} />
}
