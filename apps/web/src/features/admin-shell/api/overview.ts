import { queryOptions, useQuery } from '@tanstack/react-query'
import { API, type AdminOverview } from '@sintonia/contract'
import { apiGet } from '../../../lib/api-client'

/** Admin home counts; any admin change (fields_changed, audios_changed…) may invalidate it. */
export const adminOverviewKeys = { all: ['admin', 'overview'] as const }

export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminOverviewKeys.all,
  queryFn: ({ signal }) => apiGet<AdminOverview>(API.adminContent.overview, { signal }),
  staleTime: 30_000,
})

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions)
}
