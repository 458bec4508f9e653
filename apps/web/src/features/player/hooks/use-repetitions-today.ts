import { useCallback } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { repetitionsTodayKey, repetitionsTodayQueryOptions } from '../api/listener-api'

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
