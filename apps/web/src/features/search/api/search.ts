import { queryOptions } from '@tanstack/react-query'
import { ENDPOINTS, SEARCH_MIN_CHARS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { searchKeys } from './query-keys'


/** At least 2 characters after trimming (docs/product/listening.md#search). */
export function isSearchable(q: string): boolean {
  return q.trim().length >= SEARCH_MIN_CHARS
}

/** GET /api/search?q= — the server already orders (exact title first, then alphabetical, max 20). */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.query(q),
    queryFn: async ({ signal }) => (await api(ENDPOINTS.catalogue.search, { query: { q }, signal })).results,
    enabled: isSearchable(q),
    staleTime: 60_000,
  })

export { searchKeys }
