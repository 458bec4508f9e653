/** `subscription_exits`: the subscribers' goodbyes (docs/product/commerce.md#a-fair-goodbye). */
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm'
import type { CancelOutcome, CancelReason } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { subscriptionExits } from '../../db/schema/index.js'

export type SubscriptionExitRow = typeof subscriptionExits.$inferSelect

/** Whether this subscription was already made the admin's offer (it is made once). */
export async function offerAlreadyMade(db: Database, subscriptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionExits.id })
    .from(subscriptionExits)
    .where(and(eq(subscriptionExits.subscriptionId, subscriptionId), eq(subscriptionExits.offerMade, true)))
    .limit(1)
  return row !== undefined
}

export async function insertExit(
  db: Database,
  values: { subscriptionId: string; userId: string; reason: CancelReason | null; note: string | null; offerMade: boolean; outcome: CancelOutcome; pauseMonths?: number; discountPercent?: number },
): Promise<void> {
  await db.insert(subscriptionExits).values(values)
}

/** The one-tap return: the latest goodbye of the subscription that has not come back yet. */
export async function markCameBack(db: Database, subscriptionId: string, at: Date): Promise<void> {
  const latest = db
    .select({ id: subscriptionExits.id })
    .from(subscriptionExits)
    .where(and(eq(subscriptionExits.subscriptionId, subscriptionId), isNull(subscriptionExits.cameBackAt)))
    .orderBy(desc(subscriptionExits.createdAt))
    .limit(1)
  await db.update(subscriptionExits).set({ cameBackAt: at }).where(sql`${subscriptionExits.id} in (${latest})`)
}

/** The goodbyes since `since`: how many, what was chosen, who came back, and why (Financeiro). */
export async function exitCounts(db: Database, since: Date) {
  const inPeriod = gte(subscriptionExits.createdAt, since)
  const [totals, reasons] = await Promise.all([
    db
      .select({
        asked: sql<number>`count(*)::int`,
        canceled: sql<number>`count(*) filter (where ${subscriptionExits.outcome} = 'canceled')::int`,
        paused: sql<number>`count(*) filter (where ${subscriptionExits.outcome} = 'paused')::int`,
        discounted: sql<number>`count(*) filter (where ${subscriptionExits.outcome} = 'discounted')::int`,
        cameBack: sql<number>`count(*) filter (where ${subscriptionExits.cameBackAt} is not null)::int`,
      })
      .from(subscriptionExits)
      .where(inPeriod),
    db
      .select({ reason: subscriptionExits.reason, count: sql<number>`count(*)::int` })
      .from(subscriptionExits)
      .where(inPeriod)
      .groupBy(subscriptionExits.reason)
      .orderBy(sql`count(*) desc`, subscriptionExits.reason),
  ])
  return { ...(totals[0] ?? { asked: 0, canceled: 0, paused: 0, discounted: 0, cameBack: 0 }), reasons }
}
