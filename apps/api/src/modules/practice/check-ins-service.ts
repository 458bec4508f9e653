/**
 * The check-in after a practice and the Diário (docs/product/practice.md#check-ins-and-the-diario):
 * create after an audio or a programme's day, edit and delete one's own, the Diário's pages, the
 * week's minutes and moods, the CSV of one's practice and the LGPD export. Every read and write is
 * filtered by the listener: another listener's id is "not found", never a hint that it exists.
 */
import { CHECK_IN_CSV_HEADER, CHECK_IN_CURSOR, CHECK_IN_LIMITS, CHECK_IN_MSG, PRACTICE_MSG, type CheckIn, type CheckInList, type CheckInWeek } from '@sintonia/contract'
import type { z } from 'zod'
import type { checkInCreateSchema, checkInUpdateSchema } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { findAudiosByIds } from '../catalogue/service.js'
import { toCsv } from '../../lib/csv.js'
import {
  deleteCheckInOf,
  findCheckInOf,
  insertCheckIn,
  listAllCheckInsOf,
  listCheckInsBetween,
  listCheckInsOf,
  sumSecondsByDate,
  updateCheckInOf,
  type CheckInRow,
} from './check-ins-repository.js'
import { addDays, localDateIn, startOfLocalDate } from '../../lib/local-time.js'
import { getPreferences } from './preferences-service.js'
import { loadModels } from './program-model.js'
import { findEnrolment, findPublishedProgramById } from './programs-repository.js'

type CreateInput = z.output<typeof checkInCreateSchema>
type UpdateInput = z.output<typeof checkInUpdateSchema>

export function toCheckInDto(row: CheckInRow): CheckIn {
  return {
    id: row.id,
    date: row.localDate,
    createdAt: row.createdAt.toISOString(),
    title: row.title,
    audioId: row.audioId,
    programId: row.programId,
    day: row.day,
    minutes: row.minutes,
    moodBefore: row.moodBefore,
    moodAfter: row.moodAfter,
    note: row.note,
  }
}

/** What was practised: a programme's day the listener follows, or a catalogue audio; its title and minutes. */
async function practiceOf(db: Database, userId: string, input: CreateInput) {
  if (input.programId !== undefined && input.day !== undefined) {
    const row = await findPublishedProgramById(db, input.programId)
    if (!row) throw new HttpError(404, PRACTICE_MSG.programNotFound)
    if (!(await findEnrolment(db, userId, row.id))) throw new HttpError(404, PRACTICE_MSG.notEnrolled)
    const model = (await loadModels(db, [row])).get(row.id)
    const day = model?.days.find((candidate) => candidate.day === input.day)
    if (!model || !day) throw new HttpError(400, CHECK_IN_MSG.dayNotInProgram)
    return {
      audioId: input.audioId ?? day.items[0]?.audioId ?? null,
      programId: row.id,
      day: day.day,
      title: `Dia ${day.day} de ${model.days.length} · ${row.title}`,
      minutes: day.minutes,
    }
  }
  const [audio] = input.audioId ? await findAudiosByIds(db, [input.audioId]) : []
  if (!audio) throw new HttpError(404, CHECK_IN_MSG.audioNotFound)
  return {
    audioId: audio.id,
    programId: null,
    day: null,
    title: audio.title,
    minutes: Math.round((audio.durationSeconds * (input.repetitions ?? 1)) / 60),
  }
}

/** POST: a check-in after a practice, dated on the listener's local date. */
export async function createCheckIn(db: Database, userId: string, input: CreateInput, now: Date): Promise<CheckIn> {
  const practice = await practiceOf(db, userId, input)
  const { timeZone } = await getPreferences(db, userId)
  const row = await insertCheckIn(db, {
    userId,
    ...practice,
    moodBefore: input.moodBefore ?? null,
    moodAfter: input.moodAfter ?? null,
    note: input.note ?? '',
    localDate: localDateIn(timeZone, now),
    timeZone,
  })
  return toCheckInDto(row)
}

/** PATCH one's own check-in: what was sent changes; a check-in left with no mood and no note is refused. */
export async function updateCheckIn(db: Database, userId: string, id: string, input: UpdateInput): Promise<CheckIn> {
  const current = await findCheckInOf(db, userId, id)
  if (!current) throw new HttpError(404, CHECK_IN_MSG.notFound)
  const next = {
    moodBefore: input.moodBefore === undefined ? current.moodBefore : input.moodBefore,
    moodAfter: input.moodAfter === undefined ? current.moodAfter : input.moodAfter,
    note: input.note ?? current.note,
  }
  if (next.moodBefore === null && next.moodAfter === null && next.note === '') throw new HttpError(400, CHECK_IN_MSG.empty)
  const row = await updateCheckInOf(db, userId, id, next)
  if (!row) throw new HttpError(404, CHECK_IN_MSG.notFound)
  return toCheckInDto(row)
}

export async function deleteCheckIn(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteCheckInOf(db, userId, id))) throw new HttpError(404, CHECK_IN_MSG.notFound)
}

/** The Diário: newest first, a page at a time (the cursor is exact: two entries of the same instant are both listed). */
export async function listCheckIns(db: Database, userId: string, query: { before?: string | undefined; limit?: number | undefined }): Promise<CheckInList> {
  const limit = query.limit ?? CHECK_IN_LIMITS.pageDefault
  const cursor = query.before ? CHECK_IN_CURSOR.exec(query.before) : null
  const before = cursor ? { at: cursor[1]!, id: cursor[2]! } : null
  const rows = await listCheckInsOf(db, userId, { before, limit: limit + 1 })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { entries: page.map(toCheckInDto), nextBefore: rows.length > limit && last ? last.cursor : null }
}

/** Average of the moods given, one decimal; null without any. */
export function averageMood(moods: readonly (number | null)[]): number | null {
  const given = moods.filter((mood): mood is number => mood !== null)
  return given.length === 0 ? null : Math.round((given.reduce((sum, mood) => sum + mood, 0) / given.length) * 10) / 10
}

/** The week ending `end` (the listener's today by default): seconds heard and the average moods of each date. */
export async function checkInWeek(db: Database, userId: string, query: { end?: string | undefined }, now: Date): Promise<CheckInWeek> {
  const { timeZone } = await getPreferences(db, userId)
  const today = localDateIn(timeZone, now)
  const to = query.end ?? today
  if (addDays(to, 0) !== to) throw new HttpError(400, CHECK_IN_MSG.invalidDate)
  const from = addDays(to, -(CHECK_IN_LIMITS.weekDays - 1))
  const [seconds, checkIns] = await Promise.all([
    sumSecondsByDate(db, userId, timeZone, startOfLocalDate(timeZone, from), startOfLocalDate(timeZone, addDays(to, 1))),
    listCheckInsBetween(db, userId, from, to),
  ])
  const secondsOf = new Map(seconds.map((row) => [row.date, row.seconds]))
  const days = Array.from({ length: CHECK_IN_LIMITS.weekDays }, (_, index) => {
    const date = addDays(from, index)
    const ofDate = checkIns.filter((row) => row.localDate === date)
    return {
      date,
      seconds: secondsOf.get(date) ?? 0,
      moodBefore: averageMood(ofDate.map((row) => row.moodBefore)),
      moodAfter: averageMood(ofDate.map((row) => row.moodAfter)),
      checkIns: ofDate.length,
    }
  })
  return { from, to, today, days }
}

/** `2026-03-09` → `09/03/2026`, as a Brazilian spreadsheet reads a date. */
function brazilianDate(date: string): string {
  const [year, month, day] = date.split('-')
  return `${day}/${month}/${year}`
}

/** The CSV of one's practice: one row per check-in, oldest first (ADR 032). */
export async function checkInsCsv(db: Database, userId: string): Promise<string> {
  const rows = await listAllCheckInsOf(db, userId)
  return toCsv(
    [...CHECK_IN_CSV_HEADER],
    rows.map((row) => [
      brazilianDate(row.localDate),
      String(row.minutes),
      row.title,
      row.moodBefore === null ? '' : String(row.moodBefore),
      row.moodAfter === null ? '' : String(row.moodAfter),
      row.note,
    ]),
  )
}

/** LGPD: every check-in of the listener, oldest first, as the API answers them. */
export async function exportCheckInsOf(db: Database, userId: string): Promise<CheckIn[]> {
  return (await listAllCheckInsOf(db, userId)).map(toCheckInDto)
}
