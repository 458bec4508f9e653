import { queryOptions } from '@tanstack/react-query'
import { ENDPOINTS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'
import { dashboardKeys } from './query-keys'


/** GET /api/fields — every field with its audio count (subscribers). */
export const listenerFieldsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.fields,
    queryFn: async ({ signal }) => (await api(ENDPOINTS.catalogue.fields, { signal })).fields,
    staleTime: 60_000,
    // Offline the read still goes out (not paused): the service worker answers it with the kept
    // copy (docs/product/realtime-and-offline.md#what-is-kept-on-the-device).
    networkMode: 'always',
  })

export { dashboardKeys }
