/** The Diário's calls (docs/product/practice.md#check-ins-and-the-diario): entries, the week, create, edit, delete, the CSV. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { API, CHECK_IN_LIMITS, ENDPOINTS, type CheckIn, type CheckInCreate, type CheckInUpdate } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { journalKeys } from '../keys'

/** The Diário's pages, newest first. */
export function entriesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: journalKeys.entries,
    queryFn: ({ pageParam, signal }) =>
      api(ENDPOINTS.practice.checkIns, { query: { limit: String(CHECK_IN_LIMITS.pageDefault), ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  })
}

/** The 7 days ending `end` (the listener's today when null). */
export function weekQueryOptions(end: string | null = null) {
  return queryOptions({
    queryKey: journalKeys.week(end),
    queryFn: ({ signal }) => api(ENDPOINTS.practice.checkInWeek, { query: end ? { end } : {}, signal }),
  })
}

/** The CSV of one's practice: a plain link (the browser saves the attachment). */
export const PRACTICE_CSV_URL = API.practice.checkInsCsv

/** Create, edit, delete: the Diário and the chart are read again afterwards. */
export function useCheckInActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: journalKeys.all })
  const create = useMutation({
    mutationFn: (body: CheckInCreate): Promise<CheckIn> => api(ENDPOINTS.practice.createCheckIn, { body }),
    onSettled: refresh,
  })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CheckInUpdate }): Promise<CheckIn> => api(ENDPOINTS.practice.updateCheckIn, { params: [id], body }),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => api(ENDPOINTS.practice.deleteCheckIn, { params: [id] }),
    onSettled: refresh,
  })
  return { create, update, remove }
}
