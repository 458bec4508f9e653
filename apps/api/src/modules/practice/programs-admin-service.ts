/**
 * The programme editor (docs/product/practice.md#admin-editor): a programme is written whole —
 * title, description, "livre", its days in order with their audios and repetitions. A draft may be
 * incomplete; publishing needs every day to have an intention and at least one audio, and a
 * published programme is never saved incomplete. The routes announce 'programs_changed' after
 * each write.
 */
import { PRACTICE_MSG, type AdminProgram, type AdminProgramInput, type AdminProgramList } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { deleteCoverImage, replaceCover } from '../../lib/media/cover-images.js'
import type { CoverServiceDeps, MediaServiceDeps } from '../../lib/service-deps.js'
import type { ReceivedUpload } from '../../lib/uploads/receive-multipart.js'
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js'
import { existingAudioIds } from '../catalogue/service.js'
import { incompleteDays, loadModels, type ProgramModel } from './program-model.js'
import {
  countEnrolmentsByProgram,
  deleteProgramRow,
  swapProgramCover,
  findProgramRow,
  insertProgramRow,
  listAllProgramRows,
  lockAllProgramIds,
  lockProgramRow,
  nextProgramPosition,
  reconcileEnrolments,
  replaceDays,
  setProgramPositions,
  slugsLike,
  updateProgramRow,
} from './programs-admin-repository.js'

const SLUG_MAX = 80

/** The address of a programme (/programas/:slug): its title in lower case, without accents, words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  return slug || 'programa'
}

/** The slug, or slug-2, slug-3… when another programme has it. */
async function uniqueSlug(db: Database, title: string, exceptId: string | null): Promise<string> {
  const base = slugify(title)
  const taken = await slugsLike(db, base, exceptId)
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

function toAdminProgram(model: ProgramModel, enrolled: number): AdminProgram {
  const { row } = model
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    isOpen: row.isOpen,
    published: row.published,
    position: row.position,
    coverImage: row.coverImage,
    days: model.days.map((day) => ({
      day: day.day,
      intention: day.intention,
      minutes: day.minutes,
      items: day.items.map((item) => ({
        audioId: item.audioId,
        audioTitle: item.audio.title,
        fieldTitle: item.field.title,
        durationSeconds: item.audio.durationSeconds,
        repetitions: item.repetitions,
      })),
    })),
    enrolled,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listAdminPrograms(db: Database): Promise<AdminProgramList> {
  const rows = await listAllProgramRows(db)
  const [models, enrolled] = [await loadModels(db, rows), await countEnrolmentsByProgram(db)]
  return {
    programs: rows.map((row) => {
      const model = models.get(row.id)!
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        isOpen: row.isOpen,
        published: row.published,
        position: row.position,
        coverImage: row.coverImage,
        daysCount: model.days.length,
        minutesPerDay: model.minutesPerDay,
        complete: model.days.length > 0 && incompleteDays(model.days).length === 0,
        enrolled: enrolled.get(row.id) ?? 0,
      }
    }),
  }
}

export async function getAdminProgram(db: Database, id: string): Promise<AdminProgram> {
  const row = await findProgramRow(db, id)
  if (!row) throw new HttpError(404, PRACTICE_MSG.programNotFound)
  const model = (await loadModels(db, [row])).get(id)!
  return toAdminProgram(model, (await countEnrolmentsByProgram(db, [id])).get(id) ?? 0)
}

/** Every audio chosen is in the catalogue (400 otherwise). */
async function assertAudiosExist(db: Database, input: AdminProgramInput): Promise<void> {
  const ids = [...new Set(input.days.flatMap((day) => day.items.map((item) => item.audioId)))]
  const found = await existingAudioIds(db, ids)
  if (ids.some((id) => !found.has(id))) throw new HttpError(400, PRACTICE_MSG.admin.audioMissing)
}

function assertPublishable(days: readonly { intention: string; items: readonly unknown[] }[]): void {
  const incomplete = incompleteDays(days.map((day, index) => ({ ...day, day: index + 1 })))
  if (incomplete.length > 0) throw new HttpError(400, PRACTICE_MSG.admin.incompleteToPublish(incomplete))
}

/** An audio deleted between the check and the write, or two programmes given one slug at once, read as what they are. */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (isForeignKeyViolation(error, 'program_day_items_audio_id_audios_id_fk')) throw new HttpError(400, PRACTICE_MSG.admin.audioMissing)
      if (attempt < 3 && isUniqueViolation(error, 'programs_slug_key')) continue
      throw error
    }
  }
}

/** A new programme: a draft (unpublished) at the end of the list. */
export async function createProgram(db: Database, input: AdminProgramInput): Promise<AdminProgram> {
  await assertAudiosExist(db, input)
  const id = await writing(() =>
    db.transaction(async (tx) => {
      const row = await insertProgramRow(tx, {
        slug: await uniqueSlug(tx, input.title, null),
        title: input.title,
        description: input.description,
        isOpen: input.isOpen,
        position: await nextProgramPosition(tx),
      })
      await replaceDays(tx, row.id, input.days)
      return row.id
    }),
  )
  return getAdminProgram(db, id)
}

/**
 * Saves the whole programme. A published programme must stay complete, and keeps its address; a
 * draft's address follows its title. Enrolments follow the new days: completed days beyond the
 * last one are dropped, and each enrolment is completed exactly when all its days are done.
 */
export async function saveProgram(db: Database, id: string, input: AdminProgramInput, now: Date): Promise<AdminProgram> {
  await assertAudiosExist(db, input)
  await writing(() =>
    db.transaction(async (tx) => {
      const row = await lockProgramRow(tx, id)
      if (!row) throw new HttpError(404, PRACTICE_MSG.programNotFound)
      if (row.published) assertPublishable(input.days)
      const slug = !row.published && input.title !== row.title ? await uniqueSlug(tx, input.title, id) : row.slug
      await updateProgramRow(tx, id, { slug, title: input.title, description: input.description, isOpen: input.isOpen })
      await replaceDays(tx, id, input.days)
      await reconcileEnrolments(tx, id, input.days.length, now)
    }),
  )
  return getAdminProgram(db, id)
}

/** Publishing needs every day complete (400 naming the days); unpublishing always works. */
export async function publishProgram(db: Database, id: string, published: boolean): Promise<AdminProgram> {
  await db.transaction(async (tx) => {
    const row = await lockProgramRow(tx, id)
    if (!row) throw new HttpError(404, PRACTICE_MSG.programNotFound)
    if (published) {
      const model = (await loadModels(tx, [row])).get(id)!
      if (model.days.length === 0) throw new HttpError(400, PRACTICE_MSG.admin.daysRange)
      assertPublishable(model.days)
    }
    await updateProgramRow(tx, id, { published })
  })
  return getAdminProgram(db, id)
}

/** The programme and its enrolments go (its reminders keep their history without it). */
export async function deleteProgram(deps: MediaServiceDeps, id: string): Promise<void> {
  const deleted = await deleteProgramRow(deps.db, id)
  if (!deleted) throw new HttpError(404, PRACTICE_MSG.programNotFound)
  await deleteCoverImage(deps, deleted.coverImage)
}

/** The programme's cover (docs/product/covers.md): an image sets it, null removes it. */
export function setProgramCover(deps: CoverServiceDeps, id: string, upload: ReceivedUpload | null): Promise<string | null> {
  return replaceCover(deps, upload, {
    exists: async () => (await findProgramRow(deps.db, id)) !== undefined,
    swap: (imageId) => swapProgramCover(deps.db, id, imageId),
    notFound: () => new HttpError(404, PRACTICE_MSG.programNotFound),
  })
}

/** The listeners' order: the list must hold every programme exactly once. */
export async function orderPrograms(db: Database, ids: string[]): Promise<AdminProgramList> {
  await db.transaction(async (tx) => {
    const existing = await lockAllProgramIds(tx)
    const given = new Set(ids)
    if (given.size !== ids.length || given.size !== existing.length || existing.some((id) => !given.has(id))) {
      throw new HttpError(400, PRACTICE_MSG.admin.orderMismatch)
    }
    await setProgramPositions(tx, ids)
  })
  return listAdminPrograms(db)
}
