/** "Continuar ouvindo" (docs/product/listening.md#continue-listening): the audios heard last. */
import { queryOptions } from '@tanstack/react-query'
import { ENDPOINTS, type RecentListening } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

export const recentListeningKey = ['listening', 'recent'] as const

export function recentListeningQueryOptions() {
  return queryOptions({
    queryKey: recentListeningKey,
    queryFn: ({ signal }): Promise<RecentListening> => api(ENDPOINTS.listening.recent, { signal }),
  })
}
