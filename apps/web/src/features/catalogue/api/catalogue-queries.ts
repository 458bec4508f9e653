import { queryOptions } from '@tanstack/react-query'
import { API, audioDetailSchema, fieldAudiosSchema, fieldDetailSchema, LISTENER_MSG } from '@sintonia/contract'
import { apiGet, ApiRequestError } from '../../../lib/api-client'
import { isUuid } from '../lib/tag-filter'
import { catalogueKeys } from './query-keys'


function parseOr<T>(parse: () => T, message: string): T {
  try {
    return parse()
  } catch {
    throw new ApiRequestError(500, message)
  }
}

/** GET /api/fields/:id → the field. A non-UUID id fails client-side with 'ID do campo inválido'. */
export function fieldQueryOptions(fieldId: string) {
  return queryOptions({
    queryKey: catalogueKeys.field(fieldId),
    queryFn: async ({ signal }) => {
      if (!isUuid(fieldId)) throw new ApiRequestError(400, LISTENER_MSG.fieldInvalidId)
      const body = await apiGet<unknown>(API.listener.field(fieldId), { signal })
      return parseOr(() => fieldDetailSchema.parse(body).field, LISTENER_MSG.fieldLoadError)
    },
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  })
}

/** GET /api/fields/:id/audios → the audios, ordered by title. */
export function fieldAudiosQueryOptions(fieldId: string) {
  return queryOptions({
    queryKey: catalogueKeys.fieldAudios(fieldId),
    queryFn: async ({ signal }) => {
      if (!isUuid(fieldId)) throw new ApiRequestError(400, LISTENER_MSG.fieldInvalidId)
      const body = await apiGet<unknown>(API.listener.fieldAudios(fieldId), { signal })
      return parseOr(() => fieldAudiosSchema.parse(body).audios, LISTENER_MSG.audiosLoadError)
    },
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  })
}

/** GET /api/audios/:id → { audio, fieldTitle }. */
export function audioQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: catalogueKeys.audio(audioId),
    queryFn: async ({ signal }) => {
      if (!isUuid(audioId)) throw new ApiRequestError(404, LISTENER_MSG.audioNotFound)
      const body = await apiGet<unknown>(API.listener.audio(audioId), { signal })
      return parseOr(() => audioDetailSchema.parse(body), LISTENER_MSG.audioNotFound)
    },
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
  })
}

export { catalogueKeys }
