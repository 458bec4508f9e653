import { PaymentCancelledPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/** `/pagamento/cancelado` — the buyer cancelled at the provider. */
export default function PagamentoCanceladoRoute() {
  return <PaymentCancelledPage productName={useProductName()} />
}
