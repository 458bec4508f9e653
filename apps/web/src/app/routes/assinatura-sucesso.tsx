import { useSession, useSubscription } from '../../features/auth'
import { usePublicPlans, useProductName } from '../../features/landing'
import { SubscriptionSuccessPage } from '../../features/subscription'

/** `/assinatura/sucesso?session_id=` — forces a fresh subscription check for the new subscriber. */
export default function AssinaturaSucessoRoute() {
  const session = useSession()
  const isListener = session.status === 'authenticated' && !session.isAdmin
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
