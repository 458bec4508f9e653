import { queryOptions } from '@tanstack/react-query'
import { ENDPOINTS, LISTENER_MSG } from '@sintonia/contract'
import { api, ApiRequestError } from '../../../lib/api-client'
import { isUuid } from '../lib/tag-filter'
import { catalogueKeys } from './query-keys'


/*
 * Catalogue reads go out even when the browser says it is offline (networkMode 'always', not
 * paused): the service worker answers them with the copy kept for offline starts, and without a
 * copy the page shows its error instead of loading for ever
 * (docs/product/realtime-and-offline.md#what-is-kept-on-the-device).
 */

/** GET /api/fields/:id → the field. A non-UUID id fails client-side with 'ID do campo inválido'. */
export function fieldQueryOptions(fieldId: string) {
  return queryOptions({
    queryKey: catalogueKeys.field(fieldId),
    queryFn: async ({ signal }) => {
      if (!isUuid(fieldId)) throw new ApiRequestError(400, LISTENER_MSG.fieldInvalidId)
      return (await api(ENDPOINTS.catalogue.field, { params: [fieldId], signal })).field
    },
    staleTime: 60_000,
    networkMode: 'always',
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  })
}

/** GET /api/fields/:id/audios → the audios, ordered by title. */
export function fieldAudiosQueryOptions(fieldId: string) {
  return queryOptions({
    queryKey: catalogueKeys.fieldAudios(fieldId),
    queryFn: async ({ signal }) => {
      if (!isUuid(fieldId)) throw new ApiRequestError(400, LISTENER_MSG.fieldInvalidId)
      return (await api(ENDPOINTS.catalogue.fieldAudios, { params: [fieldId], signal })).audios
    },
    staleTime: 60_000,
    networkMode: 'always',
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  })
}

/** GET /api/audios/:id → { audio, fieldTitle }. */
export function audioQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: catalogueKeys.audio(audioId),
    queryFn: async ({ signal }) => {
      if (!isUuid(audioId)) throw new ApiRequestError(404, LISTENER_MSG.audioNotFound)
      return api(ENDPOINTS.catalogue.audio, { params: [audioId], signal })
    },
    staleTime: 60_000,
    networkMode: 'always',
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  })
}

export { catalogueKeys }
