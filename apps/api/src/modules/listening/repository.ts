import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { listeningEvents } from '../../db/schema/index.js'

export type NewListeningEvent = typeof listeningEvents.$inferInsert

/**
 * Inserts the events; an id already recorded (for this user or any other) is left untouched.
 * Returns how many rows were actually inserted.
 */
export async function insertEventsIgnoringDuplicates(db: Database, events: NewListeningEvent[]): Promise<number> {
  if (events.length === 0) return 0
  const rows = await db
    .insert(listeningEvents)
    .values(events)
    .onConflictDoNothing({ target: listeningEvents.id })
    .returning({ id: listeningEvents.id })
  return rows.length
}

/** Repetitions of one audio by one user whose occurred_at falls on `now`'s calendar date in `timeZone`. */
export async function countRepetitionsToday(db: Database, userId: string, audioId: string, timeZone: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listeningEvents)
    .where(
      and(
        eq(listeningEvents.userId, userId),
        eq(listeningEvents.audioId, audioId),
        eq(listeningEvents.kind, 'repetition'),
        sql`(${listeningEvents.occurredAt} at time zone ${timeZone})::date = (${now.toISOString()}::timestamptz at time zone ${timeZone})::date`,
      ),
    )
  return Number(row?.n ?? 0)
}
