import { ADMIN_CONTENT_MSG } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { replaceCover } from '../../lib/media/cover-images.js'
import type { CoverServiceDeps } from '../../lib/service-deps.js'
import type { ReceivedUpload } from '../../lib/uploads/receive-multipart.js'
import { swapAudioCover, swapFieldCover } from './covers-admin-repository.js'
import { fieldExists, findAudio } from './audios-admin-repository.js'

/**
 * A field's or an audio's cover (docs/product/covers.md): `upload` with the image sets it, null
 * removes it (the generated artwork shows again). The item is looked up before the image is
 * converted, and again when it is pointed at the new image.
 */
export async function setFieldCover(deps: CoverServiceDeps, fieldId: string, upload: ReceivedUpload | null): Promise<string | null> {
  const notFound = () => new HttpError(404, ADMIN_CONTENT_MSG.fieldNotFound)
  try {
    if (!(await fieldExists(deps.db, fieldId))) throw notFound()
    return await replaceCover(deps, upload?.files.file ?? null, (imageId) => swapFieldCover(deps.db, fieldId, imageId), notFound)
  } finally {
    await upload?.discard()
  }
}

export async function setAudioCover(deps: CoverServiceDeps, audioId: string, upload: ReceivedUpload | null): Promise<string | null> {
  const notFound = () => new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound)
  try {
    if (!(await findAudio(deps.db, audioId))) throw notFound()
    return await replaceCover(deps, upload?.files.file ?? null, (imageId) => swapAudioCover(deps.db, audioId, imageId), notFound)
  } finally {
    await upload?.discard()
  }
}
