import { useCallback } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { API, listeningTodaySchema } from '@sintonia/contract'
import { apiGet } from '../../../lib/api-client'

export function listenerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo'
  } catch {
    return 'America/Sao_Paulo'
  }
}

export const repetitionsTodayKey = (audioId: string) => ['listening', 'today', audioId] as const

export function repetitionsTodayQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: repetitionsTodayKey(audioId),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ audioId, tz: listenerTimeZone() })
      const body = await apiGet<unknown>(`${API.listener.listeningToday}?${params.toString()}`, { signal })
      return listeningTodaySchema.parse(body)
    },
    // The server count plus local increments is the truth until the next visit.
    staleTime: 5 * 60_000,
    retry: 1,
  })
}

/** 'Repetições Hoje': the server's count for today, plus one per repetition completed here. */
export function useRepetitionsToday(audioId: string) {
  const queryClient = useQueryClient()
  const query = useQuery(repetitionsTodayQueryOptions(audioId))
  const increment = useCallback(
    (forAudioId: string = audioId) => {
      queryClient.setQueryData(repetitionsTodayKey(forAudioId), (old: { audioId: string; repetitionsToday: number } | undefined) => ({
        audioId: forAudioId,
        repetitionsToday: (old?.repetitionsToday ?? 0) + 1,
      }))
    },
    [audioId, queryClient],
  )
  return { count: query.data?.repetitionsToday ?? 0, isLoading: query.isPending && !query.isError, increment }
}
