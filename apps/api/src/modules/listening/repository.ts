import { and, desc, eq, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, fields, listeningEvents, user } from '../../db/schema/index.js'
export type NewListeningEvent = typeof listeningEvents.$inferInsert
type AudioRow = typeof audios.$inferSelect

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

/** When the listener's account was created (read from the accounts' table): no record predates it. */
export async function findAccountCreatedAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId)).limit(1)
  return row?.createdAt ?? null
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

/** The audios a user heard most recently (a play or a repetition), newest first, each once. */
export async function recentlyHeardAudios(db: Database, userId: string, limit: number): Promise<{ audio: AudioRow; fieldTitle: string; lastListenedAt: Date }[]> {
  const heard = db
    .select({ audioId: listeningEvents.audioId, lastListenedAt: max(listeningEvents.occurredAt).as('last_listened_at') })
    .from(listeningEvents)
    .where(eq(listeningEvents.userId, userId))
    .groupBy(listeningEvents.audioId)
    .as('heard')
  const rows = await db
    .select({ audio: audios, fieldTitle: fields.title, lastListenedAt: heard.lastListenedAt })
    .from(heard)
    .innerJoin(audios, eq(audios.id, heard.audioId))
    .innerJoin(fields, eq(fields.id, audios.fieldId))
    .orderBy(desc(heard.lastListenedAt), desc(audios.id))
    .limit(limit)
  // max() over a group of at least one event is never null; the driver may give it as text.
  return rows.map((row) => ({ audio: row.audio, fieldTitle: row.fieldTitle, lastListenedAt: new Date(row.lastListenedAt!) }))
}
