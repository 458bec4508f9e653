import { track } from '../../features/analytics'
import { useProductName } from '../../features/landing'
import { LeadSignupPage } from '../../features/leads'

/** `/inscricao` — lazy route. The app's analytics `track` is handed to the leads feature here. */
export default function InscricaoRoute() {
  const productName = useProductName()
  return <LeadSignupPage productName={productName} track={track} />
}
