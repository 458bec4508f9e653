import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { payments, plans, refundRequests, subscriptions, user } from '../../db/schema/index.js'

export type RefundFilter = 'pending' | 'decided' | 'all'

/**
 * Refund requests with what an admin needs to decide: who, which plan, when the subscription
 * started and the amount paid (the request's payment, else the subscription's last one).
 */
export async function listRefundRequests(db: Database, filter: RefundFilter, ids?: string[]) {
  const where =
    ids !== undefined
      ? inArray(refundRequests.id, ids)
      : filter === 'pending'
        ? eq(refundRequests.status, 'pending')
        : filter === 'decided'
          ? sql`${refundRequests.status} <> 'pending'`
          : undefined
  return db
    .select({
      request: refundRequests,
      userName: user.name,
      planCode: subscriptions.planCode,
      planName: plans.name,
      subscriptionStartedAt: subscriptions.createdAt,
      amountCents: sql<number | null>`coalesce(
        (select ${payments.amountCents} from ${payments} where ${payments.id} = ${refundRequests.paymentId}),
        (select p2.amount_cents from ${payments} p2 where p2.subscription_id = ${subscriptions.id} order by p2.paid_at desc limit 1)
      )`,
      paymentMethod: sql<string | null>`coalesce(
        (select ${payments.method} from ${payments} where ${payments.id} = ${refundRequests.paymentId}),
        (select p4.method from ${payments} p4 where p4.subscription_id = ${subscriptions.id} order by p4.paid_at desc limit 1)
      )`,
      currency: sql<string>`coalesce((select p3.currency from ${payments} p3 where p3.subscription_id = ${subscriptions.id} order by p3.paid_at desc limit 1), 'BRL')`,
    })
    .from(refundRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, refundRequests.subscriptionId))
    .leftJoin(plans, eq(plans.code, subscriptions.planCode))
    .leftJoin(user, eq(user.id, refundRequests.userId))
    .where(where)
    .orderBy(desc(refundRequests.requestedAt))
    .limit(200)
}
