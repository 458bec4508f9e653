/**
 * `asaas_card_plans`: our own renewals of card instalments with Asaas
 * (docs/decisions/031-asaas-card-instalment-renewals.md). Every change is one conditional UPDATE,
 * so a repeated webhook, a second instance or a retried pass changes a plan once.
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { asaasCardPlans } from '../../db/schema/index.js'

export type AsaasCardPlanRow = typeof asaasCardPlans.$inferSelect

/** How long a pass holds a plan it is charging before another may take it (a crashed pass). */
const CHARGE_LEASE_MS = 10 * 60_000

/** The plan a checkout starts (once: a second choice on the page keeps the first plan's id). */
export async function insertPlan(db: Database, values: typeof asaasCardPlans.$inferInsert): Promise<AsaasCardPlanRow> {
  const [inserted] = await db.insert(asaasCardPlans).values(values).onConflictDoNothing({ target: asaasCardPlans.checkoutId }).returning()
  if (inserted) return inserted
  const existing = await findByCheckout(db, values.checkoutId)
  if (!existing) throw new Error('asaas card plan vanished')
  return existing
}

/** While the first period is unpaid the buyer may choose another count on our page. */
export async function updatePendingChoice(db: Database, id: string, values: { amountCents: number; installmentCount: number; installmentInterestBp: number; remoteIp: string }): Promise<void> {
  await db
    .update(asaasCardPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(asaasCardPlans.id, id), eq(asaasCardPlans.status, 'pending')))
}

export async function findPlan(db: Database, id: string): Promise<AsaasCardPlanRow | null> {
  const [row] = await db.select().from(asaasCardPlans).where(eq(asaasCardPlans.id, id))
  return row ?? null
}

export async function findByCheckout(db: Database, checkoutId: string): Promise<AsaasCardPlanRow | null> {
  const [row] = await db.select().from(asaasCardPlans).where(eq(asaasCardPlans.checkoutId, checkoutId))
  return row ?? null
}

/** The first period paid: the customer, the card's token and the period end (once; later calls change nothing). */
export async function activate(
  db: Database,
  id: string,
  values: { customerId: string | null; cardToken: string | null; currentPeriodEnd: Date; installmentCount: number },
): Promise<void> {
  await db
    .update(asaasCardPlans)
    .set({ ...values, status: 'active', periodsPaid: 1, nextChargeAt: values.currentPeriodEnd, updatedAt: new Date() })
    .where(and(eq(asaasCardPlans.id, id), eq(asaasCardPlans.status, 'pending')))
}

/**
 * Plans whose card is due at `now`, leased to this pass (claimed in one statement, skipping rows
 * another instance holds). A plan set to end at its period's end is not charged: it is ended here.
 */
export async function claimDue(db: Database, now: Date, limit: number): Promise<AsaasCardPlanRow[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(asaasCardPlans)
      .set({ status: 'canceled', nextChargeAt: null, updatedAt: now })
      .where(and(eq(asaasCardPlans.status, 'active'), eq(asaasCardPlans.cancelAtPeriodEnd, true), lte(asaasCardPlans.currentPeriodEnd, now)))
    const due = tx
      .select({ id: asaasCardPlans.id })
      .from(asaasCardPlans)
      .where(
        and(
          inArray(asaasCardPlans.status, ['active', 'past_due']),
          lte(asaasCardPlans.nextChargeAt, now),
          or(isNull(asaasCardPlans.chargingUntil), lte(asaasCardPlans.chargingUntil, now)),
        ),
      )
      .orderBy(asaasCardPlans.nextChargeAt)
      .limit(limit)
      .for('update', { skipLocked: true })
    return tx
      .update(asaasCardPlans)
      .set({ chargingUntil: new Date(now.getTime() + CHARGE_LEASE_MS) })
      .where(sql`${asaasCardPlans.id} in (${due})`)
      .returning()
  })
}

/**
 * The period `period` is paid (by the card, or by the charge offered after a refusal): the period
 * end moves one interval, the card is due again then. Only once per period (`periods_paid` guards it).
 */
export async function recordPeriodPaid(db: Database, id: string, period: number, periodEnd: Date): Promise<boolean> {
  const rows = await db
    .update(asaasCardPlans)
    .set({
      status: 'active',
      periodsPaid: period,
      currentPeriodEnd: periodEnd,
      nextChargeAt: periodEnd,
      chargeAttempts: 0,
      chargingUntil: null,
      pendingPaymentId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(asaasCardPlans.id, id), eq(asaasCardPlans.periodsPaid, period - 1), inArray(asaasCardPlans.status, ['active', 'past_due'])))
    .returning({ id: asaasCardPlans.id })
  return rows.length > 0
}

/** A refused card: past due, the next attempt (or none), and the charge offered for Pix or boleto. */
export async function recordRefused(db: Database, id: string, values: { chargeAttempts: number; nextChargeAt: Date | null; pendingPaymentId: string | null }): Promise<void> {
  await db
    .update(asaasCardPlans)
    .set({ ...values, status: 'past_due', chargingUntil: null, updatedAt: new Date() })
    .where(and(eq(asaasCardPlans.id, id), inArray(asaasCardPlans.status, ['active', 'past_due'])))
}

/** Asaas could not be reached: the lease is given back and the plan is tried again at `retryAt`. */
export async function release(db: Database, id: string, retryAt: Date): Promise<void> {
  await db.update(asaasCardPlans).set({ chargingUntil: null, nextChargeAt: retryAt, updatedAt: new Date() }).where(eq(asaasCardPlans.id, id))
}

/** Ends the plan now (the guarantee's refund): no later charge. */
export async function cancelPlan(db: Database, id: string): Promise<AsaasCardPlanRow | null> {
  const [row] = await db
    .update(asaasCardPlans)
    .set({ status: 'canceled', nextChargeAt: null, chargingUntil: null, updatedAt: new Date() })
    .where(eq(asaasCardPlans.id, id))
    .returning()
  return row ?? null
}

/** The subscriber's own change from Minha conta (a fair goodbye): end at the period's end, or keep renewing. */
export async function setCancelAtPeriodEnd(db: Database, id: string, cancel: boolean): Promise<boolean> {
  const rows = await db
    .update(asaasCardPlans)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
    .where(and(eq(asaasCardPlans.id, id), eq(asaasCardPlans.status, 'active')))
    .returning({ id: asaasCardPlans.id })
  return rows.length > 0
}

/** A pause: the card is charged next at `renewsAt`, which the period's end follows. */
export async function moveRenewal(db: Database, id: string, renewsAt: Date): Promise<boolean> {
  const rows = await db
    .update(asaasCardPlans)
    .set({ currentPeriodEnd: renewsAt, nextChargeAt: renewsAt, updatedAt: new Date() })
    .where(and(eq(asaasCardPlans.id, id), eq(asaasCardPlans.status, 'active')))
    .returning({ id: asaasCardPlans.id })
  return rows.length > 0
}
