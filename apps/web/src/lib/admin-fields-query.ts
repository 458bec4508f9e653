import { queryOptions } from '@tanstack/react-query'
import { API, type FieldList } from '@sintonia/contract'
import { apiGet } from './api-client'

/**
 * The admin's field list, shared by the fields page and the audio pages' field pickers. Admin
 * queries share the ['admin', …] prefix; fields_changed should invalidate this key.
 */
export const adminFieldsQueryOptions = queryOptions({
  queryKey: ['admin', 'fields'] as const,
  queryFn: async ({ signal }) => (await apiGet<FieldList>(API.adminContent.fields, { signal })).fields,
})
