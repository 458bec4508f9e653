import type { z } from 'zod'
import { ADMIN_CONTENT_MSG, type AdminFieldOrder, type Field, type adminFieldInputSchema, type adminFieldUpdateSchema } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { deleteCoverImage } from '../../lib/media/cover-images.js'
import type { MediaServiceDeps } from '../../lib/service-deps.js'
import { findFieldWithAudioCount } from './repository.js'
import { listPublicFields } from './service.js'
import { countAudiosOfField, deleteField, insertField, lockAllFieldIds, nextDisplayOrder, setDisplayOrder, updateField } from './fields-admin-repository.js'

type FieldInput = z.output<typeof adminFieldInputSchema>
type FieldUpdate = z.output<typeof adminFieldUpdateSchema>

export const listFields = listPublicFields

async function fieldDto(db: Database, id: string): Promise<Field> {
  const row = await findFieldWithAudioCount(db, id)
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.fieldNotFound)
  return { ...row, audioCount: Number(row.audioCount) }
}

/** A new field goes to the end of the display order. */
export async function createField(db: Database, input: FieldInput): Promise<Field> {
  const row = await db.transaction(async (tx) => insertField(tx, { ...input, displayOrder: await nextDisplayOrder(tx) }))
  return { ...row, audioCount: 0 }
}

export async function editField(db: Database, id: string, patch: FieldUpdate): Promise<Field> {
  const row = await updateField(db, id, patch)
  if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.fieldNotFound)
  return fieldDto(db, id)
}

/**
 * DECISION: a field with audios is not deleted (409 with how many): deleting it would silently
 * remove listeners' audios, playlists entries and listening history. The admin moves or deletes
 * the audios first; the database refuses it too (audios.field_id ON DELETE RESTRICT).
 */
export async function removeField(deps: MediaServiceDeps, id: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const audioCount = await countAudiosOfField(tx, id)
    if (audioCount > 0) throw new HttpError(409, ADMIN_CONTENT_MSG.fieldHasAudios(audioCount))
    const row = await deleteField(tx, id)
    if (!row) throw new HttpError(404, ADMIN_CONTENT_MSG.fieldNotFound)
    return row
  })
  await deleteCoverImage(deps, deleted.coverImage)
}

/** The new display order: the list must hold every field exactly once. */
export async function reorderFields(db: Database, { fieldIds }: AdminFieldOrder): Promise<Field[]> {
  await db.transaction(async (tx) => {
    const existing = await lockAllFieldIds(tx)
    const given = new Set(fieldIds)
    if (given.size !== fieldIds.length || given.size !== existing.length || existing.some((id) => !given.has(id))) {
      throw new HttpError(400, ADMIN_CONTENT_MSG.fieldOrderMismatch)
    }
    await setDisplayOrder(tx, fieldIds)
  })
  return listFields(db)
}
