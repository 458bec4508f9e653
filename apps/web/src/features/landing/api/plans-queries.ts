import { queryOptions, useQuery } from '@tanstack/react-query'
import { ENDPOINTS, LANDING_CONTENT_CACHE_MS, type PublicPlan } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { getInitialData, getInitialDataReadAt } from '../../../lib/initial-data'
import { planKeys } from './query-keys'

/** Query key of the public plans (realtime `plans_changed` invalidates it). */

/** Keeps only entries a card can render; the API already orders them by display order. */
function usablePlans(plans: unknown): PublicPlan[] {
  if (!Array.isArray(plans)) return []
  return plans.filter(
    (plan): plan is PublicPlan =>
      typeof plan === 'object' &&
      plan !== null &&
      typeof (plan as PublicPlan).code === 'string' &&
      typeof (plan as PublicPlan).name === 'string' &&
      Number.isFinite((plan as PublicPlan).priceCents) &&
      Number.isFinite((plan as PublicPlan).originalPriceCents) &&
      (plan as PublicPlan).intervalMonths > 0,
  )
}

export const publicPlansQueryOptions = queryOptions({
  queryKey: planKeys.public,
  queryFn: async ({ signal }) => usablePlans((await api(ENDPOINTS.commerce.plans, { signal }))?.plans),
  staleTime: LANDING_CONTENT_CACHE_MS,
  initialData: () => {
    const injected = getInitialData('plans')
    return injected ? usablePlans(injected) : undefined
  },
  initialDataUpdatedAt: () => (getInitialData('plans') ? getInitialDataReadAt() : undefined),
})

/** Active plans (GET /api/plans), painted at once from the data embedded in the first HTML. */
export function usePublicPlans() {
  return useQuery(publicPlansQueryOptions)
}

export { planKeys }
