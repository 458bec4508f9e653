import { queryOptions, useQuery } from '@tanstack/react-query'
import { ENDPOINTS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/** Admin home counts; any admin change (fields_changed, audios_changed…) may invalidate it. */
export const adminOverviewKeys = { all: ['admin', 'overview'] as const }

export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminOverviewKeys.all,
  queryFn: ({ signal }) => api(ENDPOINTS.insights.admin.overview, { signal }),
  staleTime: 30_000,
})

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions)
}
