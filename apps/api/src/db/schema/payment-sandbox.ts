/**
 * The built-in sandbox provider's own tables: it stands for an outside provider, so nothing of
 * commerce reads them.
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, ts, updatedAt } from './columns.js'

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: createdAt(),
})

/** A hosted checkout page of the sandbox (Stripe-shaped: client_reference_id, metadata, URLs). */
export const sandboxCheckouts = pgTable('sandbox_checkout_sessions', {
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
  /** Card payments: how many instalments the buyer chose (contract commerce/installments.ts); null otherwise. */
  installments: integer('installments'),
  /** The merchant's monthly interest on instalments (basis points) when the page was created; 0: "sem juros". */
  installmentInterestBp: integer('installment_interest_bp').notNull().default(0),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  lastErrorCode: text('last_error_code'),
  /** The Pix code shown now (its BR Code's txid) and when it stops being payable; a new one on request. */
  pixTxid: text('pix_txid'),
  pixExpiresAt: ts('pix_expires_at'),
  /**
   * 'subscription': a new subscription's first payment. 'renewal': the unpaid period of a
   * subscription that went past due, paid by Pix or boleto (`renewsSubscriptionId`). 'payment': a
   * one-off payment (Stripe's `mode: payment`), no subscription; its charge is `chargeId`.
   */
  kind: text('kind').notNull().default('subscription'),
  chargeId: text('charge_id'),
  renewsSubscriptionId: text('renews_subscription_id'),
  /** A boleto issued for this checkout: its digitable line and due date (paid at the test bank). */
  boletoLine: text('boleto_line'),
  boletoDueAt: ts('boleto_due_at'),
  /** The payer's CPF the boleto names (a provider keeps it; the merchant's tables never do). */
  payerCpf: text('payer_cpf'),
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
  /** Card: the instalments the buyer chose, kept for every renewal's charge; null otherwise. */
  installments: integer('installments'),
  /** …and the monthly interest agreed for them (basis points), so each renewal charges the same. */
  installmentInterestBp: integer('installment_interest_bp').notNull().default(0),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /**
   * Pix: the Pix Automático authorisation the payer gave in the bank with the first payment
   * (each renewal is debited under it); null once cancelled in the bank app, or never given.
   */
  pixAuthorizationId: text('pix_authorization_id'),
  /** A discount the subscriber accepted instead of cancelling: taken off the next renewal's charge only. */
  nextRenewalDiscountPercent: integer('next_renewal_discount_percent'),
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
  /** Card: how many instalments this charge is split into; null otherwise. */
  installments: integer('installments'),
  status: text('status').notNull(),
  createdAt: createdAt(),
})

/** A customer-portal link of the sandbox (Stripe's Billing Portal session), valid for an hour. */
export const sandboxPortalLinks = pgTable('sandbox_portal_sessions', {
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
