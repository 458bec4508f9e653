import { useMemo } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { COMMERCE_ENDPOINTS, LANDING_CONTENT_CACHE_MS, type PublicPlan } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { getInitialData, getInitialDataReadAt } from '../../../lib/initial-data'
import { fallbackPlans, savePlansCache, usableGuaranteeDays, usablePlans, type PlansAnswer } from '../lib/plans-cache'
import { planKeys } from './query-keys'

export const publicPlansQueryOptions = queryOptions({
  queryKey: planKeys.public,
  queryFn: async ({ signal }): Promise<PlansAnswer> => {
    const answer = await api(COMMERCE_ENDPOINTS.plans, { signal })
    const data = { plans: usablePlans(answer?.plans), guaranteeDays: usableGuaranteeDays(answer?.guaranteeDays) }
    // Kept for the day the plans cannot be loaded (docs/product/commerce.md#when-the-plans-cannot-be-loaded).
    if (data.plans.length > 0) savePlansCache(data)
    return data
  },
  staleTime: LANDING_CONTENT_CACHE_MS,
  initialData: (): PlansAnswer | undefined => {
    const injected = getInitialData('plans')
    return injected ? { plans: usablePlans(injected), guaranteeDays: usableGuaranteeDays(getInitialData('guaranteeDays')) } : undefined
  },
  initialDataUpdatedAt: () => (getInitialData('plans') ? getInitialDataReadAt() : undefined),
})

/** The public plans as every page that lists them reads them. */
export interface PublicPlansView {
  /** Active plans in display order; after a failed load, the last ones this browser saw or the defaults. */
  data: PublicPlan[] | undefined
  /** The guarantee shown under the plans (the admin's setting), with the same fallbacks. */
  guaranteeDays: number | undefined
  isPending: boolean
  /** The last load failed: what `data` holds may be out of date. */
  isError: boolean
  error: unknown
  /** A load (a retry) is on its way. */
  isRefetching: boolean
  refetch: () => void
}

/**
 * Active plans (GET /api/plans), painted at once from the data embedded in the first HTML. When
 * they cannot be loaded, the answer is this browser's last copy, else the defaults, still flagged
 * `isError` so the page says so and offers a retry — never an empty section.
 */
export function usePublicPlans(): PublicPlansView {
  const query = useQuery(publicPlansQueryOptions)
  const { data, isError, isPending, error, isFetching, refetch } = query
  // Read only after a failure in this browser: a server render never fails this way, so the
  // first render (and the hydration) stays the same on both sides.
  const fallback = useMemo(() => (isError && !data ? fallbackPlans() : null), [isError, data])
  const shown = data ?? fallback ?? undefined
  return {
    data: shown?.plans,
    guaranteeDays: shown?.guaranteeDays,
    isPending: isPending && !fallback,
    isError,
    error,
    isRefetching: isFetching,
    refetch: () => void refetch(),
  }
}

export { planKeys }
