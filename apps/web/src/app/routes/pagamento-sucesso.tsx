import { PaymentResultPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/** `/pagamento/sucesso?session_id=` — the payment result. */
export default function PagamentoSucessoRoute() {
  return <PaymentResultPage productName={useProductName()} />
}
