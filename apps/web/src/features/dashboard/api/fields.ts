import { queryOptions } from '@tanstack/react-query'
import { API, type Field } from '@sintonia/contract'
import { apiGet } from '../../../lib/api-client'
import { dashboardKeys } from './query-keys'


/** GET /api/fields — every field with its audio count (subscribers). */
export const listenerFieldsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.fields,
    queryFn: async ({ signal }) => (await apiGet<{ fields: Field[] }>(API.listener.fields, { signal })).fields,
    staleTime: 60_000,
  })

export { dashboardKeys }
