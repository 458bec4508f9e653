import { count, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { audios, fields, leads, subscriptions, user } from '../../db/schema/index.js'

/**
 * The admin home counts in one round trip each. Active subscribers follow the subscription rule
 * (subscriptions/repository existsActiveSubscription): 'active' within its period, or 'past_due'
 * within the grace days; counted once per listener.
 */
export async function countOverview(db: Database, graceDays: number) {
  const [listenerRows, subscriberRows, fieldRows, audioRows, leadRows] = await Promise.all([
    db.select({ n: count() }).from(user).where(eq(user.role, 'user')),
    db
      .select({ n: sql<number>`count(distinct ${subscriptions.userId})::int` })
      .from(subscriptions)
      .innerJoin(user, eq(user.id, subscriptions.userId))
      .where(
        sql`${user.role} = 'user' and (
          (${subscriptions.status} = 'active' and (${subscriptions.currentPeriodEnd} is null or ${subscriptions.currentPeriodEnd} > now()))
          or (${subscriptions.status} = 'past_due' and ${subscriptions.currentPeriodEnd} is not null
              and ${subscriptions.currentPeriodEnd} + make_interval(days => ${graceDays}::int) > now())
        )`,
      ),
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
