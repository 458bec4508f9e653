/**
 * SQL of the check-ins (the Diário): always filtered by the listener, so one listener's id never
 * reaches another's row; and the seconds heard per local date for the weekly chart.
 */
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, listeningEvents, practiceCheckIns } from '../../db/schema/index.js'

export type CheckInRow = typeof practiceCheckIns.$inferSelect
export type NewCheckIn = Omit<typeof practiceCheckIns.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
export type CheckInPatch = Partial<Pick<CheckInRow, 'moodBefore' | 'moodAfter' | 'note'>>

export async function insertCheckIn(db: Database, values: NewCheckIn): Promise<CheckInRow> {
  const [row] = await db.insert(practiceCheckIns).values(values).returning()
  if (!row) throw new Error('practice_check_ins insert returned nothing')
  return row
}

export async function findCheckInOf(db: Database, userId: string, id: string): Promise<CheckInRow | undefined> {
  const [row] = await db
    .select()
    .from(practiceCheckIns)
    .where(and(eq(practiceCheckIns.id, id), eq(practiceCheckIns.userId, userId)))
  return row
}

export async function updateCheckInOf(db: Database, userId: string, id: string, patch: CheckInPatch): Promise<CheckInRow | undefined> {
  const [row] = await db
    .update(practiceCheckIns)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(practiceCheckIns.id, id), eq(practiceCheckIns.userId, userId)))
    .returning()
  return row
}

/** Whether a row of this listener was deleted. */
export async function deleteCheckInOf(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(practiceCheckIns)
    .where(and(eq(practiceCheckIns.id, id), eq(practiceCheckIns.userId, userId)))
    .returning({ id: practiceCheckIns.id })
  return rows.length > 0
}

/** The page cursor of a row: its creation time to the microsecond (UTC) and its id. */
const cursorOf = sql<string>`to_char(${practiceCheckIns.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${practiceCheckIns.id}`

/** Newest first (creation time, then id), after the cursor `before` when given, at most `limit` rows. */
export async function listCheckInsOf(
  db: Database,
  userId: string,
  options: { before: { at: string; id: string } | null; limit: number },
): Promise<(CheckInRow & { cursor: string })[]> {
  const rows = await db
    .select({ row: practiceCheckIns, cursor: cursorOf })
    .from(practiceCheckIns)
    .where(
      and(
        eq(practiceCheckIns.userId, userId),
        options.before ? sql`(${practiceCheckIns.createdAt}, ${practiceCheckIns.id}) < (${options.before.at}::timestamptz, ${options.before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(practiceCheckIns.createdAt), desc(practiceCheckIns.id))
    .limit(options.limit)
  return rows.map(({ row, cursor }) => ({ ...row, cursor }))
}

/** Every check-in of the listener, oldest first (the CSV and the LGPD export). */
export async function listAllCheckInsOf(db: Database, userId: string): Promise<CheckInRow[]> {
  return db.select().from(practiceCheckIns).where(eq(practiceCheckIns.userId, userId)).orderBy(asc(practiceCheckIns.createdAt), asc(practiceCheckIns.id))
}

/** The check-ins of local dates from..to (inclusive). */
export async function listCheckInsBetween(db: Database, userId: string, from: string, to: string): Promise<CheckInRow[]> {
  return db
    .select()
    .from(practiceCheckIns)
    .where(and(eq(practiceCheckIns.userId, userId), gte(practiceCheckIns.localDate, from), lte(practiceCheckIns.localDate, to)))
}

/** Seconds of audio in the listener's repetitions in [start, end), per local date in `timeZone`. */
export async function sumSecondsByDate(db: Database, userId: string, timeZone: string, start: Date, end: Date): Promise<{ date: string; seconds: number }[]> {
  const localDate = sql<string>`to_char(${listeningEvents.occurredAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
  const rows = await db
    .select({ date: localDate, seconds: sql<number>`coalesce(sum(${audios.durationSeconds}), 0)::bigint` })
    .from(listeningEvents)
    .innerJoin(audios, eq(audios.id, listeningEvents.audioId))
    .where(
      and(
        eq(listeningEvents.userId, userId),
        eq(listeningEvents.kind, 'repetition'),
        gte(listeningEvents.occurredAt, start),
        lt(listeningEvents.occurredAt, end),
      ),
    )
    // By position: the zone is a parameter, and two parameters never read as the same expression.
    .groupBy(sql`1`)
  return rows.map((row) => ({ date: row.date, seconds: Number(row.seconds) }))
}
