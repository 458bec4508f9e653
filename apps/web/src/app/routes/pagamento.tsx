import { Navigate, useSearchParams } from 'react-router'
import { useSession } from '../../features/auth'
import { usePublicPlans } from '../../features/landing'
import { PaymentPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/**
 * `/pagamento` (pay-first). A signed-in listener already has an account: the plan page starts the
 * auth-first checkout for the same plan instead, so the payment lands on that account.
 */
export default function PagamentoRoute() {
  const productName = useProductName()
  const session = useSession()
  const plans = usePublicPlans()
  const [search] = useSearchParams()
  if (session.status === 'authenticated' && !session.isAdmin) {
    const plan = search.get('plan')
    return <Navigate to={plan ? `/assinatura?auto_plan=${encodeURIComponent(plan)}` : '/assinatura'} replace />
  }
  return <PaymentPage productName={productName} plans={{ data: plans.data, isPending: plans.isPending, guaranteeDays: plans.guaranteeDays }} />
}
