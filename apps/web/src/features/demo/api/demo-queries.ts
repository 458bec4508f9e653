import { queryOptions, useQuery } from '@tanstack/react-query'
import { ENDPOINTS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { demoKeys } from './query-keys'

/** audios_changed (realtime) should invalidate demoKeys.all. */

export const demoQueryOptions = queryOptions({
  queryKey: demoKeys.all,
  queryFn: ({ signal }) => api(ENDPOINTS.catalogue.demo, { signal }),
  staleTime: 60_000,
})

export function useDemo() {
  return useQuery(demoQueryOptions)
}

export { demoKeys }
