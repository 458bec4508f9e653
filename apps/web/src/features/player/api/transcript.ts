/** An audio's transcript (docs/product/listening.md#transcript): the demo's for anyone, the others for listeners with access. */
import { queryOptions } from '@tanstack/react-query'
import { ENDPOINTS } from '@sintonia/contract'
import { api, ApiRequestError } from '../../../lib/api-client'
import { transcriptKeys } from './query-keys'

/** GET the transcript: `{ transcript: null }` when the audio has none; a refusal or no connection is an error. */
export function transcriptQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: transcriptKeys.of(audioId),
    queryFn: ({ signal }) => api(ENDPOINTS.catalogue.audioTranscript, { params: [audioId], signal }),
    enabled: audioId !== '',
    // The text changes only when an admin edits it, and then audios_changed refetches it.
    staleTime: 10 * 60_000,
    // Once more after a failure of the network or the server; a refusal (no access) stays a refusal.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status < 500),
  })
}
