import { ADMIN_CONTENT_MSG } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { replaceCover } from '../../lib/media/cover-images.js'
import type { CoverServiceDeps } from '../../lib/service-deps.js'
import type { ReceivedUpload } from '../../lib/uploads/receive-multipart.js'
import { swapAudioCover, swapFieldCover } from './covers-admin-repository.js'
import { fieldExists, findAudio } from './audios-admin-repository.js'

/**
 * A field's or an audio's cover (docs/product/covers.md): `upload` with the image sets it, null
 * removes it (the generated artwork shows again).
 */
export function setFieldCover(deps: CoverServiceDeps, fieldId: string, upload: ReceivedUpload | null): Promise<string | null> {
  return replaceCover(deps, upload, {
    exists: () => fieldExists(deps.db, fieldId),
    swap: (imageId) => swapFieldCover(deps.db, fieldId, imageId),
    notFound: () => new HttpError(404, ADMIN_CONTENT_MSG.fieldNotFound),
  })
}

export function setAudioCover(deps: CoverServiceDeps, audioId: string, upload: ReceivedUpload | null): Promise<string | null> {
  return replaceCover(deps, upload, {
    exists: async () => (await findAudio(deps.db, audioId)) !== undefined,
    swap: (imageId) => swapAudioCover(deps.db, audioId, imageId),
    notFound: () => new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound),
  })
}
