import { ADMIN_CONTENT_MSG, adminAudioMetaSchema, audioFormFieldsToMeta, PRACTICE_MSG, type AdminAudio, type adminAudioUpdateSchema } from '@sintonia/contract'
import type { z } from 'zod'
import { HttpError } from '../../lib/http/errors.js'
import { deleteCoverImage } from '../../lib/media/cover-images.js'
import { isForeignKeyViolation } from '../../lib/pg-errors.js'
import { acceptAudio, parseFormFields } from '../../lib/uploads/accept.js'
import type { ReceivedUpload } from '../../lib/uploads/receive-multipart.js'
import type { MediaServiceDeps } from '../../lib/service-deps.js'
import { deleteStoredQuietly, storeUpload } from '../../lib/uploads/store-upload.js'
import { canonicalColumnsOf, loudnessOf } from './canonical-media.js'
import { toAudioDto } from './service.js'
import {
  clearDemoExcept,
  deleteAudio,
  fieldExists,
  findAudio,
  insertAudio,
  listAudios,
  lockAudio,
  PROGRAM_ITEM_AUDIO_FK,
  saveTranscript,
  updateAudio,
  type AudioWithField,
} from './audios-admin-repository.js'

type AudioUpdate = z.output<typeof adminAudioUpdateSchema>

function toAdminAudio(row: AudioWithField): AdminAudio {
  return { ...toAudioDto(row), fieldTitle: row.fieldTitle, mimeType: row.mimeType, sizeBytes: row.sizeBytes, loudness: loudnessOf(row), hasTranscript: row.hasTranscript }
}

async function loadAdminAudio(deps: MediaServiceDeps, id: string): Promise<AdminAudio> {
  const row = await findAudio(deps.db, id)
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound)
  return toAdminAudio(row)
}

export async function listAdminAudios(deps: MediaServiceDeps, fieldId?: string): Promise<AdminAudio[]> {
  return (await listAudios(deps.db, fieldId)).map(toAdminAudio)
}

/**
 * Upload of a new audio: the multipart fields are checked, the file's type by its content, then it
 * is converted to the canonical stored form (ADR 026) and its duration read, then that file goes to storage under a generated key and the row is
 * written (with the demo switch) in one transaction. Any refusal leaves nothing behind: the
 * temporary file is always removed, the stored file too when the row could not be written.
 */
export async function createAudio(deps: MediaServiceDeps, upload: ReceivedUpload): Promise<AdminAudio> {
  const { db } = deps
  try {
    const meta = parseFormFields(adminAudioMetaSchema, audioFormFieldsToMeta(upload.fields))
    if (!(await fieldExists(db, meta.fieldId))) throw new HttpError(400, ADMIN_CONTENT_MSG.fieldNotFound)
    const file = upload.files.file!
    const accepted = await acceptAudio(file, deps.ffmpeg, 'voice')
    const stored = await storeUpload(deps.storage, accepted, 'audios', accepted.ext).finally(accepted.discard)
    let id: string
    try {
      id = await db.transaction(async (tx) => {
        if (!(await fieldExists(tx, meta.fieldId))) throw new HttpError(400, ADMIN_CONTENT_MSG.fieldNotFound)
        if (meta.isDemo) await clearDemoExcept(tx, null)
        const { transcript, ...columns } = meta
        const row = await insertAudio(tx, {
          ...columns,
          durationSeconds: accepted.durationSeconds,
          fileKey: stored.key,
          mimeType: accepted.mime,
          sizeBytes: stored.size,
          ...canonicalColumnsOf(accepted.loudness),
        })
        await saveTranscript(tx, row.id, transcript)
        return row.id
      })
    } catch (error) {
      await deleteStoredQuietly(deps.storage, [stored.key], deps.log)
      throw error
    }
    return loadAdminAudio(deps, id)
  } finally {
    await upload.discard()
  }
}

/**
 * Metadata edit; `isDemo: true` moves the demo flag to this audio in the same transaction. The
 * transcript, when sent, is written in that transaction too ('' removes it) and touches the audio's
 * updated_at, so an edit of the text alone is an edit of the audio.
 */
export async function editAudio(deps: MediaServiceDeps, id: string, patch: AudioUpdate): Promise<AdminAudio> {
  const { transcript, ...columns } = patch
  await deps.db.transaction(async (tx) => {
    if (!(await lockAudio(tx, id))) throw new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound)
    if (columns.fieldId !== undefined && !(await fieldExists(tx, columns.fieldId))) throw new HttpError(400, ADMIN_CONTENT_MSG.fieldNotFound)
    if (columns.isDemo === true) await clearDemoExcept(tx, id)
    await updateAudio(tx, id, columns)
    if (transcript !== undefined) await saveTranscript(tx, id, transcript)
  })
  return loadAdminAudio(deps, id)
}

/** A new file for an existing audio (new key, new duration); the old file is removed after commit. */
export async function replaceAudioFile(deps: MediaServiceDeps, upload: ReceivedUpload, id: string): Promise<AdminAudio> {
  const { db } = deps
  try {
    if (!(await findAudio(db, id))) throw new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound)
    const file = upload.files.file!
    const accepted = await acceptAudio(file, deps.ffmpeg, 'voice')
    const stored = await storeUpload(deps.storage, accepted, 'audios', accepted.ext).finally(accepted.discard)
    let oldKey: string
    try {
      oldKey = await db.transaction(async (tx) => {
        const current = await lockAudio(tx, id)
        if (!current) throw new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound)
        await updateAudio(tx, id, {
          fileKey: stored.key,
          mimeType: accepted.mime,
          sizeBytes: stored.size,
          durationSeconds: accepted.durationSeconds,
          ...canonicalColumnsOf(accepted.loudness),
        })
        return current.fileKey
      })
    } catch (error) {
      await deleteStoredQuietly(deps.storage, [stored.key], deps.log)
      throw error
    }
    await deleteStoredQuietly(deps.storage, [oldKey], deps.log)
    return loadAdminAudio(deps, id)
  } finally {
    await upload.discard()
  }
}

/**
 * Deletes the row (playlist entries and listening records cascade), then its file. An audio in a
 * programme's day is refused (409): the database restricts it, so the day cannot silently change
 * (docs/product/practice.md#admin-editor).
 */
export async function removeAudio(deps: MediaServiceDeps, id: string): Promise<void> {
  let row: Awaited<ReturnType<typeof deleteAudio>>
  try {
    row = await deleteAudio(deps.db, id)
  } catch (error) {
    if (isForeignKeyViolation(error, PROGRAM_ITEM_AUDIO_FK)) throw new HttpError(409, PRACTICE_MSG.admin.audioInProgram)
    throw error
  }
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.audioNotFound)
  await deleteStoredQuietly(deps.storage, [row.fileKey], deps.log)
  await deleteCoverImage(deps, row.coverImage)
}
