import { useProductName } from '../../features/landing'
import { PaymentResultPage } from '../../features/subscription'

/** `/pagamento/sucesso?session_id=` — the payment result. */
export default function PagamentoSucessoRoute() {
  return <PaymentResultPage productName={useProductName()} />
}
