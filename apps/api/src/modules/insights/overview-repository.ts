import { and, count, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, fields, leads, subscriptions, user } from '../../db/schema/index.js'
import { givesAccessNow } from '../commerce/access-rule.js'

/**
 * The admin home counts in one round trip each. Active subscribers follow the access rule
 * (commerce/access-rule.ts), counted once per listener.
 */
export async function countOverview(db: Database) {
  const [listenerRows, subscriberRows, fieldRows, audioRows, leadRows] = await Promise.all([
    db.select({ n: count() }).from(user).where(eq(user.role, 'user')),
    db
      .select({ n: sql<number>`count(distinct ${subscriptions.userId})::int` })
      .from(subscriptions)
      .innerJoin(user, eq(user.id, subscriptions.userId))
      .where(and(eq(user.role, 'user'), givesAccessNow())),
    db.select({ n: count() }).from(fields),
    db.select({ n: count() }).from(audios),
    db.select({ n: count() }).from(leads),
  ])
  return {
    listeners: listenerRows[0]?.n ?? 0,
    activeSubscribers: Number(subscriberRows[0]?.n ?? 0),
    fields: fieldRows[0]?.n ?? 0,
    audios: audioRows[0]?.n ?? 0,
    leads: leadRows[0]?.n ?? 0,
  }
}
