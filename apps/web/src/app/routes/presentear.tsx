import { DEFAULT_GUARANTEE_DAYS } from '@sintonia/contract'
import { useSignedIn } from '../../features/auth'
import { GiftPage } from '../../features/gifts'
import { usePublicPlans } from '../../features/landing'
import { useProductName } from '../../lib/product-name'

/** `/presentear` (signed in) — the gift form with the public plans, and the buyer's gifts. */
export default function PresentearRoute() {
  const signedIn = useSignedIn()
  const plans = usePublicPlans()
  return (
    <GiftPage
      productName={useProductName()}
      isAdmin={signedIn.isAdmin}
      guaranteeDays={plans.guaranteeDays ?? DEFAULT_GUARANTEE_DAYS}
      plans={{ data: plans.data, isPending: plans.isPending, isError: plans.isError, refetch: plans.refetch }}
    />
  )
}
