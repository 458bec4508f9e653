import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { API, type AdminLanding, type LandingPageContent } from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

/** content_changed should invalidate adminLandingKeys.all and the public ['landing'] key. */
export const adminLandingKeys = { all: ['admin', 'landing'] as const }

export function useAdminLanding() {
  return useQuery({ queryKey: adminLandingKeys.all, queryFn: ({ signal }) => apiGet<AdminLanding>(API.adminContent.landing, { signal }), staleTime: Infinity })
}

export function useSaveLanding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: LandingPageContent) => apiSend<AdminLanding>('PUT', API.adminContent.landing, content),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminLandingKeys.all, saved)
      await queryClient.invalidateQueries({ queryKey: ['landing'] })
    },
  })
}
