/**
 * Commerce: plans, subscriptions and purchases waiting for their buyer, checkouts, payments,
 * the webhook ledger and guarantee requests. Money is integer centavos.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './accounts.js'
import { createdAt, ts, updatedAt } from './columns.js'
import { CANCEL_OUTCOMES, type RefundBankAccount } from '@sintonia/contract'

export const plans = pgTable(
  'plans',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    intervalMonths: integer('interval_months').notNull(),
    savings: text('savings'),
    popular: boolean('popular').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    hasPromotion: boolean('has_promotion').notNull().default(false),
    discountPercentage: integer('discount_percentage'),
    promotionEndDate: timestamp('promotion_end_date', { withTimezone: true }),
    promotionLabel: text('promotion_label'),
    displayOrder: integer('display_order').notNull().default(0),
    /** The card's list (docs/product/commerce.md#plan-cards); the default is DEFAULT_PLAN_BENEFITS. */
    benefits: jsonb('benefits')
      .$type<string[]>()
      .notNull()
      .default(sql`'["Todos os campos e áudios", "Novos conteúdos todo mês", "Ouça também sem internet"]'::jsonb`),
    /** The card's call to action; null reads 'Assinar {name}'. */
    buttonText: text('button_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plans_code_known', sql`${t.code} in ('trimestral', 'semestral', 'anual')`),
    check('plans_prices_positive', sql`${t.priceCents} > 0 and ${t.originalPriceCents} > 0`),
    check('plans_interval_positive', sql`${t.intervalMonths} > 0`),
    check('plans_benefits_list', sql`jsonb_typeof(${t.benefits}) = 'array'`),
    check(
      'plans_discount_range',
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 1 and 100`,
    ),
  ],
)

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const

/** A subscriber's subscription, created only from verified gateway events. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The period end the renewal notice went out for (commerce/renewal-notices.ts): once per period. */
    renewalNoticeFor: timestamp('renewal_notice_for', { withTimezone: true }),
    /**
     * Past due: when access ends unless the period is paid (commerce/access-rule.ts), set from the
     * admin's grace days when the renewal failed; null otherwise.
     */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /**
     * A pause the subscriber took instead of cancelling (docs/product/commerce.md#a-fair-goodbye):
     * from the paid period's end until the renewal the provider moved; no access in between
     * (commerce/access-rule.ts). Null when never paused.
     */
    pauseStartsAt: ts('pause_starts_at'),
    pauseEndsAt: ts('pause_ends_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
    check(
      'subscriptions_status_known',
      sql`${t.status} in ('active', 'past_due', 'canceled', 'expired')`,
    ),
  ],
)

/** A paid checkout whose buyer has no account yet (pay-first); merged on sign-up/login. */
export const pendingSubscriptions = pgTable(
  'pending_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    checkoutId: text('checkout_session_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_subscriptions_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('pending_subscriptions_session_idx').on(t.checkoutId),
  ],
)

/** 'gift': a one-off payment for someone else (gifts.ts), no subscription at the provider. */
export const CHECKOUT_FLOWS = ['auth_first', 'pay_first', 'gift'] as const

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const

export const CHECKOUT_PAYMENT_STATUSES = ['unpaid', 'paid'] as const

export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const

/** 'disputed': the payer contested the charge at the card issuer (a chargeback under review). */
export const PAYMENT_STATUSES = ['paid', 'refunded', 'disputed'] as const

export const REFUND_STATUSES = ['pending', 'approved', 'rejected'] as const

/** `subscriptions.provider` values: the gateways and an admin's complimentary access (a plain text column: no check to migrate). */
export const SUBSCRIPTION_PROVIDERS = ['sandbox', 'stripe', 'asaas', 'complimentary', 'gift'] as const

/** Our record of a checkout we started at a provider; the id is the provider's (a Stripe Checkout Session's). */
export const checkouts = pgTable(
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
    check('checkout_sessions_flow_known', sql`${t.flow} in ('auth_first', 'pay_first', 'gift')`),
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
    checkoutId: text('checkout_session_id'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** Card: how many instalments the buyer chose (contract commerce/installments.ts); null for Pix. */
    installments: integer('installments'),
    /** Card in instalments with the admin's monthly interest (the amount includes it); false: "sem juros". */
    installmentsWithInterest: boolean('installments_with_interest').notNull().default(false),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('paid'),
    paidAt: ts('paid_at').notNull(),
    refundedAt: ts('refunded_at'),
    disputedAt: ts('disputed_at'),
    refundedAmountCents: integer('refunded_amount_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('payments_subscription_id_idx').on(t.subscriptionId),
    index('payments_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
    index('payments_paid_at_idx').on(t.paidAt),
    check('payments_method_known', sql`${t.method} in ('card', 'pix', 'boleto')`),
    check('payments_installments_range', sql`${t.installments} is null or (${t.method} = 'card' and ${t.installments} between 1 and 12)`),
    check('payments_status_known', sql`${t.status} in ('paid', 'refunded', 'disputed')`),
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
    /**
     * A boleto's refund: the account the buyer named for the transfer (contract
     * refundBankAccountSchema). Erased when the request is decided.
     */
    refundAccount: jsonb('refund_account').$type<RefundBankAccount>(),
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

/**
 * A subscriber's goodbye (docs/product/commerce.md#a-fair-goodbye): why they wanted to leave (optional),
 * whether the admin's offer was made, and what they chose — cancel, pause or the discount. One row
 * per decision; a subscription is made the offer once (any row with `offer_made`). `came_back_at`:
 * the one-tap return before the paid period ended. Counted in the admin's Financeiro.
 */
export const subscriptionExits = pgTable(
  'subscription_exits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** One of CANCEL_REASONS (contract); null when the subscriber did not say. */
    reason: text('reason'),
    note: text('note'),
    offerMade: boolean('offer_made').notNull(),
    outcome: text('outcome', { enum: CANCEL_OUTCOMES }).notNull(),
    pauseMonths: integer('pause_months'),
    discountPercent: integer('discount_percent'),
    cameBackAt: ts('came_back_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_exits_subscription_idx').on(t.subscriptionId),
    index('subscription_exits_created_idx').on(t.createdAt),
    check('subscription_exits_outcome_known', sql`${t.outcome} in ('canceled', 'paused', 'discounted')`),
    check('subscription_exits_pause_range', sql`${t.pauseMonths} is null or ${t.pauseMonths} between 1 and 3`),
    check('subscription_exits_discount_range', sql`${t.discountPercent} is null or ${t.discountPercent} between 1 and 100`),
  ],
)

/**
 * Card instalments with Asaas (docs/decisions/031-asaas-card-instalment-renewals.md): Asaas splits
 * a single charge in instalments but has no subscription in instalments, so each such purchase is a
 * plan of ours that charges every later period on the card's token (asaas-card-renewals.ts). Its
 * state moves only with what Asaas answers or reports; `card_token` is a secret (never in a
 * response or a log line) and useless outside our Asaas account and that customer.
 */
export const asaasCardPlans = pgTable(
  'asaas_card_plans',
  {
    /** `acp_…`: the provider subscription id our `subscriptions` row carries. */
    id: text('id').primaryKey(),
    /** Our checkout reference (`ask_…`) the first period was bought under. */
    checkoutId: text('checkout_id').notNull(),
    /** 'pending' until the first period is paid; then 'active', 'past_due' or 'canceled'. */
    status: text('status').notNull().default('pending'),
    planName: text('plan_name').notNull(),
    intervalMonths: integer('interval_months').notNull(),
    /** A period's price with the interest of `installmentCount`, centavos (what each renewal charges). */
    amountCents: integer('amount_cents').notNull(),
    /** How many instalments the buyer chose on our page (Asaas's page may take fewer for the first period). */
    installmentCount: integer('installment_count').notNull(),
    installmentInterestBp: integer('installment_interest_bp').notNull().default(0),
    /** The buyer's address when they chose it: Asaas asks it of every card charge (antifraud). */
    remoteIp: text('remote_ip').notNull(),
    customerId: text('customer_id'),
    cardToken: text('card_token'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Periods paid so far; the next period's charges carry `<id>.<periodsPaid + 1>` as their reference. */
    periodsPaid: integer('periods_paid').notNull().default(0),
    /** When the card is charged next (the period's end, then the retries); null: no more card attempts. */
    nextChargeAt: ts('next_charge_at'),
    /** Refused card attempts for the period now due. */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** A pass is charging it until then (several instances: one charges, the others skip it). */
    chargingUntil: ts('charging_until'),
    /** After a refusal: the period's charge the subscriber pays by Pix or boleto on Asaas's invoice page. */
    pendingPaymentId: text('pending_payment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('asaas_card_plans_checkout_idx').on(t.checkoutId),
    index('asaas_card_plans_due_idx').on(t.nextChargeAt).where(sql`${t.status} in ('active', 'past_due')`),
    check('asaas_card_plans_status_known', sql`${t.status} in ('pending', 'active', 'past_due', 'canceled')`),
  ],
)

// ───────────────────────── The sandbox provider's own state ─────────────────────────

/**
 * A plan bought for someone else (docs/product/commerce.md#gifts, ADR 035): paid once through a
 * 'gift' checkout, e-mailed to `recipient_email` on `deliver_on` (Brasília) with a gift link whose
 * token only the e-mail holds (`token_hash` is its SHA-256), redeemed into an account as a
 * subscription of provider 'gift' that starts then and does not renew. Its state is read from the
 * timestamps (contract GIFT_STATES): unpaid, paid, delivered, redeemed, refunded.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerUserId: text('buyer_user_id').references(() => user.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    /** YYYY-MM-DD on the Brasília calendar: delivered from that day's first pass on. */
    deliverOn: text('deliver_on').notNull(),
    checkoutId: text('checkout_session_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    paidAt: ts('paid_at'),
    tokenHash: text('token_hash'),
    deliveredAt: ts('delivered_at'),
    redeemedAt: ts('redeemed_at'),
    redeemedByUserId: text('redeemed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gifts_checkout_idx').on(t.checkoutId),
    uniqueIndex('gifts_token_idx').on(t.tokenHash),
    index('gifts_buyer_idx').on(t.buyerUserId),
    index('gifts_recipient_idx').on(sql`lower(${t.recipientEmail})`),
    index('gifts_due_idx').on(t.deliverOn).where(sql`${t.paidAt} is not null and ${t.deliveredAt} is null and ${t.refundedAt} is null`),
    check('gifts_deliver_on_date', sql`${t.deliverOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check('gifts_amount_positive', sql`${t.amountCents} > 0`),
    check('gifts_redeemed_or_refunded', sql`${t.redeemedAt} is null or ${t.refundedAt} is null`),
  ],
)
