/** The daily practice's calls (docs/product/practice.md): programmes, today's session, progress, preferences. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type PracticePreferences, type PracticePreferencesUpdate, type Today } from '@sintonia/contract'
import { toast } from 'sonner'
import { api, getErrorMessage } from '../../../lib/api-client'
import { useNavigate } from '../../../lib/navigation'
import { unlockPageAudio } from '../../../lib/page-audio'
import { practiceKeys } from '../keys'
import { TODAY_AUTOSTART_STATE } from '../lib/session'

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

/**
 * "Começar programa": enrols the listener with the programme as the featured one (today's session
 * plays the featured programme) and opens its practice, which starts playing — the tap was the
 * listener's, so the browser lets it play.
 */
export function useStartProgram() {
  const { enrol } = useProgramActions()
  const navigate = useNavigate()
  const start = (program: { id: string; title: string }) => {
    unlockPageAudio()
    enrol.mutate(
      { programId: program.id, featured: true },
      {
        onSuccess: () => void navigate('/hoje', { state: TODAY_AUTOSTART_STATE }),
        onError: (error) => toast.error('Não foi possível começar o programa', { description: getErrorMessage(error) }),
      },
    )
  }
  return { start, isPending: enrol.isPending }
}

/**
 * After a purchase's password is created: a listener who follows no programme yet starts the
 * first one offered (the admins' order), so the first screen is today's practice, ready to play
 * (docs/product/practice.md#enrolment). Resolves to where to go: '/hoje', or '/dashboard' when
 * there is no programme to start or the start failed — the purchase itself is done either way.
 */
export function useStartSuggestedProgram() {
  const queryClient = useQueryClient()
  return async (): Promise<'/hoje' | '/dashboard'> => {
    try {
      const { programs } = await queryClient.fetchQuery(programsQueryOptions())
      if (programs.some((p) => p.enrolment?.status === 'active')) return '/hoje'
      const suggestion = programs.find((p) => p.enrolment === null)
      if (!suggestion) return '/dashboard'
      await api(ENDPOINTS.practice.enrol, { params: [suggestion.id], body: { featured: true } })
      await queryClient.invalidateQueries({ queryKey: practiceKeys.all })
      return '/hoje'
    } catch {
      return '/dashboard'
    }
  }
}
