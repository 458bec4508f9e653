import { Navigate, useSearchParams } from 'react-router'
import { useSignedIn } from '../../features/auth'
import { usePublicPlans } from '../../features/landing'
import { PaymentPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/**
 * `/pagamento` (pay-first). A signed-in listener already has an account: the plan page starts the
 * auth-first checkout for the same plan instead, so the payment lands on that account.
 */
export default function PagamentoRoute() {
  const productName = useProductName()
  const signedIn = useSignedIn()
  const plans = usePublicPlans()
  const [search] = useSearchParams()
  if (signedIn.status === 'authenticated' && !signedIn.isAdmin) {
    const plan = search.get('plan')
    return <Navigate to={plan ? `/assinatura?auto_plan=${encodeURIComponent(plan)}` : '/assinatura'} replace />
  }
  return <PaymentPage productName={productName} plans={{ data: plans.data, isPending: plans.isPending, guaranteeDays: plans.guaranteeDays }} />
}
