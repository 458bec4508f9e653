import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type GeneralSettingsInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

export const settingsKeys = { general: ['admin', 'settings', 'general'] as const }

export function useGeneralSettings() {
  return useQuery({ queryKey: settingsKeys.general, queryFn: ({ signal }) => api(ENDPOINTS.content.admin.settings, { signal }) })
}

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: GeneralSettingsInput) => api(ENDPOINTS.content.admin.updateSettings, { body: input }),
    // The product name shows in every page's header and the guarantee on plan pages: refetch all.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
