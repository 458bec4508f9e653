/**
 * `PAYMENT_GATEWAY=asaas` (docs/decisions/029-brazilian-gateway-asaas.md, docs/payments.md#running-with-asaas).
 *
 * - A checkout is an **Asaas Checkout** (`POST /v3/checkouts`, chargeType `RECURRENT`, Pix and card):
 *   Asaas's hosted page, like Stripe Checkout, so card data never reaches us, and paying it creates
 *   the Asaas subscription that charges every later period. Asaas does not put its checkout id into
 *   the success URL, so the checkout id we keep is our own reference (`ask_…`), sent as the
 *   checkout's `externalReference` and written into the success URL; the checkout's state is read
 *   back from the charges that carry it (ADR 029, "how a checkout is read back").
 * - Webhooks are authenticated only by the shared token in `asaas-access-token`, compared in
 *   constant time. Asaas's events are mapped onto the vocabulary `webhooks.ts` already handles
 *   (`checkout.session.completed`, `checkout.session.expired`, `customer.subscription.updated`) and
 *   onto the neutral payment kinds of ADR 030 item 1; every mapped event carries only an id, so its
 *   effect acts on state read back from Asaas, never on the event's copy.
 * - Asaas has no customer portal: the portal link is our own Minha conta.
 * - Asaas's Checkout has no boleto, so the buyer first lands on our own small page
 *   (`asaas-boleto-routes.ts`): Pix or card continue on Asaas's Checkout; boleto asks the payer's
 *   CPF and issues it here as a boleto subscription of the same reference (ADR 029, "Boleto").
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { isRecord, str } from './events.js'
import type { RefundBankAccount } from '@sintonia/contract'
import { AsaasApiError, AsaasClient, type AsaasCycle, type AsaasPayment, type AsaasSubscription } from './asaas-client.js'
import {
  GatewayError,
  type BoletoInfo,
  type BoletoPayer,
  NEUTRAL_PAYMENT_EVENTS,
  type CheckoutInfo,
  type CreateCheckoutInput,
  type PaymentGateway,
  type PaymentInfo,
  type SubscriptionInfo,
  type SubscriptionState,
  type VerifiedEvent,
  type WebhookParseResult,
} from './types.js'

export const ASAAS_TOKEN_HEADER = 'asaas-access-token'

export interface AsaasGatewayOptions {
  apiKey: string
  webhookToken: string
  /** https://api-sandbox.asaas.com/v3, https://api.asaas.com/v3, or a local fake in tests. */
  apiBase: string
  /**
   * Our public URL: the buyer is sent to our page there (`/asaas/pagamento/…`), which offers the
   * boleto beside Asaas's Checkout. Without it, straight to Asaas's Checkout (Pix and card only).
   */
  publicUrl?: string
}

/** Our page where an Asaas buyer picks Pix/card (Asaas's Checkout) or boleto (ADR 029). */
export const ASAAS_PAY_PATH = '/asaas/pagamento'
/** A boleto is due this many days after it is issued (as the sandbox's, docs/payments.md). */
export const ASAAS_BOLETO_DUE_DAYS = 3

/** The plan's months as Asaas's subscription cycle (our plans: 3, 6 and 12 months). */
const CYCLE_OF_MONTHS: Record<number, AsaasCycle> = { 1: 'MONTHLY', 2: 'BIMONTHLY', 3: 'QUARTERLY', 6: 'SEMIANNUALLY', 12: 'YEARLY' }
const MONTHS_OF_CYCLE: Record<string, number> = { WEEKLY: 0, BIWEEKLY: 0, MONTHLY: 1, BIMONTHLY: 2, QUARTERLY: 3, SEMIANNUALLY: 6, YEARLY: 12 }

/** A charge Asaas reports as paid: confirmed (card, balance not yet released), received, or received in cash. */
const PAID_STATUSES = new Set(['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'])

/** Asaas event → the internal event type it becomes (docs/payments.md#running-with-asaas). */
const EVENT_MAP: Record<string, { type: string; entity: 'checkout' | 'payment' | 'subscription' }> = {
  CHECKOUT_PAID: { type: 'checkout.session.completed', entity: 'checkout' },
  CHECKOUT_EXPIRED: { type: 'checkout.session.expired', entity: 'checkout' },
  CHECKOUT_CANCELED: { type: 'checkout.session.expired', entity: 'checkout' },
  PAYMENT_CONFIRMED: { type: NEUTRAL_PAYMENT_EVENTS.succeeded, entity: 'payment' },
  PAYMENT_RECEIVED: { type: NEUTRAL_PAYMENT_EVENTS.succeeded, entity: 'payment' },
  PAYMENT_OVERDUE: { type: NEUTRAL_PAYMENT_EVENTS.failed, entity: 'payment' },
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: { type: NEUTRAL_PAYMENT_EVENTS.failed, entity: 'payment' },
  PAYMENT_REFUNDED: { type: NEUTRAL_PAYMENT_EVENTS.refunded, entity: 'payment' },
  PAYMENT_PARTIALLY_REFUNDED: { type: NEUTRAL_PAYMENT_EVENTS.refunded, entity: 'payment' },
  SUBSCRIPTION_UPDATED: { type: 'customer.subscription.updated', entity: 'subscription' },
  SUBSCRIPTION_INACTIVATED: { type: 'customer.subscription.updated', entity: 'subscription' },
  SUBSCRIPTION_DELETED: { type: 'customer.subscription.updated', entity: 'subscription' },
}

/** Our checkout ids: an unguessable reference (the checkout id is the only secret of verify-payment). */
export const ASAAS_CHECKOUT_PREFIX = 'ask_'
const newCheckoutRef = () => `${ASAAS_CHECKOUT_PREFIX}${randomBytes(18).toString('base64url')}`

export class AsaasGateway implements PaymentGateway {
  readonly provider = 'asaas' as const
  // Pix and card on Asaas's Checkout, boleto on our page; its card is charged at once (ADR 029).
  readonly methods = ['pix', 'card', 'boleto'] as const
  readonly cardInstallments = false
  readonly mode: 'test' | 'live'
  readonly signatureHeader = ASAAS_TOKEN_HEADER
  readonly webhookRefusalStatus = 401 as const
  private readonly client: AsaasClient
  private readonly tokenDigest: Buffer
  /** Where Asaas serves its checkout pages for this API (sandbox.asaas.com for the sandbox API). */
  private readonly pageBase: string
  private readonly publicUrl: string | null

  constructor(options: AsaasGatewayOptions) {
    this.publicUrl = options.publicUrl ? options.publicUrl.replace(/\/$/, '') : null
    const base = new URL(options.apiBase)
    this.mode = base.hostname === 'api.asaas.com' ? 'live' : 'test'
    this.pageBase = base.hostname === 'api.asaas.com' ? 'https://asaas.com' : base.hostname === 'api-sandbox.asaas.com' ? 'https://sandbox.asaas.com' : base.origin
    this.client = new AsaasClient({ apiKey: options.apiKey, apiBase: options.apiBase.replace(/\/$/, '') })
    this.tokenDigest = digest(options.webhookToken)
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CheckoutInfo & { url: string }> {
    const cycle = CYCLE_OF_MONTHS[input.intervalMonths]
    if (!cycle) throw new GatewayError(`asaas: no subscription cycle of ${input.intervalMonths} months`)
    if (input.currency.toUpperCase() !== 'BRL') throw new GatewayError(`asaas: charges in BRL only, not ${input.currency}`)
    const ref = newCheckoutRef()
    const successUrl = input.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(ref))
    const created = await this.client.createCheckout({
      billingTypes: ['CREDIT_CARD', 'PIX'],
      chargeTypes: ['RECURRENT'],
      minutesToExpire: 24 * 60,
      externalReference: ref,
      callback: { successUrl, cancelUrl: input.cancelUrl, expiredUrl: input.cancelUrl },
      items: [{ name: input.planName, description: `Assinatura ${input.planName}`, quantity: 1, value: input.amountCents / 100 }],
      subscription: { cycle, nextDueDate: brazilToday() },
    })
    const asaasPage = str(created.link) ?? this.checkoutPageUrl(created.id)
    // Our page first, so that boleto can be offered; it links on to Asaas's page for Pix and card.
    const url = this.publicUrl ? `${this.publicUrl}${ASAAS_PAY_PATH}/${encodeURIComponent(ref)}?checkout=${encodeURIComponent(created.id)}` : asaasPage
    return { ...openCheckout(ref, url, input), url }
  }

  /** Asaas's hosted page of one of its checkouts (https://docs.asaas.com/docs/checkout-link-and-customer-redirection). */
  checkoutPageUrl(asaasCheckoutId: string): string {
    return `${this.pageBase}/checkoutSession/show?id=${encodeURIComponent(asaasCheckoutId)}`
  }

  /**
   * Boleto for one of our checkouts (Asaas's Checkout has none): the payer's customer (found by
   * e-mail when Asaas already has it with the same CPF, else created with name, e-mail and CPF),
   * then a `BOLETO` subscription of the plan's price and cycle, its first charge due in 3 days,
   * carrying our reference like a Checkout's charges, so `retrieveCheckout` reads it the same way.
   * Asked again for the same checkout, it answers the boleto already issued.
   */
  async issueBoleto(checkoutId: string, input: { payer: BoletoPayer; planName: string; amountCents: number; intervalMonths: number }): Promise<BoletoInfo> {
    if (!checkoutId.startsWith(ASAAS_CHECKOUT_PREFIX)) throw new GatewayError('asaas: not one of our checkouts')
    const cycle = CYCLE_OF_MONTHS[input.intervalMonths]
    if (!cycle) throw new GatewayError(`asaas: no subscription cycle of ${input.intervalMonths} months`)
    const existing = await this.boletoOf(checkoutId)
    if (existing) return existing
    const { data: known } = await this.client.listCustomersByEmail(input.payer.email)
    const customer =
      known.find((one) => !one.deleted && one.cpfCnpj === input.payer.cpf) ??
      (await this.client.createCustomer({ name: input.payer.name, email: input.payer.email, cpfCnpj: input.payer.cpf }))
    const sub = await this.client.createSubscription({
      customer: customer.id,
      billingType: 'BOLETO',
      value: input.amountCents / 100,
      nextDueDate: brazilToday(new Date(Date.now() + ASAAS_BOLETO_DUE_DAYS * 86_400_000)),
      cycle,
      description: `Assinatura ${input.planName}`,
      externalReference: checkoutId,
      pixAutomaticAuthorizationMode: 'DISABLED',
    })
    const { data } = await this.client.listSubscriptionPayments(sub.id)
    const first = data.filter((payment) => !payment.deleted).sort(byDueDate)[0]
    if (!first) throw new GatewayError('asaas: the boleto subscription has no charge yet')
    return this.boletoInfo(first)
  }

  async boletoOf(checkoutId: string): Promise<BoletoInfo | null> {
    if (!checkoutId.startsWith(ASAAS_CHECKOUT_PREFIX)) return null
    const { data } = await this.client.listPaymentsByReference(checkoutId)
    const boleto = data.filter((payment) => !payment.deleted && payment.billingType === 'BOLETO').sort(byDueDate)[0]
    return boleto ? this.boletoInfo(boleto) : null
  }

  private async boletoInfo(payment: AsaasPayment): Promise<BoletoInfo> {
    const { identificationField } = await this.client.getIdentificationField(payment.id)
    return {
      providerPaymentId: payment.id,
      line: identificationField.replace(/\D/g, ''),
      pdfUrl: payment.bankSlipUrl ?? null,
      dueDate: payment.dueDate.slice(0, 10),
      amountCents: toCents(payment.value),
    }
  }

  /**
   * The checkout as Asaas reports it now: paid once a charge carrying its reference is confirmed
   * or received. Null only for ids that are not ours (every checkout id we issue has our prefix).
   */
  async retrieveCheckout(id: string): Promise<CheckoutInfo | null> {
    if (!id.startsWith(ASAAS_CHECKOUT_PREFIX)) return null
    const { data } = await this.client.listPaymentsByReference(id)
    const paid = data.filter((payment) => PAID_STATUSES.has(payment.status) || payment.status === 'REFUNDED').sort(byDueDate)[0]
    if (!paid) return { ...openCheckout(id, null, null), status: 'open' }
    return {
      id,
      url: null,
      status: 'complete',
      paymentStatus: 'paid',
      customerId: paid.customer ?? null,
      subscriptionId: paid.subscription ?? null,
      email: null,
      name: null,
      amountTotalCents: toCents(paid.value),
      currency: 'BRL',
      installments: paid.billingType === 'CREDIT_CARD' ? 1 : null,
      clientReferenceId: null,
      metadata: {},
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    const sub = await this.client.getSubscription(id)
    if (!sub) return null
    const { data } = await this.client.listSubscriptionPayments(id)
    return asaasSubscriptionInfo(sub, data)
  }

  async retrievePayment(id: string): Promise<PaymentInfo | null> {
    const payment = await this.client.getPayment(id)
    if (!payment) return null
    // A boleto subscription's charges all carry our reference but no Asaas checkout: its first
    // charge (earliest due date) is the one that pays the checkout; later ones are renewals.
    let first = false
    if (!payment.checkoutSession && payment.subscription && payment.externalReference?.startsWith(ASAAS_CHECKOUT_PREFIX)) {
      const { data } = await this.client.listSubscriptionPayments(payment.subscription)
      first = data.filter((one) => !one.deleted).sort(byDueDate)[0]?.id === payment.id
    }
    return asaasPaymentInfo(payment, first)
  }

  /** Asaas has no customer portal: the subscriber manages the subscription in our Minha conta (ADR 029). */
  async createPortalLink(_customerId: string, returnUrl: string) {
    return { url: returnUrl }
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookParseResult {
    const raw = headers[ASAAS_TOKEN_HEADER]
    const token = Array.isArray(raw) ? raw[0] : raw
    if (!token) return { ok: false, reason: 'missing_signature' }
    // Digests of equal length, so the comparison takes the same time whatever the token's length.
    if (!timingSafeEqual(digest(token), this.tokenDigest)) return { ok: false, reason: 'bad_signature' }
    let parsed: unknown
    try {
      parsed = JSON.parse(rawBody.toString('utf8'))
    } catch {
      return { ok: false, reason: 'bad_payload' }
    }
    const event = toAsaasEvent(parsed)
    return event ? { ok: true, event } : { ok: false, reason: 'bad_payload' }
  }

  /**
   * Refunds a payment in full. Card and Pix: Asaas's refund; it takes no idempotency key, so a
   * payment Asaas already reports as refunded (a retried approval) is not refunded again.
   * Boleto: a transfer of the amount to the account the buyer named (ADR 029, "Refunding a
   * boleto": Asaas's own boleto refund sends the payer a link to type an account and documents,
   * while ours was already asked for). Asaas answers 409 to the same transfer within 15 minutes,
   * which a retried approval meets: that counts as done.
   */
  async refund(providerPaymentId: string, _idempotencyKey: string, transferTo?: RefundBankAccount | null) {
    const current = await this.client.getPayment(providerPaymentId)
    if (!current) throw new GatewayError('asaas: payment to refund not found')
    if (current.billingType === 'BOLETO') {
      if (!transferTo) throw new GatewayError('asaas: a boleto refund needs the account that receives it')
      try {
        const transfer = await this.client.createTransfer({ value: current.value, bankAccount: asaasBankAccount(transferTo), description: 'Reembolso dentro da garantia' })
        return { refundId: transfer.id, amountCents: toCents(current.value) }
      } catch (error) {
        if (error instanceof AsaasApiError && error.status === 409) return { refundId: providerPaymentId, amountCents: toCents(current.value) }
        throw error
      }
    }
    if (current.status !== 'REFUNDED') await this.client.refundPayment(providerPaymentId, 'Reembolso dentro da garantia')
    return { refundId: providerPaymentId, amountCents: toCents(current.value) }
  }

  /** A past-due subscription's unpaid charge, paid on its own Asaas page (Pix, boleto or card). */
  async pendingPaymentLink(subscriptionId: string) {
    const { data } = await this.client.listSubscriptionPayments(subscriptionId)
    const unpaid = data
      .filter((payment) => !payment.deleted && payment.status === 'OVERDUE' && payment.invoiceUrl)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0]
    return unpaid?.invoiceUrl ? { url: unpaid.invoiceUrl } : null
  }

  /** Removing the subscription stops every later charge; one Asaas no longer has is already gone. */
  async cancelSubscription(subscriptionId: string) {
    await this.client.deleteSubscription(subscriptionId)
  }
}

function openCheckout(id: string, url: string | null, input: CreateCheckoutInput | null): CheckoutInfo {
  return {
    id,
    url,
    status: 'open',
    paymentStatus: 'unpaid',
    customerId: null,
    subscriptionId: null,
    email: input?.email ?? null,
    name: input?.name ?? null,
    amountTotalCents: input?.amountCents ?? null,
    currency: 'BRL',
    installments: null,
    clientReferenceId: input?.userId ?? null,
    metadata: {},
  }
}

/** An Asaas webhook body → our event: `{id, event, dateCreated, payment|subscription|checkout}`. */
function toAsaasEvent(value: unknown): VerifiedEvent | null {
  if (!isRecord(value)) return null
  const id = str(value.id)
  const name = str(value.event)
  if (!id || id.length > 255 || !name) return null
  const created = Math.floor((parseAsaasDateTime(str(value.dateCreated)) ?? 0) / 1000)
  const mapped = EVENT_MAP[name]
  // Not an event we act on: acknowledged and ignored (still recorded in the ledger).
  if (!mapped) return { id, type: name, object: {}, created }
  const entity = value[mapped.entity]
  if (!isRecord(entity)) return null
  // A checkout is known to us by its reference; payments and subscriptions by Asaas's id.
  const objectId = mapped.entity === 'checkout' ? (str(entity.externalReference) ?? str(entity.id)) : str(entity.id)
  if (!objectId) return null
  return { id, type: mapped.type, object: { id: objectId }, created }
}

/** The account our refund form asked for, as Asaas's transfer names it (the account's last character is its digit). */
function asaasBankAccount(account: RefundBankAccount) {
  const number = account.account.replace('-', '')
  return {
    bank: { code: account.bankCode },
    ownerName: account.holderName,
    cpfCnpj: account.holderCpf,
    agency: account.agency,
    account: number.slice(0, -1),
    accountDigit: number.slice(-1),
    bankAccountType: account.accountType === 'poupanca' ? ('CONTA_POUPANCA' as const) : ('CONTA_CORRENTE' as const),
  }
}

/** `firstOfBoletoSubscription`: the charge is the first of a boleto subscription we created for a checkout. */
export function asaasPaymentInfo(payment: AsaasPayment, firstOfBoletoSubscription = false): PaymentInfo {
  const refunded = payment.status === 'REFUNDED'
  const status: PaymentInfo['status'] = PAID_STATUSES.has(payment.status)
    ? 'paid'
    : refunded
      ? 'refunded'
      : payment.status === 'OVERDUE'
        ? 'overdue'
        : payment.status === 'PENDING' || payment.status === 'AWAITING_RISK_ANALYSIS'
          ? 'pending'
          : 'failed'
  const method = payment.billingType === 'CREDIT_CARD' ? 'card' : payment.billingType === 'PIX' ? 'pix' : payment.billingType === 'BOLETO' ? 'boleto' : null
  const paidOn = payment.clientPaymentDate ?? payment.paymentDate ?? payment.confirmedDate ?? null
  return {
    id: payment.id,
    subscriptionId: payment.subscription ?? null,
    customerId: payment.customer ?? null,
    status,
    amountCents: toCents(payment.value),
    refundedCents: refunded ? toCents(payment.value) : 0,
    currency: 'BRL',
    method,
    installments: method === 'card' ? 1 : null,
    paidAt: paidOn ? parseAsaasDate(paidOn) : null,
    // The first charge carries its checkout (Asaas's id) and our reference; renewals carry neither checkout.
    // A boleto subscription's first charge carries our reference only (see retrievePayment).
    checkoutId: (payment.checkoutSession || firstOfBoletoSubscription) && payment.externalReference?.startsWith(ASAAS_CHECKOUT_PREFIX) ? payment.externalReference : null,
  }
}

/**
 * Asaas subscription → ours. Asaas keeps an unpaid subscription `ACTIVE` and marks the charge
 * `OVERDUE`, so `past_due` is read from the subscription's charges; the paid-through date is the
 * last paid charge's due date plus one cycle (for `past_due`: the overdue charge's due date, when
 * paid access ended, as docs/payments.md#states-access-and-grace asks).
 */
export function asaasSubscriptionInfo(sub: AsaasSubscription, payments: AsaasPayment[]): SubscriptionInfo {
  const months = MONTHS_OF_CYCLE[sub.cycle] ?? 0
  const live = payments.filter((payment) => !payment.deleted).sort(byDueDate)
  const lastPaid = live.filter((payment) => PAID_STATUSES.has(payment.status)).at(-1)
  const firstOverdue = live.find((payment) => payment.status === 'OVERDUE')
  const paidThrough = lastPaid ? addMonths(parseAsaasDate(lastPaid.dueDate), months) : null
  let status: SubscriptionState | null
  if (sub.deleted || sub.status === 'INACTIVE') status = 'canceled'
  else if (sub.status === 'EXPIRED') status = 'expired'
  else if (firstOverdue) status = 'past_due'
  else status = lastPaid ? 'active' : null
  const endDate = sub.endDate ? parseAsaasDate(sub.endDate) : null
  return {
    id: sub.id,
    customerId: sub.customer,
    status,
    currentPeriodEnd: status === 'past_due' && firstOverdue ? parseAsaasDate(firstOverdue.dueDate) : paidThrough,
    cancelAtPeriodEnd: status === 'active' && endDate !== null && paidThrough !== null && endDate.getTime() <= paidThrough.getTime(),
    planCode: null,
    metadata: {},
  }
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
const toCents = (value: number) => Math.round(value * 100)
const byDueDate = (a: AsaasPayment, b: AsaasPayment) => parseAsaasDate(a.dueDate).getTime() - parseAsaasDate(b.dueDate).getTime()

/** Asaas's dates are Brasília dates: yyyy-MM-dd from the API, dd/MM/yyyy in some webhook bodies. */
export function parseAsaasDate(value: string): Date {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value)
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : [null, null, null]
  if (!y) return new Date(Number.NaN)
  return new Date(`${y}-${m}-${d}T00:00:00-03:00`)
}

function parseAsaasDateTime(value: string | null): number | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value) : null
  return match ? new Date(`${match[1]}T${match[2]}-03:00`).getTime() : null
}

function addMonths(date: Date, months: number): Date {
  // Brasília has no daylight saving time since 2019: a fixed -03:00 offset.
  const local = new Date(date.getTime() - 3 * 3_600_000)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, local.getUTCDate(), 3))
}

/** Today in Brasília, yyyy-MM-dd: a subscription's first charge is due the day it is bought. */
function brazilToday(now = new Date()): string {
  return new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10)
}
