import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type LandingPageContent } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/** content_changed should invalidate adminLandingKeys.all and the public ['landing'] key. */
export const adminLandingKeys = { all: ['admin', 'landing'] as const }

export function useAdminLanding() {
  return useQuery({ queryKey: adminLandingKeys.all, queryFn: ({ signal }) => api(ENDPOINTS.content.admin.landing, { signal }), staleTime: Infinity })
}

export function useSaveLanding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: LandingPageContent) => api(ENDPOINTS.content.admin.updateLanding, { body: content }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminLandingKeys.all, saved)
      await queryClient.invalidateQueries({ queryKey: ['landing'] })
    },
  })
}
