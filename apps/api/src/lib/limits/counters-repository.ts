import { lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { perDatabase } from '../../db/prepared.js'
import { rateLimitCounters } from '../../db/schema/index.js'

/**
 * Counts one hit of `key` in one statement: the first hit of a key (or the first after its window
 * ended) starts a window of `windowMs` from `now` with a count of 1; any other hit adds 1. Two
 * instances hitting the same key at once are serialised by the row lock of ON CONFLICT DO UPDATE,
 * so no hit is lost.
 */
const hitCounterQuery = perDatabase((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`
  const expired = sql`${rateLimitCounters.expiresAt} <= ${now}`
  return db
    .insert(rateLimitCounters)
    .values({ key: sql.placeholder('key'), count: 1, expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${rateLimitCounters.expiresAt} END`,
      },
    })
    .returning({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt })
    .prepare('rate_limit_hit')
})

export async function hitCounter(db: Database, key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }> {
  const rows = await hitCounterQuery(db).execute({
    key,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + windowMs).toISOString(),
  })
  const row = rows[0]
  if (!row) throw new Error('rate_limit_counters: o contador não voltou do banco')
  return { count: row.count, resetAt: new Date(row.expiresAt).getTime() }
}

/** Deletes the counters whose window ended before `now` (an index range scan); returns how many. */
export async function deleteExpiredCounters(db: Database, now: number): Promise<number> {
  const deleted = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, new Date(now))).returning({ key: rateLimitCounters.key })
  return deleted.length
}
