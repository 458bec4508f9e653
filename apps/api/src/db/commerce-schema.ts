/**
 * Commerce tables (ADR 004, docs/payments.md). Two groups:
 *
 * - Ours: `checkout_sessions` (every checkout we started), `payments` (charges and refunds as
 *   recorded from verified provider events), `webhook_events` (the idempotency ledger) and
 *   `refund_requests` (guarantee requests decided by an admin).
 * - The built-in sandbox *provider*'s own state, prefixed `sandbox_`. It plays the part of
 *   Stripe's remote state: our code reads it only through the `PaymentGateway` interface, never
 *   directly, so the sandbox exercises the same paths as a real provider.
 *
 * `subscriptions.provider` is free text: 'sandbox', 'stripe', or 'complimentary' (access granted by
 * an admin, no provider behind it, no portal).
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core'
import { user } from './auth-schema.js'
import { plans, subscriptions } from './schema.js'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const ts = (name: string) => timestamp(name, { withTimezone: true })

export const CHECKOUT_FLOWS = ['auth_first', 'pay_first'] as const
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const
export const CHECKOUT_PAYMENT_STATUSES = ['unpaid', 'paid'] as const
export const PAYMENT_METHODS = ['card', 'pix'] as const
export const PAYMENT_STATUSES = ['paid', 'refunded'] as const
export const REFUND_STATUSES = ['pending', 'approved', 'rejected'] as const
/** `subscriptions.provider` values: the two gateways and an admin's complimentary access. */
export const SUBSCRIPTION_PROVIDERS = ['sandbox', 'stripe', 'complimentary'] as const

/** Our record of a checkout we started at a provider; the id is the provider's session id. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    flow: text('flow', { enum: CHECKOUT_FLOWS }).notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    /** Auth-first: the signed-in buyer. Pay-first: null (the e-mail is claimed later). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email'),
    customerName: text('customer_name'),
    /** What we asked the provider to charge (the plan's price, promotion applied, at creation). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: CHECKOUT_PAYMENT_STATUSES }).notNull().default('unpaid'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('checkout_sessions_user_id_idx').on(t.userId),
    index('checkout_sessions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
    check('checkout_sessions_flow_known', sql`${t.flow} in ('auth_first', 'pay_first')`),
    check('checkout_sessions_status_known', sql`${t.status} in ('open', 'complete', 'expired')`),
    check('checkout_sessions_payment_status_known', sql`${t.paymentStatus} in ('unpaid', 'paid')`),
    check('checkout_sessions_amount_positive', sql`${t.amountCents} > 0`),
  ],
)

/** A successful charge (and its refund) as recorded from verified provider events. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** The provider's charge / payment intent id. */
    providerPaymentId: text('provider_payment_id').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    checkoutSessionId: text('checkout_session_id'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('paid'),
    paidAt: ts('paid_at').notNull(),
    refundedAt: ts('refunded_at'),
    refundedAmountCents: integer('refunded_amount_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_subscription_id_idx').on(t.subscriptionId),
    index('payments_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
    index('payments_paid_at_idx').on(t.paidAt),
    check('payments_method_known', sql`${t.method} in ('card', 'pix')`),
    check('payments_status_known', sql`${t.status} in ('paid', 'refunded')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_refund_range', sql`${t.refundedAmountCents} between 0 and ${t.amountCents}`),
  ],
)

/** The webhook idempotency ledger: a provider event id is processed once (inserted in the same transaction as its effect). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_idx').on(t.provider, t.eventId), index('webhook_events_received_at_idx').on(t.receivedAt)],
)

/** A guarantee (refund) request; an admin approves or rejects it. At most one pending per subscription. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    /** The admin's user id (plain text so the history outlives the account). */
    decidedBy: text('decided_by'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('refund_requests_one_pending_idx').on(t.subscriptionId).where(sql`${t.status} = 'pending'`),
    index('refund_requests_status_requested_idx').on(t.status, t.requestedAt),
    check('refund_requests_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

// ───────────────────────── The sandbox provider's own state ─────────────────────────

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: createdAt(),
})

/** A hosted checkout page of the sandbox (Stripe-shaped: client_reference_id, metadata, URLs). */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  productName: text('product_name').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  intervalMonths: integer('interval_months').notNull(),
  customerEmail: text('customer_email'),
  customerName: text('customer_name'),
  clientReferenceId: text('client_reference_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status').notNull().default('open'),
  paymentStatus: text('payment_status').notNull().default('unpaid'),
  paymentMethod: text('payment_method'),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  lastErrorCode: text('last_error_code'),
  createdAt: createdAt(),
  completedAt: ts('completed_at'),
  expiresAt: ts('expires_at').notNull(),
})

export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  productName: text('product_name').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  intervalMonths: integer('interval_months').notNull(),
  status: text('status').notNull(),
  currentPeriodStart: ts('current_period_start').notNull(),
  currentPeriodEnd: ts('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  canceledAt: ts('canceled_at'),
  paymentMethod: text('payment_method').notNull().default('card'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  subscriptionId: text('subscription_id'),
  invoiceId: text('invoice_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
})

export const sandboxPortalSessions = pgTable('sandbox_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
})

/** Events the sandbox emitted, with their delivery attempts to our webhook endpoint. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: ts('delivered_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_events_undelivered_idx').on(t.createdAt).where(sql`${t.deliveredAt} is null`)],
)
