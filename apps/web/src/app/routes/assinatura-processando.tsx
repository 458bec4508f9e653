import { useSession } from '../../features/auth'
import { ProcessingPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/** `/assinatura/processando?session_id=` — routes the buyer by session state after verifying the payment. */
export default function AssinaturaProcessandoRoute() {
  const session = useSession()
  const signedIn = session.status === 'loading' ? null : session.status === 'authenticated' && !session.isAdmin
  return <ProcessingPage productName={useProductName()} signedIn={signedIn} />
}
