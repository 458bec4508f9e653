import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_SETTINGS_API, type GeneralSettings } from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

export const settingsKeys = { general: ['admin', 'settings', 'general'] as const }

export function useGeneralSettings() {
  return useQuery({ queryKey: settingsKeys.general, queryFn: ({ signal }) => apiGet<GeneralSettings>(ADMIN_SETTINGS_API.general, { signal }) })
}

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: GeneralSettings) => apiSend<GeneralSettings>('PUT', ADMIN_SETTINGS_API.general, input),
    // The product name shows in every page's header and the guarantee on plan pages: refetch all.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
