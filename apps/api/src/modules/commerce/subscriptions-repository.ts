import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { perDatabase } from '../../db/prepared.js'
import { pendingSubscriptions, plans, subscriptions } from '../../db/schema/index.js'
import { givesAccessNow } from './access-rule.js'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type PendingSubscriptionRow = typeof pendingSubscriptions.$inferSelect

/** True when the user has a subscription that gives access now (access-rule.ts). */
export async function existsActiveSubscription(db: Database, userId: string): Promise<boolean> {
  const rows = await activeSubscriptionQuery(db).execute({ userId })
  return rows.length > 0
}

// Prepared once per database: the access guard runs it on every subscriber request.
const activeSubscriptionQuery = perDatabase((db) =>
  db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sql.placeholder('userId')), givesAccessNow()))
    .limit(1)
    .prepare('active_subscription'),
)

/** The user's subscriptions, most recently changed first. */
export async function listSubscriptionsOfUser(db: Database, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.updatedAt), desc(subscriptions.createdAt))
}

/**
 * Pending (pay-first) subscriptions for an e-mail, compared case-insensitively. With a checkout
 * id only the row of that checkout matches (the id proves the caller went through that
 * payment; the e-mail alone is not verified). Locked for update so two merges of one row cannot
 * both succeed.
 */
export async function lockPendingForEmail(db: Database, email: string, checkoutId: string | null): Promise<PendingSubscriptionRow[]> {
  const byEmail = sql`lower(${pendingSubscriptions.email}) = lower(${email})`
  const where =
    checkoutId === null
      ? byEmail
      : and(byEmail, eq(pendingSubscriptions.checkoutId, checkoutId))
  return db.select().from(pendingSubscriptions).where(where).orderBy(pendingSubscriptions.createdAt).for('update')
}

export async function hasPendingForEmail(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: pendingSubscriptions.id })
    .from(pendingSubscriptions)
    .where(sql`lower(${pendingSubscriptions.email}) = lower(${email})`)
    .limit(1)
  return rows.length > 0
}

/**
 * The subscriptions row for a merged pending one. When the gateway already recorded the same
 * provider subscription (a webhook ran first), that row is attached to the user instead.
 */
export async function upsertSubscriptionFromPending(db: Database, userId: string, email: string, pending: PendingSubscriptionRow): Promise<string> {
  const values = {
    userId,
    email,
    planCode: pending.planCode,
    status: 'active' as const,
    provider: pending.provider,
    providerCustomerId: pending.providerCustomerId,
    providerSubscriptionId: pending.providerSubscriptionId,
    currentPeriodEnd: pending.currentPeriodEnd,
  }
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: {
        userId,
        email,
        planCode: pending.planCode,
        status: 'active',
        providerCustomerId: sql`coalesce(excluded.provider_customer_id, ${subscriptions.providerCustomerId})`,
        currentPeriodEnd: pending.currentPeriodEnd,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: subscriptions.id })
  if (!row) throw new Error('subscriptions: upsert returned no row')
  return row.id
}

export async function deletePending(db: Database, id: string): Promise<void> {
  await db.delete(pendingSubscriptions).where(eq(pendingSubscriptions.id, id))
}

/** LGPD deletion: the subscriptions stay for accounting, detached from the person. */
export async function detachSubscriptionsOfUser(db: Database, userId: string, placeholderEmail: string): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({ userId: null, email: placeholderEmail, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id })
  return rows.length
}

export const COMPLIMENTARY_PROVIDER = 'complimentary'

/**
 * The user's one complimentary subscription (provider 'complimentary', provider id
 * 'complimentary:<userId>'), created or extended by `days`: the new end counts from the current
 * end when it is still in the future, otherwise from now. One statement, so two grants at once add up.
 */
export async function upsertComplimentary(db: Database, input: { userId: string; email: string; planCode: string; days: number }): Promise<Date> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: input.userId,
      email: input.email,
      planCode: input.planCode,
      status: 'active',
      provider: COMPLIMENTARY_PROVIDER,
      providerSubscriptionId: `${COMPLIMENTARY_PROVIDER}:${input.userId}`,
      currentPeriodEnd: sql`now() + make_interval(days => ${input.days}::int)`,
    })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: {
        status: 'active',
        userId: input.userId,
        email: input.email,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: sql`greatest(now(), coalesce(${subscriptions.currentPeriodEnd}, now())) + make_interval(days => ${input.days}::int)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ currentPeriodEnd: subscriptions.currentPeriodEnd })
  if (!row?.currentPeriodEnd) throw new Error('subscriptions: complimentary upsert returned no row')
  return row.currentPeriodEnd
}

/** The plan a complimentary access is filed under: the user's latest plan, else the popular/first active one. */
export async function defaultPlanCodeFor(db: Database, userId: string): Promise<string> {
  const [own] = await db
    .select({ planCode: subscriptions.planCode })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1)
  if (own) return own.planCode
  const [plan] = await db.select({ code: plans.code }).from(plans).orderBy(desc(plans.isActive), desc(plans.popular), asc(plans.displayOrder)).limit(1)
  if (!plan) throw new Error('plans: no plan to file a complimentary access under')
  return plan.code
}
