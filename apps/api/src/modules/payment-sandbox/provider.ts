/**
 * The built-in sandbox payment *provider* (ADR 004). It behaves like a small Stripe living in our
 * process: its own state in `sandbox_*` tables, hosted checkout and portal pages, and Stripe-shaped
 * events signed with SANDBOX_WEBHOOK_SECRET and POSTed to our own webhook route — the same route,
 * verification and handler a real provider's events go through. Our commerce code never reads its
 * tables; it talks to it only through `SandboxGateway`.
 */
import { addMonths } from '@sintonia/contract'
import { randomBytes } from 'node:crypto'
import { RENEWAL_NOTICE_DAYS, installmentOption } from '@sintonia/contract'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { Database } from '../../db/client.js'
import { signPayload } from '../../lib/http/webhook-signature.js'
import { DISPUTED_LAST4, RENEWAL_FAILS_LAST4, checkCard, type CardInput, type CardOutcome } from './cards.js'
import * as repo from './repository.js'
import type { SandboxChargeRow, SandboxCheckoutRow, SandboxSubscriptionRow } from './repository.js'

// The subscription getSubscription hands the merchant (commerce's SandboxGateway reads it).
export type { SandboxSubscriptionRow }

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
/** Stripe-like ids: a prefix and 24 random characters (a checkout id is the buyer's only secret). */

/**
 * What a merchant asks the sandbox to charge (the same fields a hosted-checkout provider takes).
 * The sandbox stands for an outside provider: it defines its own request and shares no type with
 * the app's commerce code.
 */
export interface SandboxCheckoutRequest {
  planCode: string
  planName: string
  amountCents: number
  currency: string
  intervalMonths: number
  /** 'gift': a one-off payment (Stripe's `mode: payment`); the others start a subscription. */
  flow: 'auth_first' | 'pay_first' | 'gift'
  email: string | null
  name: string | null
  userId: string | null
  /** The merchant's monthly interest on card instalments, in basis points (0: "sem juros"). */
  installmentInterestBasisPoints: number
  /** May contain the literal `{CHECKOUT_SESSION_ID}`, replaced by the sandbox. */
  successUrl: string
  cancelUrl: string
}

export function sandboxId(prefix: string): string {
  const bytes = randomBytes(24)
  let out = ''
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return `${prefix}_sbx_${out}`
}

const unix = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null)

export { addMonths }

/** A plan the sandbox portal offers for "change plan" (its portal configuration). */
export interface PortalPlan {
  code: string
  name: string
  amountCents: number
  currency: string
  intervalMonths: number
}

export interface SandboxDeps {
  db: Database
  publicUrl: string
  secret: string
  /** POSTs one signed event to our webhook endpoint; resolves with the HTTP status. */
  deliver: (rawBody: string, signatureHeader: string) => Promise<number>
  portalPlans: () => Promise<PortalPlan[]>
  log: ServiceLogger
  /** The sandbox's clock (tests move it). */
  now?: () => Date
  /** The wait between inline retries (tests that keep our endpoint down skip it). */
  pause?: (ms: number) => Promise<void>
}

/** How long a sandbox Pix code can be paid (a new one on request), as gateways' dynamic codes do. */
export const PIX_CODE_MINUTES = 30

export type PayResult =
  | { ok: true; redirectUrl: string }
  | { ok: false; code: Exclude<CardOutcome, 'succeeded'> | 'closed' | 'pix_expired' | 'boleto_unknown' | 'boleto_expired'; providerMessage: string | null }

/** A boleto is due this many days after it is issued (docs/payments.md: boleto). */
export const BOLETO_DUE_DAYS = 3
/** How long a renewal's payment page (Pix or boleto for a past-due period) stays open. */
const RENEWAL_CHECKOUT_TTL_MS = 7 * 24 * 60 * 60 * 1000

type PaidWith = { method: 'card' | 'pix' | 'boleto'; name: string | null; brand: string | null; last4: string | null; installments: number | null }

const DAY_MS = 24 * 60 * 60 * 1000
const CHECKOUT_TTL_MS = DAY_MS
const PORTAL_TTL_MS = 60 * 60 * 1000
/** Quick retries while the buyer waits; the background loop keeps retrying afterwards. */
const INLINE_RETRY_DELAYS_MS = [0, 200, 800]
export const MAX_DELIVERY_ATTEMPTS = 12

export class SandboxProvider {
  constructor(private readonly deps: SandboxDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date()
  }

  url(path: string): string {
    return `${this.deps.publicUrl}${path}`
  }

  // ───────────── Checkout ─────────────

  async createCheckout(input: SandboxCheckoutRequest): Promise<SandboxCheckoutRow> {
    const id = sandboxId('cs')
    const metadata: Record<string, string> = { plan_code: input.planCode, flow: input.flow }
    if (input.userId) metadata.user_id = input.userId
    return repo.insertCheckout(this.deps.db, {
      id,
      kind: input.flow === 'gift' ? 'payment' : 'subscription',
      productName: input.planName,
      amountCents: input.amountCents,
      currency: input.currency,
      intervalMonths: input.intervalMonths,
      installmentInterestBp: input.installmentInterestBasisPoints,
      customerEmail: input.email,
      customerName: input.name,
      clientReferenceId: input.userId,
      metadata,
      successUrl: input.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', () => id),
      cancelUrl: input.cancelUrl.replaceAll('{CHECKOUT_SESSION_ID}', () => id),
      expiresAt: new Date(this.now().getTime() + CHECKOUT_TTL_MS),
    })
  }

  checkoutUrl(id: string): string {
    return this.url(`/sandbox/checkout/${id}`)
  }

  getCheckout(id: string): Promise<SandboxCheckoutRow | null> {
    return repo.findCheckout(this.deps.db, id)
  }

  /** Whether the page still takes a payment (open and not expired). */
  /** Whether the Pix code shown on the checkout has run out (a new one on request). */
  pixCodeExpired(row: SandboxCheckoutRow): boolean {
    return !!row.pixExpiresAt && row.pixExpiresAt.getTime() <= this.now().getTime()
  }

  isPayable(row: SandboxCheckoutRow): boolean {
    return row.status === 'open' && row.expiresAt.getTime() > this.now().getTime()
  }

  /** A card payment, at once or in `installments` (the route checked the count against the plan). */
  async payWithCard(id: string, card: CardInput & { name: string }, installments = 1): Promise<PayResult> {
    const check = checkCard(card, this.now())
    if (check.outcome !== 'succeeded') {
      await repo.updateCheckout(this.deps.db, id, { lastErrorCode: check.outcome })
      return { ok: false, code: check.outcome, providerMessage: check.providerMessage }
    }
    return this.complete(id, { method: 'card', name: card.name.trim() || null, brand: check.brand, last4: check.last4, installments })
  }

  /**
   * The Pix code to show for a payable checkout (the row the caller read): the current one, or a first one. An expired code
   * stays until the buyer asks for a new one (`renewPixCode`), so the page can say it expired.
   */
  async pixCode(checkout: SandboxCheckoutRow): Promise<{ txid: string; expiresAt: Date; expired: boolean } | null> {
    if (!this.isPayable(checkout)) return null
    if (checkout.pixTxid && checkout.pixExpiresAt) return { txid: checkout.pixTxid, expiresAt: checkout.pixExpiresAt, expired: this.pixCodeExpired(checkout) }
    return this.renewPixCode(checkout.id)
  }

  /** A new Pix code, valid PIX_CODE_MINUTES (the old one can no longer be paid). */
  async renewPixCode(id: string): Promise<{ txid: string; expiresAt: Date; expired: boolean } | null> {
    const checkout = await repo.findCheckout(this.deps.db, id)
    if (!checkout || !this.isPayable(checkout)) return null
    const txid = randomBytes(12).toString('hex')
    const expiresAt = new Date(this.now().getTime() + PIX_CODE_MINUTES * 60_000)
    await repo.updateCheckout(this.deps.db, id, { pixTxid: txid, pixExpiresAt: expiresAt })
    return { txid, expiresAt, expired: false }
  }

  /** The bank pays the Pix code `txid`: only the checkout's current code, before it expires. */
  async payWithPix(id: string, txid: string): Promise<PayResult> {
    const checkout = await repo.findCheckout(this.deps.db, id)
    if (!checkout?.pixTxid || checkout.pixTxid !== txid || !checkout.pixExpiresAt || this.pixCodeExpired(checkout)) {
      return { ok: false, code: 'pix_expired', providerMessage: null }
    }
    return this.complete(id, { method: 'pix', name: null, brand: null, last4: null, installments: null })
  }

  /**
   * Issues the checkout's boleto for the payer with this CPF (checked by the caller; once: asking
   * again shows the same one): a digitable line and a due date BOLETO_DUE_DAYS ahead. The page stays payable until the day after it is due.
   */
  async issueBoleto(id: string, payerCpf: string): Promise<{ line: string; dueAt: Date } | null> {
    return this.deps.db.transaction(async (tx) => {
      const checkout = await repo.findCheckout(tx, id, true)
      if (!checkout || !this.isPayable(checkout)) return null
      if (checkout.boletoLine && checkout.boletoDueAt) return { line: checkout.boletoLine, dueAt: checkout.boletoDueAt }
      const dueAt = new Date(this.now().getTime() + BOLETO_DUE_DAYS * DAY_MS)
      const line = boletoDigitableLine(checkout.amountCents, dueAt)
      const expiresAt = new Date(Math.max(checkout.expiresAt.getTime(), dueAt.getTime() + DAY_MS))
      await repo.updateCheckout(tx, id, { boletoLine: line, boletoDueAt: dueAt, payerCpf, expiresAt })
      return { line, dueAt }
    })
  }

  /** The bank pays the boleto whose digitable line is `line` (only the checkout's own, while payable). */
  async payWithBoleto(id: string, line: string): Promise<PayResult> {
    const checkout = await repo.findCheckout(this.deps.db, id)
    if (!checkout?.boletoLine || checkout.boletoLine !== line.replace(/\D/g, '')) return { ok: false, code: 'boleto_unknown', providerMessage: null }
    if (this.boletoExpired(checkout)) return { ok: false, code: 'boleto_expired', providerMessage: null }
    return this.complete(id, { method: 'boleto', name: null, brand: null, last4: null, installments: null })
  }

  /** Whether the checkout's boleto passed its due date unpaid (a new one on request). */
  boletoExpired(row: SandboxCheckoutRow): boolean {
    return !!row.boletoDueAt && row.boletoDueAt.getTime() <= this.now().getTime()
  }

  /** The test bank's "let it expire": the boleto's due date is now past, unpaid. */
  async expireBoleto(id: string): Promise<boolean> {
    const checkout = await repo.findCheckout(this.deps.db, id)
    if (!checkout?.boletoLine || checkout.status !== 'open') return false
    await repo.updateCheckout(this.deps.db, id, { boletoDueAt: new Date(this.now().getTime() - 1000) })
    return true
  }

  /** A new boleto for the same payer once the old one expired (the old line can no longer be paid). */
  async reissueBoleto(id: string): Promise<{ line: string; dueAt: Date } | null> {
    return this.deps.db.transaction(async (tx) => {
      const checkout = await repo.findCheckout(tx, id, true)
      if (!checkout?.payerCpf || !this.isPayable(checkout) || !this.boletoExpired(checkout)) return null
      const dueAt = new Date(this.now().getTime() + BOLETO_DUE_DAYS * DAY_MS)
      const line = boletoDigitableLine(checkout.amountCents, dueAt)
      const expiresAt = new Date(Math.max(checkout.expiresAt.getTime(), dueAt.getTime() + DAY_MS))
      await repo.updateCheckout(tx, id, { boletoLine: line, boletoDueAt: dueAt, expiresAt })
      return { line, dueAt }
    })
  }

  /**
   * The page where a past-due subscription's open period is paid by Pix or boleto (what a
   * provider's hosted invoice page is): the one already open, or a new one. Null when the
   * subscription owes nothing.
   */
  async renewalCheckout(subscriptionId: string, returnUrl: string): Promise<SandboxCheckoutRow | null> {
    return this.deps.db.transaction(async (tx) => {
      const sub = await repo.findSubscription(tx, subscriptionId, true)
      if (!sub || (sub.status !== 'past_due' && !this.payableAhead(sub))) return null
      const open = await repo.openRenewalCheckout(tx, sub.id, this.now())
      if (open) return open
      const customer = await repo.findCustomer(tx, sub.customerId)
      const id = sandboxId('cs')
      return repo.insertCheckout(tx, {
        id,
        kind: 'renewal',
        renewsSubscriptionId: sub.id,
        productName: sub.productName,
        amountCents: renewalCents(sub, sub.amountCents),
        currency: sub.currency,
        intervalMonths: sub.intervalMonths,
        customerEmail: customer?.email ?? null,
        customerName: customer?.name ?? null,
        customerId: sub.customerId,
        subscriptionId: sub.id,
        clientReferenceId: sub.metadata.user_id ?? null,
        metadata: sub.metadata,
        successUrl: returnUrl,
        cancelUrl: returnUrl,
        expiresAt: new Date(this.now().getTime() + RENEWAL_CHECKOUT_TTL_MS),
      })
    })
  }

  /**
   * The payer cancels the Pix Automático authorisation in the bank app: nothing more is debited,
   * so the subscription ends when its paid period does.
   */
  async cancelPixAuthorization(subscriptionId: string): Promise<boolean> {
    const events = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findSubscription(tx, subscriptionId, true)
      if (!row?.pixAuthorizationId || !['active', 'past_due'].includes(row.status)) return null
      const updated = await repo.updateSubscription(tx, row.id, { pixAuthorizationId: null, cancelAtPeriodEnd: true })
      return [await this.emit(tx, 'customer.subscription.updated', subscriptionObject(updated))]
    })
    if (!events) return false
    await this.deliver(events)
    return true
  }

  /**
   * A successful payment: customer, subscription, invoice and charge are created in one
   * transaction of the sandbox's own state, then its events are delivered to our webhook, and the
   * buyer is sent to the success URL (as Stripe does, whether or not our webhook answered yet).
   */
  private async complete(id: string, payment: PaidWith): Promise<PayResult> {
    const now = this.now()
    const result = await this.deps.db.transaction(async (tx) => {
      const checkout = await repo.findCheckout(tx, id, true)
      if (!checkout || !this.isPayable(checkout)) return null
      if (checkout.kind === 'renewal') return this.completeRenewal(tx, checkout, payment, now)
      if (checkout.kind === 'payment') return this.completePayment(tx, checkout, payment, now)
      const customerId = sandboxId('cus')
      const email = checkout.customerEmail ?? ''
      await repo.insertCustomer(tx, { id: customerId, email, name: payment.name ?? checkout.customerName, cardBrand: payment.brand, cardLast4: payment.last4 })
      const subscription = await repo.insertSubscription(tx, {
        id: sandboxId('sub'),
        customerId,
        productName: checkout.productName,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        intervalMonths: checkout.intervalMonths,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: addMonths(now, checkout.intervalMonths),
        paymentMethod: payment.method,
        installments: payment.installments,
        installmentInterestBp: checkout.installmentInterestBp,
        cardBrand: payment.brand,
        cardLast4: payment.last4,
        // A subscription's first Pix carries the Pix Automático authorisation (the bank's "Jornada 3").
        pixAuthorizationId: payment.method === 'pix' ? sandboxId('rec') : null,
        metadata: { ...checkout.metadata, checkout_session_id: checkout.id },
      })
      const charge = await repo.insertCharge(tx, {
        id: sandboxId('ch'),
        customerId,
        subscriptionId: subscription.id,
        invoiceId: sandboxId('in'),
        amountCents: chargedCents(subscription),
        currency: checkout.currency,
        method: payment.method,
        installments: payment.installments,
        status: 'succeeded',
      })
      await repo.updateCheckout(tx, id, {
        status: 'complete',
        paymentStatus: 'paid',
        paymentMethod: payment.method,
        installments: payment.installments,
        customerId,
        subscriptionId: subscription.id,
        customerName: checkout.customerName ?? payment.name,
        lastErrorCode: null,
        completedAt: now,
      })
      const completed = { ...checkout, status: 'complete', paymentStatus: 'paid', customerId, subscriptionId: subscription.id, customerName: checkout.customerName ?? payment.name }
      const events = [
        await this.emit(tx, 'customer.subscription.created', subscriptionObject(subscription)),
        await this.emit(tx, 'invoice.paid', invoiceObject(charge, subscription, email, 'subscription_create')),
        await this.emit(tx, 'checkout.session.completed', this.checkoutObject(completed)),
      ]
      // The test card contested by its holder: the issuer opens a dispute on the charge.
      if (payment.method === 'card' && payment.last4 === DISPUTED_LAST4) events.push(await this.emit(tx, 'charge.dispute.created', disputeObject(charge)))
      return { checkout: completed, events }
    })
    if (!result) return { ok: false, code: 'closed', providerMessage: null }
    await this.deliver(result.events)
    return { ok: true, redirectUrl: result.checkout.successUrl }
  }

  /**
   * A boleto subscription's next period is payable ahead, from RENEWAL_NOTICE_DAYS before its end
   * until then (a bank issues the next boleto before its due date), so paying it never goes past due.
   */
  private payableAhead(sub: SandboxSubscriptionRow): boolean {
    const left = sub.currentPeriodEnd.getTime() - this.now().getTime()
    return sub.status === 'active' && !sub.cancelAtPeriodEnd && sub.paymentMethod === 'boleto' && left > 0 && left <= RENEWAL_NOTICE_DAYS * 86_400_000
  }

  /**
   * A past-due period paid on its renewal page: the subscription is active again for that period,
   * now paid by this method (a Pix paid here authorises Pix Automático for the next renewals). A
   * boleto subscription's next period paid ahead moves the period on at once.
   */
  private async completeRenewal(tx: Database, checkout: SandboxCheckoutRow, payment: PaidWith, now: Date) {
    const sub = checkout.renewsSubscriptionId ? await repo.findSubscription(tx, checkout.renewsSubscriptionId, true) : null
    if (!sub || (sub.status !== 'past_due' && !this.payableAhead(sub))) return null
    const ahead = sub.status === 'active'
    const renewed = await repo.updateSubscription(tx, sub.id, {
      ...(ahead ? { currentPeriodStart: sub.currentPeriodEnd, currentPeriodEnd: addMonths(sub.currentPeriodEnd, sub.intervalMonths) } : {}),
      status: 'active',
      paymentMethod: payment.method,
      installments: payment.installments,
      pixAuthorizationId: payment.method === 'pix' ? sandboxId('rec') : sub.pixAuthorizationId,
      nextRenewalDiscountPercent: null,
    })
    const charge = await repo.insertCharge(tx, {
      id: sandboxId('ch'),
      customerId: sub.customerId,
      subscriptionId: sub.id,
      invoiceId: sandboxId('in'),
      amountCents: checkout.amountCents,
      currency: sub.currency,
      method: payment.method,
      installments: payment.installments,
      status: 'succeeded',
    })
    await repo.updateCheckout(tx, checkout.id, { status: 'complete', paymentStatus: 'paid', paymentMethod: payment.method, lastErrorCode: null, completedAt: now })
    const customer = await repo.findCustomer(tx, sub.customerId)
    const events = [
      await this.emit(tx, 'invoice.paid', invoiceObject(charge, renewed, customer?.email ?? checkout.customerEmail ?? '', 'subscription_cycle')),
      await this.emit(tx, 'customer.subscription.updated', subscriptionObject(renewed)),
    ]
    return { checkout: { ...checkout, status: 'complete', paymentStatus: 'paid' }, events }
  }

  /** A one-off payment (a gift): a customer and a charge, no subscription; the charge is the payment intent. */
  private async completePayment(tx: Database, checkout: SandboxCheckoutRow, payment: PaidWith, now: Date) {
    const customerId = sandboxId('cus')
    await repo.insertCustomer(tx, { id: customerId, email: checkout.customerEmail ?? '', name: payment.name ?? checkout.customerName, cardBrand: payment.brand, cardLast4: payment.last4 })
    const charge = await repo.insertCharge(tx, {
      id: sandboxId('ch'),
      customerId,
      subscriptionId: null,
      invoiceId: sandboxId('in'),
      amountCents: chargedCents({ ...checkout, paymentMethod: payment.method, installments: payment.installments }),
      currency: checkout.currency,
      method: payment.method,
      installments: payment.installments,
      status: 'succeeded',
    })
    const changes = {
      status: 'complete',
      paymentStatus: 'paid',
      paymentMethod: payment.method,
      installments: payment.installments,
      customerId,
      chargeId: charge.id,
      customerName: checkout.customerName ?? payment.name,
      lastErrorCode: null,
      completedAt: now,
    }
    await repo.updateCheckout(tx, checkout.id, changes)
    const completed = { ...checkout, ...changes }
    return { checkout: completed, events: [await this.emit(tx, 'checkout.session.completed', this.checkoutObject(completed))] }
  }

  checkoutObject(
    row: Pick<SandboxCheckoutRow, 'id' | 'status' | 'paymentStatus' | 'customerId' | 'subscriptionId' | 'clientReferenceId' | 'customerEmail' | 'customerName' | 'metadata' | 'amountCents' | 'currency'> &
      Partial<Pick<SandboxCheckoutRow, 'kind' | 'chargeId'>>,
  ) {
    return {
      id: row.id,
      object: 'checkout.session',
      mode: row.kind === 'payment' ? 'payment' : 'subscription',
      payment_intent: row.chargeId ?? null,
      url: row.status === 'open' ? this.checkoutUrl(row.id) : null,
      status: row.status,
      payment_status: row.paymentStatus,
      customer: row.customerId,
      subscription: row.subscriptionId,
      client_reference_id: row.clientReferenceId,
      customer_email: row.customerEmail,
      customer_details: row.customerEmail ? { email: row.customerEmail, name: row.customerName } : null,
      metadata: row.metadata,
      amount_total: row.amountCents,
      currency: row.currency.toLowerCase(),
    }
  }

  // ───────────── Subscriptions, refunds ─────────────

  getSubscription(id: string): Promise<SandboxSubscriptionRow | null> {
    return repo.findSubscription(this.deps.db, id)
  }

  subscriptionObject(row: SandboxSubscriptionRow) {
    return subscriptionObject(row)
  }

  /**
   * The subscriber's own changes from Minha conta (a fair goodbye), as a provider's subscription API
   * takes them: each sets a value (so a repeated call changes nothing more) and emits
   * customer.subscription.updated. False when the subscription is not live.
   */
  async updateLive(id: string, changes: { cancelAtPeriodEnd?: boolean; renewsAt?: Date; nextRenewalDiscountPercent?: number }): Promise<boolean> {
    const events = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findSubscription(tx, id, true)
      if (!row || !['active', 'past_due'].includes(row.status)) return null
      const updated = await repo.updateSubscription(tx, id, {
        ...(changes.cancelAtPeriodEnd === undefined ? {} : { cancelAtPeriodEnd: changes.cancelAtPeriodEnd }),
        // A pause: the next charge (the period's end, for the sandbox) moves to the pause's end.
        ...(changes.renewsAt ? { currentPeriodEnd: changes.renewsAt } : {}),
        ...(changes.nextRenewalDiscountPercent === undefined ? {} : { nextRenewalDiscountPercent: changes.nextRenewalDiscountPercent }),
      })
      return [await this.emit(tx, 'customer.subscription.updated', subscriptionObject(updated))]
    })
    if (!events) return false
    await this.deliver(events)
    return true
  }

  /** Ends a subscription now (refund approved by an admin). Idempotent. */
  async cancelNow(id: string): Promise<void> {
    const events = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findSubscription(tx, id, true)
      if (!row || row.status === 'canceled') return []
      const now = this.now()
      const updated = await repo.updateSubscription(tx, id, { status: 'canceled', canceledAt: now, cancelAtPeriodEnd: false, currentPeriodEnd: now })
      return [await this.emit(tx, 'customer.subscription.deleted', subscriptionObject(updated))]
    })
    await this.deliver(events)
  }

  /** Refunds a charge in full; a second call returns the same refund. */
  /**
   * Refunds a charge in full: a card's is a reversal, a Pix's a "devolução" to the paying account;
   * a boleto has no way back, so its amount is transferred to the account given (refused without
   * one: 'needs_account').
   */
  async refund(chargeId: string, transferTo: { bankCode: string } | null = null): Promise<{ refundId: string; amountCents: number } | 'needs_account' | null> {
    const outcome = await this.deps.db.transaction(async (tx) => {
      const charge = await repo.findCharge(tx, chargeId, true)
      if (!charge) return null
      if (charge.status === 'refunded') return { charge, events: [] as string[] }
      if (charge.method === 'boleto' && !transferTo) return 'needs_account' as const
      const refunded = await repo.markChargeRefunded(tx, chargeId, charge.amountCents)
      return { charge: refunded, events: [await this.emit(tx, 'charge.refunded', chargeObject(refunded))] }
    })
    if (!outcome || outcome === 'needs_account') return outcome
    await this.deliver(outcome.events)
    return { refundId: `re_${outcome.charge.id}`, amountCents: outcome.charge.amountRefundedCents }
  }

  // ───────────── Customer portal ─────────────

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const row = await repo.insertPortalLink(this.deps.db, {
      id: sandboxId('bps'),
      customerId,
      returnUrl,
      expiresAt: new Date(this.now().getTime() + PORTAL_TTL_MS),
    })
    return this.url(`/sandbox/portal/${row.id}`)
  }

  /** The portal link and the customer's current subscription, or null when expired/unknown. */
  async portalView(portalId: string) {
    const portal = await repo.findPortalLink(this.deps.db, portalId)
    if (!portal || portal.expiresAt.getTime() <= this.now().getTime()) return null
    const [customer, subscriptions, plans] = await Promise.all([
      repo.findCustomer(this.deps.db, portal.customerId),
      repo.subscriptionsOfCustomer(this.deps.db, portal.customerId),
      this.deps.portalPlans(),
    ])
    return { portal, customer, subscription: subscriptions[0] ?? null, plans }
  }

  /** Portal actions; each changes the subscription and emits customer.subscription.updated. */
  async portalAction(
    portalId: string,
    action: { kind: 'cancel' } | { kind: 'resume' } | { kind: 'change_plan'; planCode: string } | { kind: 'update_card'; card: CardInput },
  ): Promise<{ ok: true } | { ok: false; code: string; providerMessage: string | null }> {
    const view = await this.portalView(portalId)
    if (!view?.subscription || !['active', 'past_due'].includes(view.subscription.status)) return { ok: false, code: 'closed', providerMessage: null }
    const sub = view.subscription
    let changes: Partial<SandboxSubscriptionRow> = {}
    if (action.kind === 'cancel') changes = { cancelAtPeriodEnd: true }
    else if (action.kind === 'resume') changes = { cancelAtPeriodEnd: false }
    else if (action.kind === 'change_plan') {
      const plan = view.plans.find((p) => p.code === action.planCode)
      if (!plan) return { ok: false, code: 'unknown_plan', providerMessage: null }
      changes = {
        productName: plan.name,
        amountCents: plan.amountCents,
        currency: plan.currency,
        intervalMonths: plan.intervalMonths,
        metadata: { ...sub.metadata, plan_code: plan.code },
      }
    } else {
      const check = checkCard(action.card, this.now())
      if (check.outcome !== 'succeeded') return { ok: false, code: check.outcome, providerMessage: check.providerMessage }
      changes = { cardBrand: check.brand, cardLast4: check.last4, paymentMethod: 'card' }
    }
    const events = await this.deps.db.transaction(async (tx) => {
      const updated = await repo.updateSubscription(tx, sub.id, changes)
      if (action.kind === 'update_card') await repo.updateCustomerCard(tx, sub.customerId, updated.cardBrand, updated.cardLast4)
      return [await this.emit(tx, 'customer.subscription.updated', subscriptionObject(updated))]
    })
    await this.deliver(events)
    return { ok: true }
  }

  // ───────────── The sandbox's clock ─────────────

  /**
   * What a provider does when periods end: a subscription set to cancel at period end is
   * deleted; any other is renewed with a new charge (invoice.paid), unless its card refuses
   * renewals, in which case it becomes past_due (invoice.payment_failed). Run by the background
   * loop; tests call it with a moved clock.
   */
  async advanceClock(now: Date = this.now()): Promise<number> {
    await this.expireCheckouts(now)
    const due = await repo.subscriptionsDue(this.deps.db, now)
    for (const sub of due) {
      const events = await this.deps.db.transaction(async (tx) => {
        const row = await repo.findSubscription(tx, sub.id, true)
        if (!row || !['active', 'past_due'].includes(row.status) || row.currentPeriodEnd.getTime() > now.getTime()) return []
        const customer = await repo.findCustomer(tx, row.customerId)
        if (row.cancelAtPeriodEnd) {
          const ended = await repo.updateSubscription(tx, row.id, { status: 'canceled', canceledAt: row.currentPeriodEnd })
          return [await this.emit(tx, 'customer.subscription.deleted', subscriptionObject(ended))]
        }
        if (row.status === 'past_due') {
          // Retries exhausted (one period later still unpaid): the provider gives up.
          const ended = await repo.updateSubscription(tx, row.id, { status: 'canceled', canceledAt: now })
          return [await this.emit(tx, 'customer.subscription.deleted', subscriptionObject(ended))]
        }
        const periodStart = row.currentPeriodEnd
        const periodEnd = addMonths(periodStart, row.intervalMonths)
        const invoiceId = sandboxId('in')
        if (!renewalCanBeDebited(row)) {
          const failed = await repo.updateSubscription(tx, row.id, { status: 'past_due', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
          return [
            await this.emit(tx, 'invoice.payment_failed', {
              id: invoiceId,
              object: 'invoice',
              customer: row.customerId,
              customer_email: customer?.email ?? null,
              subscription: row.id,
              status: 'open',
              amount_due: renewalCents(row),
              amount_paid: 0,
              currency: row.currency.toLowerCase(),
              billing_reason: 'subscription_cycle',
            }),
            await this.emit(tx, 'customer.subscription.updated', subscriptionObject(failed)),
          ]
        }
        const renewed = await repo.updateSubscription(tx, row.id, { currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, nextRenewalDiscountPercent: null })
        const charge = await repo.insertCharge(tx, {
          id: sandboxId('ch'),
          customerId: row.customerId,
          subscriptionId: row.id,
          invoiceId,
          amountCents: renewalCents(row),
          currency: row.currency,
          method: row.paymentMethod,
          installments: row.installments,
          status: 'succeeded',
        })
        return [
          await this.emit(tx, 'invoice.paid', invoiceObject(charge, renewed, customer?.email ?? '', 'subscription_cycle')),
          await this.emit(tx, 'customer.subscription.updated', subscriptionObject(renewed)),
        ]
      })
      await this.deliver(events)
    }
    return due.length
  }

  /** Unpaid checkout pages past their 24 h end: closed, with checkout.session.expired. */
  private async expireCheckouts(now: Date): Promise<void> {
    for (const row of await repo.checkoutsToExpire(this.deps.db, now)) {
      const events = await this.deps.db.transaction(async (tx) => {
        const checkout = await repo.findCheckout(tx, row.id, true)
        if (!checkout || checkout.status !== 'open') return []
        await repo.updateCheckout(tx, row.id, { status: 'expired' })
        return [await this.emit(tx, 'checkout.session.expired', this.checkoutObject({ ...checkout, status: 'expired' }))]
      })
      await this.deliver(events)
    }
  }

  // ───────────── Events ─────────────

  private async emit(tx: Database, type: string, object: Record<string, unknown>): Promise<string> {
    const id = sandboxId('evt')
    const payload = { id, object: 'event', type, created: unix(this.now()), livemode: false, data: { object } }
    await repo.insertEvent(tx, { id, type, payload })
    return id
  }

  /** Delivers events in order, each retried a few times while the buyer waits. */
  async deliver(eventIds: string[]): Promise<void> {
    // In the order they were emitted (events of one transaction share their creation time).
    const order = new Map(eventIds.map((id, index) => [id, index]))
    const events = (await repo.findEvents(this.deps.db, eventIds)).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    for (const event of events) {
      for (const delay of INLINE_RETRY_DELAYS_MS) {
        if (delay) await (this.deps.pause?.(delay) ?? new Promise((resolve) => setTimeout(resolve, delay)))
        if (await this.deliverOnce(event)) break
      }
    }
  }

  private async deliverOnce(event: repo.SandboxEventRow): Promise<boolean> {
    const raw = JSON.stringify(event.payload)
    let error: string | null = null
    try {
      const status = await this.deps.deliver(raw, signPayload(raw, this.deps.secret))
      if (status < 200 || status >= 300) error = `HTTP ${status}`
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause)
    }
    await repo.recordDelivery(this.deps.db, event.id, error === null, error)
    if (error) this.deps.log.warn({ event: event.id, type: event.type, error }, 'sandbox webhook delivery failed')
    return error === null
  }

  /** Background retry of events our webhook has not acknowledged (as a provider keeps retrying). */
  async redeliverPending(): Promise<number> {
    const pending = await repo.undeliveredEvents(this.deps.db, MAX_DELIVERY_ATTEMPTS, new Date(Date.now() - 5_000))
    for (const event of pending) await this.deliverOnce(event)
    return pending.length
  }
}

function subscriptionObject(row: SandboxSubscriptionRow) {
  const period = { current_period_start: unix(row.currentPeriodStart), current_period_end: unix(row.currentPeriodEnd) }
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: unix(row.canceledAt),
    ...period,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${row.id}`,
          object: 'subscription_item',
          ...period,
          price: {
            object: 'price',
            unit_amount: row.amountCents,
            currency: row.currency.toLowerCase(),
            recurring: { interval: 'month', interval_count: row.intervalMonths },
            product_data_name: row.productName,
          },
        },
      ],
    },
    default_payment_method: row.cardLast4 ? { card: { brand: row.cardBrand, last4: row.cardLast4 } } : null,
    metadata: row.metadata,
  }
}

/**
 * What a period costs the payer: the price, or by card in instalments with the interest agreed
 * (the Price table of contract commerce/installments.ts).
 */
/**
 * A renewal's charge: `cents` (by default the period's price with its instalments' interest; a
 * renewal page paid by Pix or boleto charges the plain price) less a discount the subscriber accepted.
 */
function renewalCents(row: SandboxSubscriptionRow, cents = chargedCents(row)): number {
  const discount = row.nextRenewalDiscountPercent ?? 0
  return discount > 0 ? Math.round((cents * (100 - discount)) / 100) : cents
}

type ChargedRow = Pick<SandboxSubscriptionRow, 'amountCents' | 'intervalMonths' | 'installments' | 'installmentInterestBp'> & { paymentMethod: string | null }

/** What a checkout or subscription paid this way is charged in all, and whether the admin's interest is in it. */
export function chargeOf(row: ChargedRow): { amountCents: number; withInterest: boolean } {
  const option = row.paymentMethod === 'card' && row.installments && row.installments > 1 ? installmentOption(row.amountCents, row.intervalMonths, row.installments, row.installmentInterestBp) : null
  return option ? { amountCents: option.totalCents, withInterest: !option.interestFree } : { amountCents: row.amountCents, withInterest: false }
}

function chargedCents(row: ChargedRow): number {
  return chargeOf(row).amountCents
}

/**
 * Whether a renewal is charged by itself: a card that accepts renewals, or Pix under a Pix
 * Automático authorisation. A boleto, or a Pix whose authorisation was cancelled, waits for the
 * payer (the period goes past due and is paid on its renewal page).
 */
function renewalCanBeDebited(row: SandboxSubscriptionRow): boolean {
  if (row.paymentMethod === 'card') return row.cardLast4 !== RENEWAL_FAILS_LAST4
  if (row.paymentMethod === 'pix') return row.pixAuthorizationId !== null
  return false
}

/**
 * A boleto's digitable line (47 digits) in the layout of FEBRABAN's bank-slip standard: three
 * fields with their modulo-10 check digits, the general modulo-11 check digit, the due-date factor
 * and the amount. Bank 000 stands for the test bank; the free field is random.
 */
export function boletoDigitableLine(amountCents: number, dueAt: Date): string {
  const bank = '0009' // bank 000, currency 9 (real)
  // Days since 1997-10-07, restarting at 1000 after 9999 (the factor rolled over on 2025-02-22).
  const days = Math.floor((Date.UTC(dueAt.getUTCFullYear(), dueAt.getUTCMonth(), dueAt.getUTCDate()) - Date.UTC(1997, 9, 7)) / DAY_MS)
  const factor = String(days > 9999 ? ((days - 10000) % 9000) + 1000 : days).padStart(4, '0')
  const amount = String(Math.min(amountCents, 9_999_999_999)).padStart(10, '0')
  let free = ''
  for (const byte of randomBytes(25)) free += String(byte % 10)
  const barcodeWithoutDv = bank + factor + amount + free
  const dv = mod11(barcodeWithoutDv)
  const field1 = bank + free.slice(0, 5)
  const field2 = free.slice(5, 15)
  const field3 = free.slice(15, 25)
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${dv}${factor}${amount}`
}

function mod10(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
    weight = weight === 2 ? 1 : 2
  }
  return (10 - (sum % 10)) % 10
}

function mod11(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const rest = 11 - (sum % 11)
  return rest === 0 || rest === 10 || rest === 11 ? 1 : rest
}

function invoiceObject(charge: SandboxChargeRow, sub: SandboxSubscriptionRow, email: string, reason: 'subscription_create' | 'subscription_cycle') {
  return {
    id: charge.invoiceId,
    object: 'invoice',
    customer: charge.customerId,
    customer_email: email,
    subscription: sub.id,
    // Expanded, as Stripe gives it with `expand: ['charge']`: a card charge tells its instalments
    // where Stripe's does (payment_method_details.card.installments.plan).
    charge: {
      id: charge.id,
      object: 'charge',
      payment_method_details:
        charge.method === 'card'
          ? {
              type: 'card',
              card: {
                installments:
                  charge.installments && charge.installments > 1
                    ? // `interest_free`: the sandbox's own field (Stripe's plan does not say); false when the merchant's interest applied.
                      { plan: { count: charge.installments, interval: 'month', type: 'fixed_count', interest_free: !(sub.installmentInterestBp > 0) } }
                    : null,
              },
            }
          : { type: charge.method },
    },
    status: 'paid',
    amount_paid: charge.amountCents,
    currency: charge.currency.toLowerCase(),
    billing_reason: reason,
    created: unix(charge.createdAt),
    payment_settings: { payment_method_types: [charge.method] },
    lines: { object: 'list', data: [{ period: { start: unix(sub.currentPeriodStart), end: unix(sub.currentPeriodEnd) } }] },
    subscription_details: { metadata: sub.metadata },
  }
}

/** Stripe's dispute object, as far as the merchant reads it. */
function disputeObject(charge: SandboxChargeRow) {
  return {
    id: sandboxId('dp'),
    object: 'dispute',
    charge: charge.id,
    amount: charge.amountCents,
    currency: charge.currency.toLowerCase(),
    reason: 'fraudulent',
    status: 'needs_response',
    created: unix(new Date()),
  }
}

function chargeObject(charge: SandboxChargeRow) {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amountCents,
    amount_refunded: charge.amountRefundedCents,
    refunded: charge.amountRefundedCents >= charge.amountCents,
    currency: charge.currency.toLowerCase(),
    customer: charge.customerId,
    invoice: charge.invoiceId,
  }
}
