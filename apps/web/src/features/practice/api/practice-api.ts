/** The daily practice's calls (docs/product/practice.md): programmes, today's session, progress, preferences. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type PracticePreferences, type PracticePreferencesUpdate, type Today } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { practiceKeys } from '../keys'

export function programsQueryOptions() {
  return queryOptions({
    queryKey: practiceKeys.programs,
    queryFn: ({ signal }) => api(ENDPOINTS.practice.programs, { signal }),
  })
}

export function programQueryOptions(slug: string) {
  return queryOptions({
    queryKey: practiceKeys.program(slug),
    queryFn: ({ signal }) => api(ENDPOINTS.practice.program, { params: [slug], signal }),
    enabled: slug !== '',
  })
}

/**
 * GET today. Its last answer stays in memory for the visit, and the offline keeper keeps it for a
 * start without network (features/offline/sw-shared.ts), so the dashboard still shows the day.
 */
export function todayQueryOptions() {
  return queryOptions({
    queryKey: practiceKeys.today,
    queryFn: ({ signal }): Promise<Today> => api(ENDPOINTS.practice.today, { signal }),
    // Offline the previous answer stays on screen instead of an error.
    networkMode: 'offlineFirst',
  })
}

export function progressQueryOptions() {
  return queryOptions({
    queryKey: practiceKeys.progress,
    queryFn: ({ signal }) => api(ENDPOINTS.practice.progress, { signal }),
  })
}

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: practiceKeys.preferences,
    queryFn: ({ signal }) => api(ENDPOINTS.practice.preferences, { signal }),
  })
}

/**
 * Enrol, leave, restart, feature: each changes what today, the programmes and progress say, so
 * every practice answer is read again afterwards.
 */
export function useProgramActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: practiceKeys.all })
  const enrol = useMutation({
    mutationFn: ({ programId, featured }: { programId: string; featured?: boolean }) =>
      api(ENDPOINTS.practice.enrol, { params: [programId], body: featured === undefined ? {} : { featured } }),
    onSettled: refresh,
  })
  const leave = useMutation({
    mutationFn: (programId: string) => api(ENDPOINTS.practice.leave, { params: [programId] }),
    onSettled: refresh,
  })
  const restart = useMutation({
    mutationFn: (programId: string) => api(ENDPOINTS.practice.restart, { params: [programId] }),
    onSettled: refresh,
  })
  const feature = useMutation({
    mutationFn: (programId: string) => api(ENDPOINTS.practice.feature, { params: [programId] }),
    onSettled: refresh,
  })
  return { enrol, leave, restart, feature }
}

/** PUT preferences; the answer replaces the kept preferences, and today/progress are read again (a new zone moves "today"). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: PracticePreferencesUpdate): Promise<PracticePreferences> => api(ENDPOINTS.practice.updatePreferences, { body: update }),
    onSuccess: async (preferences) => {
      queryClient.setQueryData(practiceKeys.preferences, preferences)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: practiceKeys.today }),
        queryClient.invalidateQueries({ queryKey: practiceKeys.progress }),
      ])
    },
  })
}
