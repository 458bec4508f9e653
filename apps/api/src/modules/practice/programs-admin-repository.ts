/**
 * SQL of the programme editor (/admin/programas): programmes with their days and audios, written
 * whole; the enrolments they hold.
 */
import { and, asc, count, eq, gt, inArray, like, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { swapCoverImage } from '../../db/cover-column.js'
import { programDayCompletions, programDayItems, programDays, programEnrolments, programs } from '../../db/schema/index.js'
import type { ProgramRow } from './programs-repository.js'

export async function listAllProgramRows(db: Database): Promise<ProgramRow[]> {
  return db.select().from(programs).orderBy(asc(programs.position), asc(programs.title), asc(programs.id))
}

export async function findProgramRow(db: Database, id: string): Promise<ProgramRow | undefined> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id))
  return row
}

export async function lockProgramRow(tx: Database, id: string): Promise<ProgramRow | undefined> {
  const [row] = await tx.select().from(programs).where(eq(programs.id, id)).for('update')
  return row
}

/** Enrolments (active or completed) per programme. */
export async function countEnrolmentsByProgram(db: Database, programIds?: string[]): Promise<Map<string, number>> {
  if (programIds && programIds.length === 0) return new Map()
  const rows = await db
    .select({ programId: programEnrolments.programId, n: count() })
    .from(programEnrolments)
    .where(programIds ? inArray(programEnrolments.programId, programIds) : undefined)
    .groupBy(programEnrolments.programId)
  return new Map(rows.map((row) => [row.programId, Number(row.n)]))
}

/** Slugs taken by other programmes that are `base` or `base-…`. */
export async function slugsLike(db: Database, base: string, exceptId: string | null): Promise<Set<string>> {
  const rows = await db
    .select({ slug: programs.slug })
    .from(programs)
    .where(and(or(eq(programs.slug, base), like(programs.slug, `${base.replace(/[\\%_]/g, '\\$&')}-%`)), exceptId ? sql`${programs.id} <> ${exceptId}` : undefined))
  return new Set(rows.map((row) => row.slug))
}

export async function nextProgramPosition(tx: Database): Promise<number> {
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${programs.position}) + 1, 0)::int` }).from(programs)
  return Number(row?.next ?? 0)
}

export async function insertProgramRow(tx: Database, values: { slug: string; title: string; description: string; isOpen: boolean; position: number }): Promise<ProgramRow> {
  const [row] = await tx.insert(programs).values(values).returning()
  return row!
}

export async function updateProgramRow(
  tx: Database,
  id: string,
  values: Partial<{ slug: string; title: string; description: string; isOpen: boolean; published: boolean; position: number }>,
): Promise<void> {
  await tx
    .update(programs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(programs.id, id))
}

export interface DayInput {
  intention: string
  items: { audioId: string; repetitions: number }[]
}

/** The programme's days replaced by these (day n = index n − 1); their audios go with them. */
export async function replaceDays(tx: Database, programId: string, days: DayInput[]): Promise<void> {
  await tx.delete(programDays).where(eq(programDays.programId, programId))
  await tx.insert(programDays).values(days.map((day, index) => ({ programId, day: index + 1, intention: day.intention })))
  const items = days.flatMap((day, index) => day.items.map((item, position) => ({ programId, day: index + 1, position, audioId: item.audioId, repetitions: item.repetitions })))
  if (items.length > 0) await tx.insert(programDayItems).values(items)
}

/**
 * After the days changed: completed days beyond the new last day are dropped, and each
 * enrolment's status follows its days (completed once every day is done, active otherwise).
 */
export async function reconcileEnrolments(tx: Database, programId: string, daysCount: number, now: Date): Promise<void> {
  const ofProgram = sql`(select ${programEnrolments.id} from ${programEnrolments} where ${programEnrolments.programId} = ${programId})`
  await tx.delete(programDayCompletions).where(and(sql`${programDayCompletions.enrolmentId} in ${ofProgram}`, gt(programDayCompletions.day, daysCount)))
  const doneDays = sql`(select count(*) from ${programDayCompletions} where ${programDayCompletions.enrolmentId} = ${programEnrolments.id})`
  await tx
    .update(programEnrolments)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(programEnrolments.programId, programId), eq(programEnrolments.status, 'active'), sql`${doneDays} >= ${daysCount}`))
  await tx
    .update(programEnrolments)
    .set({ status: 'active', completedAt: null })
    .where(and(eq(programEnrolments.programId, programId), eq(programEnrolments.status, 'completed'), sql`${doneDays} < ${daysCount}`))
}

/** The deleted programme's cover, so its image can go too; undefined when there was no such programme. */
export async function deleteProgramRow(db: Database, id: string): Promise<{ coverImage: string | null } | undefined> {
  const [row] = await db.delete(programs).where(eq(programs.id, id)).returning({ coverImage: programs.coverImage })
  return row
}

export const swapProgramCover = (db: Database, id: string, imageId: string | null) => swapCoverImage(db, programs, id, imageId)

export async function lockAllProgramIds(tx: Database): Promise<string[]> {
  const rows = await tx.select({ id: programs.id }).from(programs).for('update')
  return rows.map((row) => row.id)
}

export async function setProgramPositions(tx: Database, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await tx.update(programs).set({ position }).where(eq(programs.id, id))
}
