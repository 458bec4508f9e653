import { useSignedIn } from '../../features/auth'
import { usePublicPlans } from '../../features/landing'
import { SubscriptionSuccessPage } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'
import { useSubscription } from '../../lib/use-subscription'

/** `/assinatura/sucesso?session_id=` — forces a fresh subscription check for the new subscriber. */
export default function AssinaturaSucessoRoute() {
  const signedIn = useSignedIn()
  const isListener = signedIn.status === 'authenticated' && !signedIn.isAdmin
  const subscription = useSubscription({ enabled: isListener })
  const plans = usePublicPlans()
  return (
    <SubscriptionSuccessPage
      productName={useProductName()}
      signedIn={isListener}
      refreshSubscription={subscription.refresh}
      plans={plans.data}
    />
  )
}
