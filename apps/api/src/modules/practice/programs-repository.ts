/**
 * SQL of the listener side of the daily practice: programmes as published, a listener's
 * enrolments with their completed days, and the repetition counts the day rule reads.
 */
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import {
  audios,
  fields,
  listeningEvents,
  practicePreferences,
  programDayCompletions,
  programDayItems,
  programDays,
  programEnrolments,
  programs,
} from '../../db/schema/index.js'
import type { Completion } from './day-rule.js'

export type ProgramRow = typeof programs.$inferSelect
export type EnrolmentRow = typeof programEnrolments.$inferSelect
export type AudioRow = typeof audios.$inferSelect

export interface FieldRef {
  id: string
  title: string
  iconName: string
  displayOrder: number
}

export interface DayItemRow {
  programId: string
  day: number
  intention: string
  /** Null for a day without audios (a draft). */
  item: { position: number; repetitions: number; audio: AudioRow; field: FieldRef } | null
}

export async function listPublishedProgramRows(db: Database): Promise<ProgramRow[]> {
  return db.select().from(programs).where(eq(programs.published, true)).orderBy(asc(programs.position), asc(programs.title), asc(programs.id))
}

export async function listProgramRowsByIds(db: Database, ids: string[]): Promise<ProgramRow[]> {
  if (ids.length === 0) return []
  return db.select().from(programs).where(inArray(programs.id, ids))
}

export async function findPublishedProgramBySlug(db: Database, slug: string): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.slug, slug), eq(programs.published, true)))
  return row
}

export async function findPublishedProgramById(db: Database, id: string): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(programs)
    .where(and(eq(programs.id, id), eq(programs.published, true)))
  return row
}

/** The days of these programmes with their audios (and each audio's field), in day and item order. */
export async function listDayItemRows(db: Database, programIds: string[]): Promise<DayItemRow[]> {
  if (programIds.length === 0) return []
  const rows = await db
    .select({
      programId: programDays.programId,
      day: programDays.day,
      intention: programDays.intention,
      position: programDayItems.position,
      repetitions: programDayItems.repetitions,
      audio: audios,
      fieldId: fields.id,
      fieldTitle: fields.title,
      fieldIcon: fields.iconName,
      fieldOrder: fields.displayOrder,
    })
    .from(programDays)
    .leftJoin(programDayItems, and(eq(programDayItems.programId, programDays.programId), eq(programDayItems.day, programDays.day)))
    .leftJoin(audios, eq(audios.id, programDayItems.audioId))
    .leftJoin(fields, eq(fields.id, audios.fieldId))
    .where(inArray(programDays.programId, programIds))
    .orderBy(asc(programDays.programId), asc(programDays.day), asc(programDayItems.position))
  return rows.map((row) => ({
    programId: row.programId,
    day: row.day,
    intention: row.intention,
    item:
      row.audio && row.position !== null && row.repetitions !== null
        ? {
            position: row.position,
            repetitions: row.repetitions,
            audio: row.audio,
            field: { id: row.fieldId!, title: row.fieldTitle!, iconName: row.fieldIcon!, displayOrder: row.fieldOrder! },
          }
        : null,
  }))
}

export interface EnrolmentWithDays extends EnrolmentRow {
  /** Days done, in day order. */
  completed: Completion[]
}

/** The listener's enrolments in published programmes, each with its completed days (one query). */
export async function listEnrolmentsOfUser(db: Database, userId: string): Promise<EnrolmentWithDays[]> {
  const rows = await db
    .select({
      enrolment: programEnrolments,
      completed: sql<Completion[]>`(
        select coalesce(json_agg(json_build_object('day', c.day, 'completedOn', to_char(c.completed_on, 'YYYY-MM-DD'), 'timeZone', c.time_zone) order by c.day), '[]'::json)
        from ${programDayCompletions} c where c.enrolment_id = ${programEnrolments.id}
      )`,
    })
    .from(programEnrolments)
    .innerJoin(programs, eq(programs.id, programEnrolments.programId))
    .where(and(eq(programEnrolments.userId, userId), eq(programs.published, true)))
    .orderBy(desc(programEnrolments.enrolledAt), desc(programEnrolments.id))
  return rows.map((row) => ({ ...row.enrolment, completed: typeof row.completed === 'string' ? (JSON.parse(row.completed) as Completion[]) : row.completed }))
}

export interface RepetitionCount {
  audioId: string
  date: string
  n: number
}

/**
 * Repetitions of these audios by the listener since `from`, per audio and local date in
 * `timeZone` (the (user_id, audio_id, occurred_at) index serves it).
 */
export async function countRepetitionsByDate(db: Database, userId: string, timeZone: string, audioIds: string[], from: Date): Promise<RepetitionCount[]> {
  if (audioIds.length === 0) return []
  const localDate = sql<string>`to_char(${listeningEvents.occurredAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
  const rows = await db
    .select({ audioId: listeningEvents.audioId, date: localDate, n: sql<number>`count(*)::int` })
    .from(listeningEvents)
    .where(
      and(
        eq(listeningEvents.userId, userId),
        inArray(listeningEvents.audioId, audioIds),
        gte(listeningEvents.occurredAt, from),
        eq(listeningEvents.kind, 'repetition'),
      ),
    )
    // By position: the zone is a parameter, and two parameters never read as the same expression.
    .groupBy(sql`1`, sql`2`)
  return rows.map((row) => ({ audioId: row.audioId, date: row.date, n: Number(row.n) }))
}

/** Every local date on which the listener counted at least one repetition of any audio. */
export async function listPractisedDates(db: Database, userId: string, timeZone: string): Promise<string[]> {
  const localDate = sql<string>`to_char(${listeningEvents.occurredAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
  const rows = await db
    .selectDistinct({ date: localDate })
    .from(listeningEvents)
    .where(and(eq(listeningEvents.userId, userId), eq(listeningEvents.kind, 'repetition')))
  return rows.map((row) => row.date)
}

/** Seconds of audio in the listener's repetitions, all time. */
export async function sumListenedSeconds(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`coalesce(sum(${audios.durationSeconds}), 0)::bigint` })
    .from(listeningEvents)
    .innerJoin(audios, eq(audios.id, listeningEvents.audioId))
    .where(and(eq(listeningEvents.userId, userId), eq(listeningEvents.kind, 'repetition')))
  return Number(row?.seconds ?? 0)
}

/** Whether the listener counted a repetition in [from, to). */
export async function hasRepetitionBetween(db: Database, userId: string, from: Date, to: Date): Promise<boolean> {
  const rows = await db
    .select({ id: listeningEvents.id })
    .from(listeningEvents)
    .where(and(eq(listeningEvents.userId, userId), eq(listeningEvents.kind, 'repetition'), gte(listeningEvents.occurredAt, from), lt(listeningEvents.occurredAt, to)))
    .limit(1)
  return rows.length > 0
}

/**
 * Holds the listener's practice for the rest of the transaction (their preferences row, which
 * exists once anything was read): settling, enrolling, leaving and restarting run one at a time.
 */
export async function lockListenerPractice(tx: Database, userId: string): Promise<void> {
  await tx.select({ userId: practicePreferences.userId }).from(practicePreferences).where(eq(practicePreferences.userId, userId)).for('update')
}

export async function insertCompletions(tx: Database, enrolmentId: string, completions: Completion[]): Promise<void> {
  if (completions.length === 0) return
  await tx
    .insert(programDayCompletions)
    .values(completions.map((completion) => ({ enrolmentId, day: completion.day, completedOn: completion.completedOn, timeZone: completion.timeZone ?? null })))
    .onConflictDoNothing()
}

export async function markEnrolmentCompleted(tx: Database, enrolmentId: string, at: Date): Promise<void> {
  await tx.update(programEnrolments).set({ status: 'completed', completedAt: at }).where(eq(programEnrolments.id, enrolmentId))
}

export async function findEnrolment(db: Database, userId: string, programId: string): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(programEnrolments)
    .where(and(eq(programEnrolments.userId, userId), eq(programEnrolments.programId, programId)))
  return row
}

export async function hasFeaturedActiveEnrolment(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: programEnrolments.id })
    .from(programEnrolments)
    .where(and(eq(programEnrolments.userId, userId), eq(programEnrolments.featured, true), eq(programEnrolments.status, 'active')))
    .limit(1)
  return rows.length > 0
}

export async function insertEnrolment(tx: Database, values: { userId: string; programId: string; enrolledOn: string; featured: boolean }): Promise<EnrolmentRow> {
  const [row] = await tx.insert(programEnrolments).values(values).returning()
  return row!
}

/** Only one enrolment of a listener is featured: the mark moves to `keepId` (or nowhere). */
export async function moveFeatured(tx: Database, userId: string, keepId: string | null): Promise<void> {
  await tx
    .update(programEnrolments)
    .set({ featured: false })
    .where(and(eq(programEnrolments.userId, userId), eq(programEnrolments.featured, true), keepId ? ne(programEnrolments.id, keepId) : undefined))
  if (keepId) await tx.update(programEnrolments).set({ featured: true }).where(eq(programEnrolments.id, keepId))
}

export async function deleteEnrolment(tx: Database, id: string): Promise<void> {
  await tx.delete(programEnrolments).where(eq(programEnrolments.id, id))
}

/** The enrolment to feature after the featured one was left: the most recently enrolled active one, else the most recent. */
export async function findNextFeatured(tx: Database, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: programEnrolments.id })
    .from(programEnrolments)
    .where(eq(programEnrolments.userId, userId))
    .orderBy(sql`${programEnrolments.status} = 'active' desc`, desc(programEnrolments.enrolledAt), desc(programEnrolments.id))
    .limit(1)
  return row?.id
}

/** Restart: completed days removed, active again from `enrolledOn`. */
export async function restartEnrolment(tx: Database, id: string, enrolledOn: string): Promise<void> {
  await tx.delete(programDayCompletions).where(eq(programDayCompletions.enrolmentId, id))
  await tx.update(programEnrolments).set({ status: 'active', completedAt: null, enrolledOn }).where(eq(programEnrolments.id, id))
}
