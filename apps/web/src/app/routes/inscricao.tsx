import { track } from '../../features/analytics'
import { LeadSignupPage } from '../../features/leads'
import { useProductName } from '../../lib/product-name'

/** `/inscricao` — lazy route. The app's analytics `track` is handed to the leads feature here. */
export default function InscricaoRoute() {
  const productName = useProductName()
  return <LeadSignupPage productName={productName} track={track} />
}
