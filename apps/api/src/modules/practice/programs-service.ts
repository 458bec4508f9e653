/**
 * Programmes for the listener (docs/product/practice.md#programmes, #enrolment): the published
 * list, one programme with its whole path, and enrolling, leaving, restarting and featuring.
 * Every read settles the listener's practice first (practice-state.ts).
 */
import { PRACTICE_MSG, type ProgramDetail, type ProgramList, type ProgramSummary } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { isUniqueViolation } from '../../lib/pg-errors.js'
import { localDateIn } from '../../lib/local-time.js'
import { loadPractice, type PracticeState } from './practice-state.js'
import { dayDto, nextUnlockAt, statesOf, summaryDto } from './practice-views.js'
import { getPreferences } from './preferences-service.js'
import { loadModels, type ProgramModel } from './program-model.js'
import {
  deleteEnrolment,
  findEnrolment,
  findNextFeatured,
  findPublishedProgramById,
  findPublishedProgramBySlug,
  hasFeaturedActiveEnrolment,
  insertEnrolment,
  listPublishedProgramRows,
  lockListenerPractice,
  moveFeatured,
  restartEnrolment,
  type AudioRow as ProgramAudio,
  type ProgramRow,
} from './programs-repository.js'

export { todayForReminder } from './today-service.js'

/** GET /api/programs: published programmes with days, by position then title, with the listener's enrolment. */
export async function listPrograms(db: Database, userId: string, now: Date): Promise<ProgramList> {
  const models = await loadModels(db, await listPublishedProgramRows(db))
  const practice = await loadPractice(db, userId, now, { programs: models })
  const enrolled = new Map(practice.enrolments.map((state) => [state.program.row.id, state]))
  const programs = [...models.values()].filter((model) => model.days.length > 0).map((model) => summaryDto(model, enrolled.get(model.row.id), practice.today, practice.timeZone))
  return { programs }
}

async function publishedModel(db: Database, row: ProgramRow | undefined): Promise<ProgramModel> {
  if (!row) throw new HttpError(404, PRACTICE_MSG.programNotFound)
  const model = (await loadModels(db, [row])).get(row.id)
  if (!model || model.days.length === 0) throw new HttpError(404, PRACTICE_MSG.programNotFound)
  return model
}

function detailOf(practice: PracticeState, model: ProgramModel): ProgramDetail {
  const state = practice.enrolments.find((candidate) => candidate.program.row.id === model.row.id)
  const states = state ? statesOf(practice, state) : null
  return {
    program: summaryDto(model, state, practice.today, practice.timeZone),
    days: model.days.map((day) => dayDto(practice, model, state, day, states)),
    nextUnlockAt: states ? nextUnlockAt(practice, states) : null,
  }
}

/** GET /api/programs/:slug — 404 when unknown or unpublished. */
export async function getProgram(db: Database, userId: string, slug: string, now: Date): Promise<ProgramDetail> {
  const model = await publishedModel(db, await findPublishedProgramBySlug(db, slug))
  const practice = await loadPractice(db, userId, now, { programs: new Map([[model.row.id, model]]) })
  return detailOf(practice, model)
}

/** The programme's summary after a change of the listener's enrolment (settled, like every read). */
async function answerFor(db: Database, userId: string, model: ProgramModel, now: Date): Promise<{ program: ProgramSummary }> {
  const practice = await loadPractice(db, userId, now, { programs: new Map([[model.row.id, model]]) })
  return { program: summaryDto(model, practice.enrolments.find((state) => state.program.row.id === model.row.id), practice.today, practice.timeZone) }
}

/**
 * "Começar programa": enrolled from the listener's local date. The first programme followed (no
 * active one featured) becomes featured, as does one enrolled with `featured: true`. Twice: 409.
 */
export async function enrol(db: Database, userId: string, programId: string, options: { featured?: boolean | undefined }, now: Date) {
  const model = await publishedModel(db, await findPublishedProgramById(db, programId))
  const preferences = await getPreferences(db, userId)
  try {
    await db.transaction(async (tx) => {
      await lockListenerPractice(tx, userId)
      if (await findEnrolment(tx, userId, programId)) throw new HttpError(409, PRACTICE_MSG.alreadyEnrolled)
      const featured = options.featured === true || !(await hasFeaturedActiveEnrolment(tx, userId))
      const row = await insertEnrolment(tx, { userId, programId, enrolledOn: localDateIn(preferences.timeZone, now), featured: false })
      if (featured) await moveFeatured(tx, userId, row.id)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'program_enrolments_user_program_key')) throw new HttpError(409, PRACTICE_MSG.alreadyEnrolled)
    throw error
  }
  return answerFor(db, userId, model, now)
}

/** The listener's enrolment in a published programme, locked for the transaction; 404s otherwise. */
async function lockedEnrolment(tx: Database, userId: string, programId: string) {
  await lockListenerPractice(tx, userId)
  const enrolment = await findEnrolment(tx, userId, programId)
  if (!enrolment) throw new HttpError(404, PRACTICE_MSG.notEnrolled)
  return enrolment
}

/** DELETE …/enrolment: the enrolment and its days go; a featured mark moves to the most recent remaining programme. */
export async function leave(db: Database, userId: string, programId: string): Promise<void> {
  await publishedModel(db, await findPublishedProgramById(db, programId))
  await getPreferences(db, userId)
  await db.transaction(async (tx) => {
    const enrolment = await lockedEnrolment(tx, userId, programId)
    await deleteEnrolment(tx, enrolment.id)
    if (enrolment.featured) {
      const next = await findNextFeatured(tx, userId)
      if (next) await moveFeatured(tx, userId, next)
    }
  })
}

/** POST …/restart: the days done are removed; active again from today. */
export async function restart(db: Database, userId: string, programId: string, now: Date) {
  const model = await publishedModel(db, await findPublishedProgramById(db, programId))
  const preferences = await getPreferences(db, userId)
  await db.transaction(async (tx) => {
    const enrolment = await lockedEnrolment(tx, userId, programId)
    await restartEnrolment(tx, enrolment.id, localDateIn(preferences.timeZone, now))
  })
  return answerFor(db, userId, model, now)
}

/** POST …/featured: this programme leads "today". */
export async function feature(db: Database, userId: string, programId: string, now: Date) {
  const model = await publishedModel(db, await findPublishedProgramById(db, programId))
  await getPreferences(db, userId)
  await db.transaction(async (tx) => {
    const enrolment = await lockedEnrolment(tx, userId, programId)
    await moveFeatured(tx, userId, enrolment.id)
  })
  return answerFor(db, userId, model, now)
}

/**
 * Every day of the published programmes with its audios in order and their counts: the days the
 * sessions domain renders ahead (docs/product/sessions.md#rendered-ahead).
 */
export async function publishedProgrammeDays(db: Database): Promise<Array<{ programId: string; day: number; items: Array<{ audio: ProgramAudio; repetitions: number }> }>> {
  const models = await loadModels(db, await listPublishedProgramRows(db))
  return [...models.values()].flatMap((model) =>
    model.days.filter((day) => day.items.length > 0).map((day) => ({ programId: model.row.id, day: day.day, items: day.items.map((item) => ({ audio: item.audio, repetitions: item.repetitions })) })),
  )
}
