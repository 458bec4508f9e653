import { useSignedIn } from '../../features/auth'
import { usePublicPlans } from '../../features/landing'
import { PlansPage, type Viewer } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'
import { useSubscription } from '../../lib/use-subscription'

/** `/assinatura` — composes the plan page with the sign-in, the subscription check and the public plans. */
export default function AssinaturaRoute() {
  const productName = useProductName()
  const signedIn = useSignedIn()
  const isListener = signedIn.status === 'authenticated' && !signedIn.isAdmin
  const subscription = useSubscription({ enabled: isListener })
  const plans = usePublicPlans()
  const viewer: Viewer = signedIn.status === 'loading' ? 'loading' : signedIn.status === 'anonymous' ? 'anonymous' : signedIn.isAdmin ? 'admin' : 'listener'
  return (
    <PlansPage
      productName={productName}
      viewer={viewer}
      subscription={{ status: subscription.status, tier: subscription.data?.subscription_tier ?? null, refresh: subscription.refresh }}
      plans={{
        data: plans.data,
        isPending: plans.isPending,
        isError: plans.isError,
        refetch: plans.refetch,
        guaranteeDays: plans.guaranteeDays,
        isRefetching: plans.isRefetching,
      }}
    />
  )
}
