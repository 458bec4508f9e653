import { queryOptions } from '@tanstack/react-query'
import { ENDPOINTS } from '@sintonia/contract'
import { api } from './api-client'

/**
 * The admin's field list, shared by the fields page and the audio pages' field pickers. Admin
 * queries share the ['admin', …] prefix; fields_changed should invalidate this key.
 */
export const adminFieldsQueryOptions = queryOptions({
  queryKey: ['admin', 'fields'] as const,
  queryFn: async ({ signal }) => (await api(ENDPOINTS.catalogue.admin.fields, { signal })).fields,
})
