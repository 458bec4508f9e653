import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type LandingPageContent } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/** content_changed should invalidate adminLandingKeys.all and the public ['landing'] key. */
export const adminLandingKeys = { all: ['admin', 'landing'] as const }

/**
 * The editor starts from what is saved now: nothing kept once the editor closes (`gcTime: 0`), so
 * opening it again reads the current content instead of a copy another admin may have replaced.
 */
export function useAdminLanding() {
  return useQuery({ queryKey: adminLandingKeys.all, queryFn: ({ signal }) => api(ENDPOINTS.content.admin.landing, { signal }), staleTime: Infinity, gcTime: 0 })
}

/** Saves `content` over `version` (what the editor loaded): 409 when another admin saved since. */
export function useSaveLanding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ content, version }: { content: LandingPageContent; version: string }) => api(ENDPOINTS.content.admin.updateLanding, { body: content, query: { versao: version } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminLandingKeys.all, saved)
      await queryClient.invalidateQueries({ queryKey: ['landing'] })
    },
  })
}
