import { useProductName } from '../../features/landing'
import { PaymentCancelledPage } from '../../features/subscription'

/** `/pagamento/cancelado` — the buyer cancelled at the provider. */
export default function PagamentoCanceladoRoute() {
  return <PaymentCancelledPage productName={useProductName()} />
}
