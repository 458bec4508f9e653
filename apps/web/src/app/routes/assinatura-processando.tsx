import { useSignedIn } from '../../features/auth'
import { ProcessingPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/** `/assinatura/processando?session_id=` — routes the buyer by session state after verifying the payment. */
export default function AssinaturaProcessandoRoute() {
  const signedIn = useSignedIn()
  const listenerSignedIn = signedIn.status === 'loading' ? null : signedIn.status === 'authenticated' && !signedIn.isAdmin
  return <ProcessingPage productName={useProductName()} signedIn={listenerSignedIn} />
}
