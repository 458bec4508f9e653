/**
 * The one webhook handler for every provider (docs/payments.md). Rules:
 *
 * - Each provider event id is processed once: the ledger row is inserted in the same transaction
 *   as the event's effect, so a repeat (or a concurrent duplicate) is acknowledged and changes
 *   nothing, and a failed effect leaves no ledger row, so the provider's retry runs it again.
 * - Events may arrive in any order, so effects never trust the event's copy of an object: the
 *   current checkout/subscription (and, for the neutral payment kinds of ADR 030 item 1 that the
 *   Asaas adapter emits, the payment) is re-read from the gateway before the transaction.
 * - Unknown event types are acknowledged and ignored.
 *
 * `applyPaidCheckout` is also what verify-payment / verify-session run when the buyer is back
 * before the webhook: the same idempotent effect.
 */
import { MAX_INSTALLMENTS, PLAN_CODES, type PaymentMethod } from '@sintonia/contract'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { Database } from '../../db/client.js'
import type { Mailer } from '../../plugins/mailer.js'
import { getProductName, getRenewalGraceDays, getSupportEmail } from '../content/settings-service.js'
import { graceEndFor } from './access-rule.js'
import { buildReceiptEmail, buildRenewalFailedEmail } from './emails.js'
import { idOf, isRecord, num, str } from './gateway/events.js'
import { NEUTRAL_PAYMENT_EVENTS, type CheckoutInfo, type PaymentGateway, type PaymentInfo, type SubscriptionInfo, type VerifiedEvent } from './gateway/types.js'
import * as repo from './repository.js'
import { applyPaidGift } from './gift-delivery.js'

export interface CommerceDeps {
  db: Database
  gateway: PaymentGateway
  mailer: Pick<Mailer, 'enqueue' | 'kick'>
  publicUrl: string
  log: ServiceLogger
  /**
   * A pay-first purchase now waits for the owner of `email`'s mailbox: the accounts domain sends
   * the access link (wired by app.ts; commerce does not reach into accounts). False when nothing
   * waits for the e-mail.
   */
  purchaseWaiting(tx: Database, email: string, reason: 'purchase' | 'resend'): Promise<boolean>
  /** The server's clock (a gift's day is read by it; journeys move it). Real time when absent. */
  now?: () => Date
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored'

const isPlanCode = (code: string | null | undefined): code is (typeof PLAN_CODES)[number] => !!code && (PLAN_CODES as readonly string[]).includes(code)

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.payment_failed',
])
const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
const INVOICE_PAID_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded'])
const PAYMENT_EVENTS = new Set<string>(Object.values(NEUTRAL_PAYMENT_EVENTS))

/** A paid charge as recorded in `payments` (from a Stripe-shaped invoice, or a payment re-read from the gateway). */
interface PaidCharge {
  paymentId: string
  invoiceId: string | null
  subscriptionId: string | null
  amountCents: number
  currency: string
  method: PaymentMethod
  installments: number | null
  /** Card in instalments with the merchant's interest (the amount includes it). */
  installmentsWithInterest: boolean
  paidAt: Date
  email: string | null
  renewal: boolean
}

/** The subscription an invoice belongs to (older API versions: `subscription`; newer: `parent.subscription_details`). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = isRecord(invoice.parent) && isRecord(invoice.parent.subscription_details) ? invoice.parent.subscription_details : null
  return idOf(invoice.subscription) ?? (parent ? idOf(parent.subscription) : null)
}

/**
 * A card invoice's instalments: its charge, expanded, tells them where Stripe's charge does
 * (`payment_method_details.card.installments.plan.count`); none there means paid at once (1). The
 * sandbox's plan also says `interest_free: false` when the merchant's interest applied.
 */
function invoiceCardInstallments(invoice: Record<string, unknown>): { count: number; withInterest: boolean } {
  const details = isRecord(invoice.charge) && isRecord(invoice.charge.payment_method_details) ? invoice.charge.payment_method_details : null
  const plan = details && isRecord(details.card) && isRecord(details.card.installments) && isRecord(details.card.installments.plan) ? details.card.installments.plan : null
  const count = plan ? num(plan.count) : null
  const valid = count !== null && Number.isInteger(count) && count >= 1 && count <= MAX_INSTALLMENTS ? count : 1
  return { count: valid, withInterest: valid > 1 && plan?.interest_free === false }
}

/** The charge to refund later: charge or payment intent; newest API versions list it under `payments`. */
function invoicePaymentId(invoice: Record<string, unknown>): string | null {
  const listed = isRecord(invoice.payments) && Array.isArray(invoice.payments.data) ? invoice.payments.data.find(isRecord) : undefined
  const listedPayment = listed && isRecord(listed.payment) ? listed.payment : null
  return idOf(invoice.charge) ?? idOf(invoice.payment_intent) ?? (listedPayment ? (idOf(listedPayment.charge) ?? idOf(listedPayment.payment_intent)) : null) ?? str(invoice.id)
}

export async function handleWebhookEvent(deps: CommerceDeps, event: VerifiedEvent): Promise<WebhookOutcome> {
  const provider = deps.gateway.provider
  if (await repo.ledgerHas(deps.db, provider, event.id)) return 'duplicate'

  // Current state, read before the transaction (a provider call must not hold a database lock).
  let checkout: CheckoutInfo | null = null
  let subscription: SubscriptionInfo | null = null
  let payment: PaymentInfo | null = null
  const objectId = str(event.object.id)
  if (PAYMENT_EVENTS.has(event.type) && objectId && deps.gateway.retrievePayment) {
    payment = await deps.gateway.retrievePayment(objectId)
    if (payment?.subscriptionId && event.type !== NEUTRAL_PAYMENT_EVENTS.refunded) subscription = await deps.gateway.retrieveSubscription(payment.subscriptionId)
    // A checkout's first payment: its checkout too (its own event may have come first, unpaid yet).
    if (payment?.checkoutId && payment.status === 'paid' && event.type === NEUTRAL_PAYMENT_EVENTS.succeeded) checkout = await deps.gateway.retrieveCheckout(payment.checkoutId)
  } else if (CHECKOUT_EVENTS.has(event.type) && objectId) {
    checkout = await deps.gateway.retrieveCheckout(objectId)
    if (checkout?.subscriptionId) subscription = await deps.gateway.retrieveSubscription(checkout.subscriptionId)
  } else if (INVOICE_PAID_EVENTS.has(event.type) || event.type === 'invoice.payment_failed') {
    const subId = invoiceSubscriptionId(event.object)
    if (subId) subscription = await deps.gateway.retrieveSubscription(subId)
  } else if (SUBSCRIPTION_EVENTS.has(event.type) && objectId) {
    subscription = await deps.gateway.retrieveSubscription(objectId)
  }

  let outcome: WebhookOutcome = 'ignored'
  const claimed = await deps.db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, provider, event.id, event.type))) return false
    if (CHECKOUT_EVENTS.has(event.type)) {
      if (checkout && (await applyPaidCheckout(tx, deps, checkout, subscription))) outcome = 'processed'
    } else if (INVOICE_PAID_EVENTS.has(event.type)) {
      const charge = invoiceCharge(event.object)
      if (charge && (await recordPaidCharge(tx, deps, charge, subscription))) outcome = 'processed'
      if (await syncSubscription(tx, deps, subscription)) outcome = 'processed'
    } else if (event.type === NEUTRAL_PAYMENT_EVENTS.succeeded) {
      if (checkout && (await applyPaidCheckout(tx, deps, checkout, subscription))) outcome = 'processed'
      const charge = payment ? paymentCharge(deps, payment) : null
      if (charge && (await recordPaidCharge(tx, deps, charge, subscription))) outcome = 'processed'
      if (await syncSubscription(tx, deps, subscription)) outcome = 'processed'
    } else if (event.type === NEUTRAL_PAYMENT_EVENTS.failed) {
      if (await syncSubscription(tx, deps, subscription)) outcome = 'processed'
    } else if (event.type === NEUTRAL_PAYMENT_EVENTS.refunded) {
      if (payment && payment.refundedCents > 0) {
        await repo.markPaymentRefunded(tx, provider, payment.id, payment.refundedCents)
        outcome = 'processed'
      }
    } else if (SUBSCRIPTION_EVENTS.has(event.type)) {
      if (await syncSubscription(tx, deps, subscription)) outcome = 'processed'
    } else if (event.type === 'checkout.session.expired') {
      if (objectId && (await repo.markCheckoutExpired(tx, provider, objectId))) outcome = 'processed'
    } else if (event.type === 'charge.dispute.created') {
      // A chargeback opened at the card issuer: the payment is marked for the admin's Financeiro.
      const chargeId = idOf(event.object.charge)
      const marked = chargeId ? await repo.markPaymentDisputed(tx, provider, chargeId) : 'unchanged'
      // Events come in any order: a dispute before its payment is refused, so the provider retries it.
      if (marked === 'unknown') throw new Error('dispute of a payment not recorded yet')
      if (marked === 'disputed') outcome = 'processed'
    } else if (event.type === 'charge.refunded') {
      outcome = await recordRefund(tx, provider, event.object)
    }
    return true
  })
  if (!claimed) return 'duplicate'
  deps.mailer.kick()
  return outcome
}

/**
 * A checkout the provider reports as paid: our checkout row is marked paid and the subscription
 * is recorded — for the signed-in buyer (auth-first) or as a purchase waiting for the e-mail
 * (pay-first, even when an account with that e-mail exists), with the access link that lets the
 * mailbox's owner activate it (accounts/mailbox.ts). Idempotent; false when it is not ours or
 * not paid.
 */
export async function applyPaidCheckout(tx: Database, deps: Omit<CommerceDeps, 'db'>, checkout: CheckoutInfo, sub: SubscriptionInfo | null): Promise<boolean> {
  if (checkout.paymentStatus !== 'paid') return false
  const provider = deps.gateway.provider
  const ours = await repo.findCheckout(tx, checkout.id, true)
  if (!ours || ours.provider !== provider) {
    deps.log.info({ checkout: checkout.id }, 'checkout not started by this app: ignored')
    return false
  }
  await repo.markCheckoutPaid(tx, ours.id, {
    providerCustomerId: checkout.customerId,
    providerSubscriptionId: checkout.subscriptionId,
    email: checkout.email,
    customerName: checkout.name,
  })
  // A gift is a one-off payment: no subscription; the recipient's plan starts when they redeem it.
  if (ours.flow === 'gift') {
    await applyPaidGift(tx, { ...deps, provider }, ours, checkout, deps.now?.() ?? new Date())
    return true
  }
  if (!checkout.subscriptionId) return true
  const planCode = isPlanCode(sub?.planCode) ? sub.planCode : ours.planCode
  const state = {
    status: sub?.status ?? ('active' as const),
    currentPeriodEnd: sub?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
  }
  const existing = await repo.findSubscriptionByProvider(tx, provider, checkout.subscriptionId, true)
  if (existing) {
    await repo.updateSubscription(tx, existing.id, { ...state, planCode, userId: existing.userId ?? (ours.flow === 'auth_first' ? ours.userId : null) })
    return true
  }
  if (ours.flow === 'auth_first' && ours.userId) {
    const account = await repo.userEmailAndName(tx, ours.userId)
    if (account) {
      const created = await repo.insertSubscription(tx, {
        userId: ours.userId,
        email: account.email,
        planCode,
        provider,
        providerCustomerId: checkout.customerId,
        providerSubscriptionId: checkout.subscriptionId,
        ...state,
      })
      await repo.linkPayments(tx, provider, checkout.subscriptionId, created.id, ours.userId)
      return true
    }
    // The account was deleted meanwhile: keep the purchase claimable by e-mail like a pay-first one.
  }
  const email = checkout.email ?? ours.email
  if (!email) {
    deps.log.warn({ checkout: checkout.id }, 'paid checkout without e-mail')
    return true
  }
  const buyer = email.trim().toLowerCase()
  const inserted = await repo.insertPending(tx, {
    email: buyer,
    planCode,
    provider,
    providerCustomerId: checkout.customerId,
    providerSubscriptionId: checkout.subscriptionId,
    checkoutId: checkout.id,
    currentPeriodEnd: state.currentPeriodEnd,
  })
  // The purchase waits for its owner: the access link proves the mailbox (accounts/mailbox.ts).
  if (inserted) await deps.purchaseWaiting(tx, buyer, 'purchase')
  return true
}

/**
 * A subscription whose state changed at the provider without an event of its own (our card plans
 * with Asaas, ADR 031: the renewal pass charged or was refused): re-read and applied as a
 * subscription event would be — the grace and the "Pagamento pendente" e-mail on a failure.
 */
export async function applyProviderSubscription(deps: CommerceDeps, providerSubscriptionId: string): Promise<boolean> {
  const sub = await deps.gateway.retrieveSubscription(providerSubscriptionId)
  const changed = await deps.db.transaction((tx) => syncSubscription(tx, deps, sub))
  if (changed) deps.mailer.kick()
  return changed
}

/**
 * The provider's current subscription state copied onto our row (or the pending one). A renewal
 * that just failed starts the admin's grace days (access until then) and tells the subscriber how
 * to pay the period; once paid, the grace is over.
 */
async function syncSubscription(tx: Database, deps: Omit<CommerceDeps, 'db'>, sub: SubscriptionInfo | null): Promise<boolean> {
  if (!sub) return false
  const provider = deps.gateway.provider
  const existing = await repo.findSubscriptionByProvider(tx, provider, sub.id, true)
  if (existing) {
    if (sub.status === null) return false
    const justFailed = sub.status === 'past_due' && !(existing.status === 'past_due' && existing.graceEndsAt)
    const graceEndsAt =
      sub.status !== 'past_due' ? null : justFailed ? graceEndFor(sub.currentPeriodEnd ?? new Date(), await getRenewalGraceDays(tx)) : existing.graceEndsAt
    await repo.updateSubscription(tx, existing.id, {
      status: sub.status,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      graceEndsAt,
      ...(isPlanCode(sub.planCode) ? { planCode: sub.planCode } : {}),
      ...(sub.customerId && !existing.providerCustomerId ? { providerCustomerId: sub.customerId } : {}),
    })
    if (justFailed && graceEndsAt) await sendRenewalFailed(tx, deps, existing, graceEndsAt)
    return true
  }
  const pending = await repo.findPendingByProvider(tx, provider, sub.id)
  if (pending) {
    await repo.updatePending(tx, pending.id, { currentPeriodEnd: sub.currentPeriodEnd, ...(isPlanCode(sub.planCode) ? { planCode: sub.planCode } : {}) })
    return true
  }
  // Not recorded yet (this event came before checkout.session.completed): the checkout effect
  // will read the subscription's state when it runs.
  return false
}

async function sendRenewalFailed(tx: Database, deps: Omit<CommerceDeps, 'db'>, sub: repo.SubscriptionRow, graceEndsAt: Date): Promise<void> {
  const [plan, payment, productName, supportEmail, name] = await Promise.all([
    repo.planByCode(tx, sub.planCode),
    repo.lastPaymentOfSubscription(tx, sub),
    getProductName(tx),
    getSupportEmail(tx),
    repo.nameOfUser(tx, sub.userId),
  ])
  await deps.mailer.enqueue(
    tx,
    buildRenewalFailedEmail({
      to: sub.email,
      name,
      productName,
      supportEmail,
      publicUrl: deps.publicUrl,
      planName: plan?.name ?? sub.planCode,
      amountCents: payment?.amountCents ?? plan?.originalPriceCents ?? null,
      currency: payment?.currency ?? plan?.currency ?? 'BRL',
      graceEndsAt,
    }),
  )
}

/** A Stripe-shaped paid invoice (Stripe's and the sandbox's) as the charge to record. */
function invoiceCharge(invoice: Record<string, unknown>): PaidCharge | null {
  const amount = num(invoice.amount_paid)
  const paymentId = invoicePaymentId(invoice)
  if (!amount || amount <= 0 || !paymentId) return null
  const types = isRecord(invoice.payment_settings) && Array.isArray(invoice.payment_settings.payment_method_types) ? invoice.payment_settings.payment_method_types : []
  const method = types.length === 1 && (types[0] === 'pix' || types[0] === 'boleto') ? types[0] : 'card'
  const card = method === 'card' ? invoiceCardInstallments(invoice) : null
  return {
    paymentId,
    invoiceId: str(invoice.id),
    subscriptionId: invoiceSubscriptionId(invoice),
    amountCents: amount,
    currency: (str(invoice.currency) ?? 'brl').toUpperCase(),
    method,
    installments: card?.count ?? null,
    installmentsWithInterest: card?.withInterest ?? false,
    paidAt: num(invoice.created) ? new Date(num(invoice.created)! * 1000) : new Date(),
    email: str(invoice.customer_email),
    renewal: str(invoice.billing_reason) === 'subscription_cycle',
  }
}

/** A payment re-read from the gateway (neutral kinds, ADR 030 item 1) as the charge to record, once paid. */
function paymentCharge(deps: CommerceDeps, payment: PaymentInfo): PaidCharge | null {
  if (payment.status !== 'paid' || payment.amountCents <= 0) return null
  if (!payment.method) {
    // A way of paying we do not know (Asaas's UNDEFINED before the payer chose, say): nothing to record.
    deps.log.warn({ payment: payment.id }, 'paid charge of a method we do not record: not recorded')
    return null
  }
  return {
    paymentId: payment.id,
    invoiceId: null,
    subscriptionId: payment.subscriptionId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    method: payment.method,
    installments: payment.method === 'card' ? (payment.installments ?? 1) : null,
    installmentsWithInterest: payment.installmentsWithInterest ?? false,
    paidAt: payment.paidAt ?? new Date(),
    email: null,
    renewal: payment.checkoutId === null,
  }
}

/** A paid charge becomes a `payments` row (once) and a receipt e-mail. */
async function recordPaidCharge(tx: Database, deps: CommerceDeps, charge: PaidCharge, sub: SubscriptionInfo | null): Promise<boolean> {
  const provider = deps.gateway.provider
  const { amountCents: amount, paymentId, subscriptionId: subId, method, installments, paidAt, currency } = charge
  const ourSub = subId ? await repo.findSubscriptionByProvider(tx, provider, subId) : null
  // The checkout is linked to its subscription when checkout.session.completed is applied, which
  // may come after the first invoice; the subscription's metadata names it meanwhile (the sandbox's does).
  const checkoutRef = sub?.metadata.checkout_session_id
  const checkout = subId ? ((await repo.findCheckoutBySubscription(tx, provider, subId)) ?? (checkoutRef ? await repo.findCheckout(tx, checkoutRef) : null)) : null
  const planCode = isPlanCode(sub?.planCode) ? sub.planCode : (ourSub?.planCode ?? checkout?.planCode ?? null)
  if (!isPlanCode(planCode)) {
    deps.log.warn({ payment: paymentId }, 'paid charge of an unknown plan: not recorded')
    return false
  }
  const email = charge.email ?? ourSub?.email ?? checkout?.email ?? null
  if (!email) return false
  const inserted = await repo.insertPayment(tx, {
    provider,
    providerPaymentId: paymentId,
    providerInvoiceId: charge.invoiceId,
    providerSubscriptionId: subId,
    subscriptionId: ourSub?.id ?? null,
    checkoutId: checkout?.id ?? null,
    userId: ourSub?.userId ?? null,
    email,
    planCode,
    amountCents: amount,
    currency,
    method,
    installments,
    installmentsWithInterest: charge.installmentsWithInterest,
    paidAt,
  })
  if (!inserted) return false
  const [plan, productName, supportEmail, accountName] = await Promise.all([repo.planByCode(tx, planCode), getProductName(tx), getSupportEmail(tx), repo.nameOfUser(tx, ourSub?.userId ?? null)])
  await deps.mailer.enqueue(
    tx,
    buildReceiptEmail({
      to: email,
      // The account's name, else the one the buyer typed at the checkout.
      name: accountName ?? checkout?.customerName ?? null,
      productName,
      supportEmail,
      publicUrl: deps.publicUrl,
      planName: plan?.name ?? planCode,
      amountCents: amount,
      currency,
      paidAt,
      periodEnd: sub?.currentPeriodEnd ?? null,
      method,
      installments,
      installmentsWithInterest: charge.installmentsWithInterest,
      renewal: charge.renewal,
    }),
  )
  return true
}

async function recordRefund(tx: Database, provider: string, charge: Record<string, unknown>): Promise<WebhookOutcome> {
  const ids = [str(charge.id), idOf(charge.payment_intent)].filter((id): id is string => id !== null)
  const refunded = num(charge.amount_refunded)
  for (const id of ids) await repo.markPaymentRefunded(tx, provider, id, refunded)
  return ids.length ? 'processed' : 'ignored'
}
