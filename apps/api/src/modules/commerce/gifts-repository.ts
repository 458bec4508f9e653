/** The gifts table (docs/product/commerce.md#gifts): SQL only here. */
import { and, desc, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { gifts, plans, subscriptions } from '../../db/schema/index.js'

export type GiftRow = typeof gifts.$inferSelect
export type GiftWithPlan = GiftRow & { planName: string; intervalMonths: number }

const withPlan = { gift: gifts, planName: plans.name, intervalMonths: plans.intervalMonths }
const flatten = (row: { gift: GiftRow; planName: string; intervalMonths: number }): GiftWithPlan => ({ ...row.gift, planName: row.planName, intervalMonths: row.intervalMonths })

export async function insertGift(db: Database, values: typeof gifts.$inferInsert): Promise<GiftRow> {
  const [row] = await db.insert(gifts).values(values).returning()
  return row!
}

export async function giftOfCheckout(db: Database, checkoutId: string, forUpdate = false): Promise<GiftWithPlan | null> {
  const query = db.select(withPlan).from(gifts).innerJoin(plans, eq(plans.code, gifts.planCode)).where(eq(gifts.checkoutId, checkoutId))
  const [row] = forUpdate ? await query.for('update', { of: gifts }) : await query
  return row ? flatten(row) : null
}

export async function giftById(db: Database, id: string, forUpdate = false): Promise<GiftWithPlan | null> {
  const query = db.select(withPlan).from(gifts).innerJoin(plans, eq(plans.code, gifts.planCode)).where(eq(gifts.id, id))
  const [row] = forUpdate ? await query.for('update', { of: gifts }) : await query
  return row ? flatten(row) : null
}

export async function giftByTokenHash(db: Database, tokenHash: string, forUpdate = false): Promise<GiftWithPlan | null> {
  const query = db.select(withPlan).from(gifts).innerJoin(plans, eq(plans.code, gifts.planCode)).where(eq(gifts.tokenHash, tokenHash))
  const [row] = forUpdate ? await query.for('update', { of: gifts }) : await query
  return row ? flatten(row) : null
}

/**
 * The buyer's gifts, newest first: the paid ones, and those still unpaid from the last day (an
 * older unpaid one is a checkout given up, its page expired).
 */
export async function giftsOfBuyer(db: Database, userId: string, limit = 50): Promise<GiftWithPlan[]> {
  const rows = await db
    .select(withPlan)
    .from(gifts)
    .innerJoin(plans, eq(plans.code, gifts.planCode))
    .where(and(eq(gifts.buyerUserId, userId), or(isNotNull(gifts.paidAt), sql`${gifts.createdAt} > now() - interval '1 day'`)))
    .orderBy(desc(gifts.createdAt))
    .limit(limit)
  return rows.map(flatten)
}

/** The gifts a person received: redeemed into their account, or addressed to their e-mail. */
export async function giftsReceivedBy(db: Database, userId: string, email: string, limit = 50): Promise<GiftWithPlan[]> {
  const rows = await db
    .select(withPlan)
    .from(gifts)
    .innerJoin(plans, eq(plans.code, gifts.planCode))
    .where(and(isNotNull(gifts.paidAt), or(eq(gifts.redeemedByUserId, userId), sql`lower(${gifts.recipientEmail}) = lower(${email})`)))
    .orderBy(desc(gifts.createdAt))
    .limit(limit)
  return rows.map(flatten)
}

export async function markGiftPaid(db: Database, id: string, values: { paymentId: string | null; paidAt: Date }): Promise<void> {
  await db.update(gifts).set(values).where(and(eq(gifts.id, id), isNull(gifts.paidAt)))
}

/** Paid gifts whose day (Brasília) has come, not delivered nor refunded: claimed for this pass (skip locked: several instances). */
export async function lockDueGifts(db: Database, today: string, limit: number): Promise<GiftWithPlan[]> {
  const rows = await db
    .select(withPlan)
    .from(gifts)
    .innerJoin(plans, eq(plans.code, gifts.planCode))
    .where(and(isNotNull(gifts.paidAt), isNull(gifts.deliveredAt), isNull(gifts.refundedAt), lte(gifts.deliverOn, today)))
    .orderBy(gifts.deliverOn)
    .limit(limit)
    .for('update', { of: gifts, skipLocked: true })
  return rows.map(flatten)
}

export async function markGiftDelivered(db: Database, id: string, tokenHash: string, at: Date): Promise<void> {
  await db.update(gifts).set({ tokenHash, deliveredAt: at }).where(eq(gifts.id, id))
}

export async function markGiftRedeemed(db: Database, id: string, userId: string, at: Date): Promise<void> {
  await db.update(gifts).set({ redeemedAt: at, redeemedByUserId: userId }).where(eq(gifts.id, id))
}

export async function markGiftRefunded(db: Database, id: string, at: Date): Promise<void> {
  await db.update(gifts).set({ refundedAt: at }).where(eq(gifts.id, id))
}

/** The refund's claim given back: the provider could not refund, the gift is as it was. */
export async function clearGiftRefund(db: Database, id: string): Promise<void> {
  await db.update(gifts).set({ refundedAt: null }).where(eq(gifts.id, id))
}

/** The redeemed gift's plan as a subscription that starts now and does not renew (provider 'gift'). */
export async function insertGiftSubscription(db: Database, input: { giftId: string; userId: string; email: string; planCode: string; periodEnd: Date }): Promise<void> {
  await db.insert(subscriptions).values({
    userId: input.userId,
    email: input.email,
    planCode: input.planCode,
    status: 'active',
    provider: 'gift',
    providerSubscriptionId: input.giftId,
    currentPeriodEnd: input.periodEnd,
    cancelAtPeriodEnd: true,
  })
}

/** Gifts paid since `since` (Financeiro): counts by state and revenue, plus the latest ones. */
export async function giftReport(db: Database, since: Date, recentLimit = 10) {
  const paidSince = and(isNotNull(gifts.paidAt), gte(gifts.paidAt, since))
  const [totals] = await db
    .select({
      sold: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.refundedAt} is null), 0)::int`,
      scheduled: sql<number>`count(*) filter (where ${gifts.deliveredAt} is null and ${gifts.refundedAt} is null)::int`,
      delivered: sql<number>`count(*) filter (where ${gifts.deliveredAt} is not null and ${gifts.redeemedAt} is null and ${gifts.refundedAt} is null)::int`,
      redeemed: sql<number>`count(*) filter (where ${gifts.redeemedAt} is not null)::int`,
      refunded: sql<number>`count(*) filter (where ${gifts.refundedAt} is not null)::int`,
    })
    .from(gifts)
    .where(paidSince)
  const recent = await db.select(withPlan).from(gifts).innerJoin(plans, eq(plans.code, gifts.planCode)).where(paidSince).orderBy(desc(gifts.paidAt)).limit(recentLimit)
  return { totals: totals ?? { sold: 0, revenueCents: 0, scheduled: 0, delivered: 0, redeemed: 0, refunded: 0 }, recent: recent.map(flatten) }
}

/** The person's gifts for the LGPD export: those they bought and those they received (never the link's hash). */
export async function giftsOfPersonForExport(db: Database, userId: string, email: string | null) {
  const fields = {
    planCode: gifts.planCode,
    buyerName: gifts.buyerName,
    recipientName: gifts.recipientName,
    recipientEmail: gifts.recipientEmail,
    message: gifts.message,
    deliverOn: gifts.deliverOn,
    amountCents: gifts.amountCents,
    currency: gifts.currency,
    paidAt: gifts.paidAt,
    deliveredAt: gifts.deliveredAt,
    redeemedAt: gifts.redeemedAt,
    refundedAt: gifts.refundedAt,
  }
  const boughtBy = email === null ? eq(gifts.buyerUserId, userId) : or(eq(gifts.buyerUserId, userId), sql`lower(${gifts.buyerEmail}) = lower(${email})`)
  const receivedBy = email === null ? eq(gifts.redeemedByUserId, userId) : or(eq(gifts.redeemedByUserId, userId), sql`lower(${gifts.recipientEmail}) = lower(${email})`)
  const [bought, received] = await Promise.all([
    db.select(fields).from(gifts).where(boughtBy).orderBy(gifts.createdAt),
    db.select(fields).from(gifts).where(and(isNotNull(gifts.paidAt), receivedBy)).orderBy(gifts.createdAt),
  ])
  return { bought, received }
}

/**
 * LGPD deletion: the gifts stay for accounting, without the person. As buyer: their e-mail and name
 * leave the row (a gift still to deliver says it comes from "Alguém especial"). As recipient: the
 * address, the name and the message addressed to them leave it.
 */
export async function detachGiftsOfPerson(db: Database, userId: string, email: string | null, placeholderEmail: string) {
  const boughtBy = email === null ? eq(gifts.buyerUserId, userId) : or(eq(gifts.buyerUserId, userId), sql`lower(${gifts.buyerEmail}) = lower(${email})`)
  const receivedBy = email === null ? eq(gifts.redeemedByUserId, userId) : or(eq(gifts.redeemedByUserId, userId), sql`lower(${gifts.recipientEmail}) = lower(${email})`)
  const bought = await db.update(gifts).set({ buyerUserId: null, buyerEmail: placeholderEmail, buyerName: ANONYMOUS_GIVER }).where(boughtBy).returning({ id: gifts.id })
  const received = await db
    .update(gifts)
    .set({ redeemedByUserId: null, recipientEmail: placeholderEmail, recipientName: '', message: '' })
    .where(receivedBy)
    .returning({ id: gifts.id })
  return { giftsBought: bought.length, giftsReceived: received.length }
}

/** Who a gift comes from once its buyer deleted their account. */
export const ANONYMOUS_GIVER = 'Alguém especial'
