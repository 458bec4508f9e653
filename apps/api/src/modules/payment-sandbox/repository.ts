/** The sandbox provider's own tables (its "remote" state). Only the sandbox provider calls this. */
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import {
  sandboxCharges,
  sandboxCheckouts,
  sandboxCustomers,
  sandboxEvents,
  sandboxPortalLinks,
  sandboxSubscriptions,
} from '../../db/schema/index.js'

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect
export type SandboxEventRow = typeof sandboxEvents.$inferSelect
export type SandboxPortalRow = typeof sandboxPortalLinks.$inferSelect

export async function insertCheckout(db: Database, values: typeof sandboxCheckouts.$inferInsert): Promise<SandboxCheckoutRow> {
  const [row] = await db.insert(sandboxCheckouts).values(values).returning()
  return row!
}

export async function findCheckout(db: Database, id: string, forUpdate = false): Promise<SandboxCheckoutRow | null> {
  const query = db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function updateCheckout(db: Database, id: string, values: Partial<typeof sandboxCheckouts.$inferInsert>): Promise<void> {
  await db.update(sandboxCheckouts).set(values).where(eq(sandboxCheckouts.id, id))
}

/** The open, unexpired renewal page of a past-due subscription, if one exists. */
export async function openRenewalCheckout(db: Database, subscriptionId: string, now: Date): Promise<SandboxCheckoutRow | null> {
  const [row] = await db
    .select()
    .from(sandboxCheckouts)
    .where(
      and(
        eq(sandboxCheckouts.kind, 'renewal'),
        eq(sandboxCheckouts.renewsSubscriptionId, subscriptionId),
        eq(sandboxCheckouts.status, 'open'),
        gt(sandboxCheckouts.expiresAt, now),
      ),
    )
    .orderBy(desc(sandboxCheckouts.createdAt))
    .limit(1)
  return row ?? null
}

/** Open checkouts past their expiry (the sandbox's clock expires them). */
export async function checkoutsToExpire(db: Database, now: Date): Promise<SandboxCheckoutRow[]> {
  return db
    .select()
    .from(sandboxCheckouts)
    .where(and(eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, now)))
    .limit(100)
}

export async function insertCustomer(db: Database, values: typeof sandboxCustomers.$inferInsert): Promise<void> {
  await db.insert(sandboxCustomers).values(values)
}

export async function updateCustomerCard(db: Database, id: string, cardBrand: string | null, cardLast4: string | null): Promise<void> {
  await db.update(sandboxCustomers).set({ cardBrand, cardLast4 }).where(eq(sandboxCustomers.id, id))
}

export async function findCustomer(db: Database, id: string) {
  const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id))
  return row ?? null
}

export async function insertSubscription(db: Database, values: typeof sandboxSubscriptions.$inferInsert): Promise<SandboxSubscriptionRow> {
  const [row] = await db.insert(sandboxSubscriptions).values(values).returning()
  return row!
}

export async function findSubscription(db: Database, id: string, forUpdate = false): Promise<SandboxSubscriptionRow | null> {
  const query = db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

/** The customer's subscriptions, the live ones first, then the most recent. */
export async function subscriptionsOfCustomer(db: Database, customerId: string): Promise<SandboxSubscriptionRow[]> {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.customerId, customerId))
    .orderBy(sql`case when ${sandboxSubscriptions.status} in ('active', 'past_due') then 0 else 1 end`, desc(sandboxSubscriptions.createdAt))
}

export async function updateSubscription(db: Database, id: string, values: Partial<typeof sandboxSubscriptions.$inferInsert>): Promise<SandboxSubscriptionRow> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(sandboxSubscriptions.id, id))
    .returning()
  return row!
}

/** Live subscriptions whose period ended by `now` (the sandbox's clock renews or ends them). */
export async function subscriptionsDue(db: Database, now: Date): Promise<SandboxSubscriptionRow[]> {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(and(inArray(sandboxSubscriptions.status, ['active', 'past_due']), lte(sandboxSubscriptions.currentPeriodEnd, now)))
    .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
}

export async function insertCharge(db: Database, values: typeof sandboxCharges.$inferInsert): Promise<SandboxChargeRow> {
  const [row] = await db.insert(sandboxCharges).values(values).returning()
  return row!
}

export async function findCharge(db: Database, id: string, forUpdate = false): Promise<SandboxChargeRow | null> {
  const query = db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function markChargeRefunded(db: Database, id: string, amountCents: number): Promise<SandboxChargeRow> {
  const [row] = await db
    .update(sandboxCharges)
    .set({ status: 'refunded', amountRefundedCents: amountCents })
    .where(eq(sandboxCharges.id, id))
    .returning()
  return row!
}

export async function insertPortalLink(db: Database, values: typeof sandboxPortalLinks.$inferInsert): Promise<SandboxPortalRow> {
  const [row] = await db.insert(sandboxPortalLinks).values(values).returning()
  return row!
}

export async function findPortalLink(db: Database, id: string): Promise<SandboxPortalRow | null> {
  const [row] = await db.select().from(sandboxPortalLinks).where(eq(sandboxPortalLinks.id, id))
  return row ?? null
}

export async function insertEvent(db: Database, values: typeof sandboxEvents.$inferInsert): Promise<void> {
  await db.insert(sandboxEvents).values(values)
}

export async function findEvents(db: Database, ids: string[]): Promise<SandboxEventRow[]> {
  if (ids.length === 0) return []
  return db.select().from(sandboxEvents).where(inArray(sandboxEvents.id, ids)).orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
}

/** Events not yet acknowledged by our webhook, last tried before `triedBefore`, with attempts left. */
export async function undeliveredEvents(db: Database, maxAttempts: number, createdBefore: Date): Promise<SandboxEventRow[]> {
  return db
    .select()
    .from(sandboxEvents)
    .where(and(isNull(sandboxEvents.deliveredAt), lt(sandboxEvents.attempts, maxAttempts), lt(sandboxEvents.createdAt, createdBefore)))
    .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
    .limit(50)
}

export async function recordDelivery(db: Database, id: string, delivered: boolean, error: string | null): Promise<void> {
  await db
    .update(sandboxEvents)
    .set({
      attempts: sql`${sandboxEvents.attempts} + 1`,
      deliveredAt: delivered ? sql`now()` : null,
      lastError: error,
    })
    .where(eq(sandboxEvents.id, id))
}
