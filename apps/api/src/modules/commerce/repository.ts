/** Our commerce tables: checkouts, payments, the webhook ledger, guarantee requests, subscription rows. */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { checkouts, payments, pendingSubscriptions, plans, refundRequests, subscriptions, user, webhookEvents } from '../../db/schema/index.js'

export type CheckoutRow = typeof checkouts.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type RefundRequestRow = typeof refundRequests.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect
export type PendingRow = typeof pendingSubscriptions.$inferSelect

// ───────────── checkout_sessions ─────────────

export async function insertCheckout(db: Database, values: typeof checkouts.$inferInsert): Promise<void> {
  await db.insert(checkouts).values(values)
}

export async function findCheckout(db: Database, id: string, forUpdate = false): Promise<CheckoutRow | null> {
  const query = db.select().from(checkouts).where(eq(checkouts.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function findCheckoutBySubscription(db: Database, provider: string, providerSubscriptionId: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, provider), eq(checkouts.providerSubscriptionId, providerSubscriptionId)))
    .limit(1)
  return row ?? null
}

export async function markCheckoutPaid(
  db: Database,
  id: string,
  values: { providerCustomerId: string | null; providerSubscriptionId: string | null; email: string | null; customerName: string | null },
): Promise<void> {
  await db
    .update(checkouts)
    .set({
      status: 'complete',
      paymentStatus: 'paid',
      providerCustomerId: values.providerCustomerId,
      providerSubscriptionId: values.providerSubscriptionId,
      email: sql`coalesce(${checkouts.email}, ${values.email})`,
      customerName: sql`coalesce(${checkouts.customerName}, ${values.customerName})`,
      completedAt: sql`coalesce(${checkouts.completedAt}, now())`,
    })
    .where(eq(checkouts.id, id))
}

/** The provider expired an unpaid checkout (an abandoned purchase). */
export async function markCheckoutExpired(db: Database, provider: string, id: string): Promise<boolean> {
  const rows = await db
    .update(checkouts)
    .set({ status: 'expired' })
    .where(and(eq(checkouts.id, id), eq(checkouts.provider, provider), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id })
  return rows.length > 0
}

// ───────────── subscriptions / pending_subscriptions ─────────────

export async function findSubscriptionByProvider(db: Database, provider: string, providerSubscriptionId: string, forUpdate = false): Promise<SubscriptionRow | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function findSubscriptionById(db: Database, id: string, forUpdate = false): Promise<SubscriptionRow | null> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function insertSubscription(db: Database, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning()
  return row!
}

export async function updateSubscription(db: Database, id: string, values: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
}

export async function findPendingByProvider(db: Database, provider: string, providerSubscriptionId: string): Promise<PendingRow | null> {
  const [row] = await db
    .select()
    .from(pendingSubscriptions)
    .where(and(eq(pendingSubscriptions.provider, provider), eq(pendingSubscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1)
  return row ?? null
}

/** One pending row per checkout (unique checkout_session_id): a repeat does nothing and returns false. */
export async function insertPending(db: Database, values: typeof pendingSubscriptions.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(pendingSubscriptions)
    .values(values)
    .onConflictDoNothing({ target: pendingSubscriptions.checkoutId })
    .returning({ id: pendingSubscriptions.id })
  return rows.length > 0
}

export async function updatePending(db: Database, id: string, values: Partial<typeof pendingSubscriptions.$inferInsert>): Promise<void> {
  await db.update(pendingSubscriptions).set(values).where(eq(pendingSubscriptions.id, id))
}

export async function accountIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1)
  return row?.id ?? null
}

/** Whether an account with this e-mail exists and has proven it (accounts/mailbox.ts). */
/** Whether any account (verified or not) has this e-mail. */
export async function accountExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1)
  return row !== undefined
}

export async function verifiedAccountExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email.trim().toLowerCase()), eq(user.emailVerified, true)))
    .limit(1)
  return row !== undefined
}

/** Whether a purchase of this checkout still waits for its owner. */
export async function pendingOfCheckout(db: Database, checkoutId: string): Promise<{ email: string } | null> {
  const [row] = await db.select({ email: pendingSubscriptions.email }).from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, checkoutId))
  return row ?? null
}

export async function userEmailAndName(db: Database, userId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId))
  return row ?? null
}

/** The name a subscriber gave us (the e-mails' greeting); null without an account. */
export async function nameOfUser(db: Database, userId: string | null): Promise<string | null> {
  return userId ? ((await userEmailAndName(db, userId))?.name ?? null) : null
}

// ───────────── payments ─────────────

/** Records a charge once per (provider, payment id); returns the row only when it is new. */
export async function insertPayment(db: Database, values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] }).returning()
  return row ?? null
}

export async function paymentById(db: Database, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id))
  return row ?? null
}

/** How each of these payments was made, by payment id. */
export async function paymentMethodsOf(db: Database, ids: string[]): Promise<Map<string, PaymentRow['method']>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: payments.id, method: payments.method }).from(payments).where(inArray(payments.id, ids))
  return new Map(rows.map((row) => [row.id, row.method]))
}

/** Payments recorded before the subscription row existed (invoice.paid first) are attached to it. */
export async function linkPayments(db: Database, provider: string, providerSubscriptionId: string, subscriptionId: string, userId: string | null): Promise<void> {
  await db
    .update(payments)
    .set({ subscriptionId, userId: sql`coalesce(${payments.userId}, ${userId})` })
    .where(and(eq(payments.provider, provider), eq(payments.providerSubscriptionId, providerSubscriptionId), sql`${payments.subscriptionId} is null`))
}

export async function markPaymentRefunded(db: Database, provider: string, providerPaymentId: string, amountCents: number | null): Promise<void> {
  await db
    .update(payments)
    .set({
      status: 'refunded',
      refundedAt: sql`coalesce(${payments.refundedAt}, now())`,
      refundedAmountCents: amountCents === null ? sql`${payments.amountCents}` : sql`least(${amountCents}, ${payments.amountCents})`,
    })
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
}

/**
 * A paid charge the payer contested at the issuer: 'disputed', 'unchanged' (already disputed, or
 * refunded: it stays so) or 'unknown' (not recorded yet).
 */
export async function markPaymentDisputed(db: Database, provider: string, providerPaymentId: string): Promise<'disputed' | 'unchanged' | 'unknown'> {
  const match = and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId))
  const rows = await db
    .update(payments)
    .set({ status: 'disputed', disputedAt: sql`now()` })
    .where(and(match, eq(payments.status, 'paid')))
    .returning({ id: payments.id })
  if (rows.length > 0) return 'disputed'
  const [known] = await db.select({ id: payments.id }).from(payments).where(match).limit(1)
  return known ? 'unchanged' : 'unknown'
}

/** The latest charge of a subscription, also when it was recorded before the row existed (pay-first, invoice first). */
/**
 * Claims the renewal notices due: subscriptions the provider will charge again (active, not set to
 * end, not a courtesy) whose period ends between `now` and `until`, not yet noticed for that period
 * end. The claim is the update itself, so two instances never send the same notice; in the caller's
 * transaction, with the e-mails, so a failed pass claims nothing.
 */
export async function claimRenewalNotices(db: Database, now: Date, until: Date, limit: number): Promise<SubscriptionRow[]> {
  const due = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        sql`${subscriptions.provider} <> 'complimentary'`,
        sql`${subscriptions.currentPeriodEnd} > ${now} and ${subscriptions.currentPeriodEnd} <= ${until}`,
        sql`${subscriptions.renewalNoticeFor} is distinct from ${subscriptions.currentPeriodEnd}`,
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(subscriptions)
    .set({ renewalNoticeFor: sql`${subscriptions.currentPeriodEnd}` })
    .where(sql`${subscriptions.id} in (${due})`)
    .returning()
}

export async function lastPaymentOfSubscription(db: Database, sub: Pick<SubscriptionRow, 'id' | 'provider' | 'providerSubscriptionId'>): Promise<PaymentRow | null> {
  const byProvider = sub.providerSubscriptionId
    ? and(eq(payments.provider, sub.provider), eq(payments.providerSubscriptionId, sub.providerSubscriptionId))
    : undefined
  const [row] = await db
    .select()
    .from(payments)
    .where(byProvider ? or(eq(payments.subscriptionId, sub.id), byProvider) : eq(payments.subscriptionId, sub.id))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt))
    .limit(1)
  return row ?? null
}

export async function findPaymentById(db: Database, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id))
  return row ?? null
}

// ───────────── webhook ledger ─────────────

export async function ledgerHas(db: Database, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
    .limit(1)
  return rows.length > 0
}

/**
 * Claims an event inside the transaction of its effect. A concurrent duplicate waits on the unique
 * index until this transaction ends, then finds the row and gets false: one effect only.
 */
export async function claimEvent(db: Database, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider, eventId, type, processedAt: sql`now()` })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning({ id: webhookEvents.id })
  return rows.length > 0
}

// ───────────── refund_requests ─────────────

export async function insertRefundRequest(db: Database, values: typeof refundRequests.$inferInsert): Promise<RefundRequestRow | null> {
  const [row] = await db
    .insert(refundRequests)
    .values(values)
    .onConflictDoNothing({ target: refundRequests.subscriptionId, where: sql`${refundRequests.status} = 'pending'` })
    .returning()
  return row ?? null
}

export async function latestRefundRequest(db: Database, subscriptionId: string): Promise<RefundRequestRow | null> {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, subscriptionId)).orderBy(desc(refundRequests.requestedAt)).limit(1)
  return row ?? null
}

export async function findRefundRequest(db: Database, id: string, forUpdate = false): Promise<RefundRequestRow | null> {
  const query = db.select().from(refundRequests).where(eq(refundRequests.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function decideRefundRequest(
  db: Database,
  id: string,
  values: { status: 'approved' | 'rejected'; decidedBy: string; decisionReason: string | null; paymentId?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(refundRequests)
    // The account a boleto's refund went to is not kept once decided (data minimisation).
    .set({ ...values, refundAccount: null, decidedAt: sql`now()` })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending')))
    .returning({ id: refundRequests.id })
  return rows.length > 0
}

// ───────────── plans ─────────────

export async function planByCode(db: Database, code: string): Promise<typeof plans.$inferSelect | null> {
  const [row] = await db.select().from(plans).where(eq(plans.code, code))
  return row ?? null
}

// ───────────── LGPD: a person's commerce records ─────────────

/** Rows of the person: by account, and by e-mail only when `email` is given (a proven address). */
const ofPerson = <T extends { userId: unknown; email: unknown }>(table: T, userId: string, email: string | null) =>
  email === null ? eq(table.userId as never, userId) : or(eq(table.userId as never, userId), sql`lower(${table.email as never}) = lower(${email})`)

/** A person's checkouts, payments and guarantee requests, for the LGPD export (no provider secrets are stored). */
export async function loadCommerceDataOfPerson(db: Database, userId: string, email: string | null) {
  const [checkoutRows, paid, refunds] = await Promise.all([
    db
      // Never the checkout's id: it is the buyer's secret (it proves the payment on /login).
      .select({
        planCode: checkouts.planCode,
        customerName: checkouts.customerName,
        email: checkouts.email,
        amountCents: checkouts.amountCents,
        currency: checkouts.currency,
        status: checkouts.status,
        paymentStatus: checkouts.paymentStatus,
        createdAt: checkouts.createdAt,
        completedAt: checkouts.completedAt,
      })
      .from(checkouts)
      .where(ofPerson(checkouts, userId, email))
      .orderBy(checkouts.createdAt),
    db
      .select({
        planCode: payments.planCode,
        amountCents: payments.amountCents,
        currency: payments.currency,
        method: payments.method,
        status: payments.status,
        paidAt: payments.paidAt,
        refundedAt: payments.refundedAt,
        refundedAmountCents: payments.refundedAmountCents,
      })
      .from(payments)
      .where(ofPerson(payments, userId, email))
      .orderBy(payments.paidAt),
    db
      .select({
        reason: refundRequests.reason,
        status: refundRequests.status,
        decisionReason: refundRequests.decisionReason,
        requestedAt: refundRequests.requestedAt,
        decidedAt: refundRequests.decidedAt,
      })
      .from(refundRequests)
      .where(ofPerson(refundRequests, userId, email))
      .orderBy(refundRequests.requestedAt),
  ])
  return { checkouts: checkoutRows, payments: paid, refundRequests: refunds }
}

/**
 * LGPD deletion: payments, checkouts and guarantee requests stay for accounting (like the
 * subscriptions) but no longer name the person: owner cleared, e-mail replaced, free text removed.
 */
export async function detachCommerceDataOfPerson(db: Database, userId: string, email: string | null, placeholderEmail: string) {
  const [checkoutRows, paid, refunds] = await Promise.all([
    db
      .update(checkouts)
      .set({ userId: null, email: placeholderEmail, customerName: null })
      .where(ofPerson(checkouts, userId, email))
      .returning({ id: checkouts.id }),
    db.update(payments).set({ userId: null, email: placeholderEmail }).where(ofPerson(payments, userId, email)).returning({ id: payments.id }),
    db
      .update(refundRequests)
      .set({ userId: null, email: placeholderEmail, reason: '' })
      .where(ofPerson(refundRequests, userId, email))
      .returning({ id: refundRequests.id }),
  ])
  return { checkouts: checkoutRows.length, payments: paid.length, refundRequests: refunds.length }
}
