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
import type { Database } from '../../../db/client.js'
import * as cardPlans from '../asaas-card-plans-repository.js'
import { AsaasApiError, AsaasClient, type AsaasCycle, type AsaasPayment, type AsaasSubscription } from './asaas-client.js'
import {
  GatewayError,
  SubscriptionNotLiveError,
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
  /** Where our card-instalment plans live (ADR 031: Asaas has no subscription in instalments). */
  db: Database
}

/** A card-instalment plan of ours (ADR 031): the provider subscription id our `subscriptions` row carries. */
export const ASAAS_CARD_PLAN_PREFIX = 'acp_'
const newCardPlanId = () => `${ASAAS_CARD_PLAN_PREFIX}${randomBytes(18).toString('base64url')}`
/** A later period's charges carry `<plan id>.<period number>` as their reference. */
const PERIOD_REFERENCE = /^(acp_[A-Za-z0-9_-]{24})\.(\d{1,4})$/
const periodReference = (planId: string, period: number) => `${planId}.${period}`

/** What charging a plan's period on the card came to (asaas-card-renewals.ts acts on it). */
export type CardPeriodOutcome =
  | { kind: 'paid' }
  | { kind: 'refused'; pendingPaymentId: string | null }
  /** Asaas could not be reached, or is still analysing the charge: try again later. */
  | { kind: 'later' }

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
  // Up to the plan's months, as a plan of ours charged on the card's token (ADR 031).
  readonly cardInstallments = true
  /** Gifts would be Asaas Checkouts of chargeType DETACHED: not built yet (ADR 035). */
  readonly oneOffPayments = false
  readonly mode: 'test' | 'live'
  readonly signatureHeader = ASAAS_TOKEN_HEADER
  readonly webhookRefusalStatus = 401 as const
  private readonly client: AsaasClient
  private readonly tokenDigest: Buffer
  /** Where Asaas serves its checkout pages for this API (sandbox.asaas.com for the sandbox API). */
  private readonly pageBase: string
  private readonly publicUrl: string | null
  private readonly db: Database

  constructor(options: AsaasGatewayOptions) {
    this.db = options.db
    this.publicUrl = options.publicUrl ? options.publicUrl.replace(/\/$/, '') : null
    const base = new URL(options.apiBase)
    this.mode = base.hostname === 'api.asaas.com' ? 'live' : 'test'
    this.pageBase = base.hostname === 'api.asaas.com' ? 'https://asaas.com' : base.hostname === 'api-sandbox.asaas.com' ? 'https://sandbox.asaas.com' : base.origin
    this.client = new AsaasClient({ apiKey: options.apiKey, apiBase: options.apiBase.replace(/\/$/, '') })
    this.tokenDigest = digest(options.webhookToken)
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CheckoutInfo & { url: string }> {
    if (input.flow === 'gift') throw new GatewayError('asaas: one-off payments (gifts) are not built')
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

  /** Where Asaas's hosted pages are: our page's form that goes on to the card page is allowed to go there. */
  get checkoutPageOrigin(): string {
    return new URL(this.pageBase).origin
  }

  /** Asaas's hosted page of one of its checkouts (https://docs.asaas.com/docs/checkout-link-and-customer-redirection). */
  checkoutPageUrl(asaasCheckoutId: string): string {
    return `${this.pageBase}/checkoutSession/show?id=${encodeURIComponent(asaasCheckoutId)}`
  }

  /**
   * Card in instalments for one of our checkouts (ADR 031): the buyer chose the count on our page
   * (the price by the Price table when the admin charges interest); the plan of ours that will
   * charge each later period is recorded, and an Asaas Checkout of that one charge in instalments
   * is created for Asaas's hosted card page (card data never reaches us). Answers its page.
   */
  async startCardInstallments(
    checkoutId: string,
    input: { planName: string; intervalMonths: number; totalCents: number; count: number; interestBp: number; remoteIp: string; successUrl: string; cancelUrl: string },
  ): Promise<{ url: string }> {
    if (!checkoutId.startsWith(ASAAS_CHECKOUT_PREFIX)) throw new GatewayError('asaas: not one of our checkouts')
    const plan = await cardPlans.insertPlan(this.db, {
      id: newCardPlanId(),
      checkoutId,
      planName: input.planName,
      intervalMonths: input.intervalMonths,
      amountCents: input.totalCents,
      installmentCount: input.count,
      installmentInterestBp: input.interestBp,
      remoteIp: input.remoteIp,
    })
    if (plan.status !== 'pending') throw new GatewayError('asaas: this checkout is already paid')
    await cardPlans.updatePendingChoice(this.db, plan.id, { amountCents: input.totalCents, installmentCount: input.count, installmentInterestBp: input.interestBp, remoteIp: input.remoteIp })
    const created = await this.client.createCheckout({
      billingTypes: ['CREDIT_CARD'],
      chargeTypes: ['INSTALLMENT'],
      installment: { maxInstallmentCount: input.count },
      minutesToExpire: 24 * 60,
      externalReference: checkoutId,
      callback: { successUrl: input.successUrl, cancelUrl: input.cancelUrl, expiredUrl: input.cancelUrl },
      items: [{ name: input.planName, description: `Assinatura ${input.planName}`, quantity: 1, value: input.totalCents / 100 }],
    })
    return { url: str(created.link) ?? this.checkoutPageUrl(created.id) }
  }

  /**
   * Charges a plan's next period on the card's token, in the instalments the buyer chose (ADR 031).
   * Idempotent by the period's reference: a charge Asaas already has for it (a pass that crashed
   * after Asaas answered) is taken as the answer. A refusal offers the period's charge for Pix or
   * boleto on Asaas's invoice page, once per period.
   */
  async chargeCardPeriod(plan: cardPlans.AsaasCardPlanRow, now: Date): Promise<CardPeriodOutcome> {
    const period = plan.periodsPaid + 1
    const reference = periodReference(plan.id, period)
    try {
      const { data } = await this.client.listPaymentsByReference(reference)
      const live = data.filter((payment) => !payment.deleted)
      const earlier = live.filter((payment) => payment.billingType === 'CREDIT_CARD')
      const offer = live.find((payment) => payment.billingType !== 'CREDIT_CARD')
      let outcome: 'paid' | 'refused' | 'later'
      // Paid by the card or by the offer (Pix, boleto), even if its event has not reached us yet.
      if (live.some((payment) => PAID_STATUSES.has(payment.status))) outcome = 'paid'
      else if (earlier.some((payment) => payment.status === 'PENDING' || payment.status === 'AWAITING_RISK_ANALYSIS')) outcome = 'later'
      else if (!plan.cardToken || !plan.customerId) outcome = 'refused'
      else outcome = offer ? await this.chargeCardWithOfferWithdrawn(plan, reference, now, offer.id) : await this.chargeCard(plan, reference, now)
      if (outcome === 'paid') {
        await this.settlePeriod(plan, period)
        return { kind: 'paid' }
      }
      if (outcome === 'later') return { kind: 'later' }
      // The offer open for the period (restored after a refused retry), or a new one.
      return { kind: 'refused', pendingPaymentId: await this.offerPeriodCharge(plan, reference, now) }
    } catch (error) {
      if (error instanceof GatewayError) return { kind: 'later' }
      throw error
    }
  }

  /**
   * A retry while the period is offered for Pix or boleto: the offer is removed at Asaas while the
   * card is charged, so the subscriber cannot pay the period twice, and restored (same id, same
   * link) unless the card paid. An offer Asaas will not remove has just been paid: the card is
   * not charged.
   */
  private async chargeCardWithOfferWithdrawn(plan: cardPlans.AsaasCardPlanRow, reference: string, now: Date, offerId: string): Promise<'paid' | 'refused' | 'later'> {
    try {
      // Already gone (removed at Asaas's panel): nothing to withdraw or bring back.
      if (!(await this.client.deletePayment(offerId))) return this.chargeCard(plan, reference, now)
    } catch (error) {
      if (!(error instanceof AsaasApiError && error.status === 400)) throw error
      const offer = await this.client.getPayment(offerId)
      return offer && PAID_STATUSES.has(offer.status) ? 'paid' : 'later'
    }
    let outcome: 'paid' | 'refused' | 'later' = 'later'
    try {
      outcome = await this.chargeCard(plan, reference, now)
      return outcome
    } finally {
      if (outcome !== 'paid') {
        // Unreachable now: the offer stays removed, and the next refusal offers the period anew.
        await this.client.restorePayment(offerId).catch((error: unknown) => {
          if (!(error instanceof GatewayError)) throw error
        })
      }
    }
  }

  private async chargeCard(plan: cardPlans.AsaasCardPlanRow, reference: string, now: Date): Promise<'paid' | 'refused' | 'later'> {
    const count = Math.max(1, plan.installmentCount)
    const common = {
      customer: plan.customerId!,
      billingType: 'CREDIT_CARD' as const,
      dueDate: brazilToday(now),
      description: `Renovação ${plan.planName}`,
      externalReference: reference,
      creditCardToken: plan.cardToken!,
      remoteIp: plan.remoteIp,
    }
    try {
      const payment = await this.client.createPayment(
        count === 1 ? { ...common, value: plan.amountCents / 100 } : { ...common, installmentCount: count, installmentValue: Math.round(plan.amountCents / count) / 100 },
      )
      return PAID_STATUSES.has(payment.status) ? 'paid' : payment.status === 'PENDING' || payment.status === 'AWAITING_RISK_ANALYSIS' ? 'later' : 'refused'
    } catch (error) {
      // Our request is well formed: a 400 on a card charge is the card refused (expired, no limit, blocked).
      if (error instanceof AsaasApiError && error.status === 400) return 'refused'
      throw error
    }
  }

  /** The refused period's charge, paid on Asaas's invoice page by Pix or boleto (or another card). */
  private async offerPeriodCharge(plan: cardPlans.AsaasCardPlanRow, reference: string, now: Date): Promise<string | null> {
    if (!plan.customerId) return null
    const { data } = await this.client.listPaymentsByReference(reference)
    const offered = data.find((payment) => !payment.deleted && payment.billingType !== 'CREDIT_CARD')
    if (offered) return offered.id
    const created = await this.client.createPayment({
      customer: plan.customerId,
      billingType: 'UNDEFINED',
      value: plan.amountCents / 100,
      dueDate: brazilToday(new Date(now.getTime() + ASAAS_BOLETO_DUE_DAYS * 86_400_000)),
      description: `Renovação ${plan.planName}`,
      externalReference: reference,
    })
    return created.id
  }

  /** The period is paid: the plan moves one interval on, and an offer left open for it is removed. */
  private async settlePeriod(plan: cardPlans.AsaasCardPlanRow, period: number): Promise<void> {
    if (!plan.currentPeriodEnd) return
    const settled = await cardPlans.recordPeriodPaid(this.db, plan.id, period, addMonths(plan.currentPeriodEnd, plan.intervalMonths))
    if (settled && plan.pendingPaymentId) {
      const offered = await this.client.getPayment(plan.pendingPaymentId)
      if (offered && !offered.deleted && !PAID_STATUSES.has(offered.status)) await this.client.deletePayment(offered.id)
    }
  }

  /**
   * The first period of a card-instalment checkout is paid: the plan takes the customer, the card's
   * token and its period end from the charges Asaas reports (once; a second reading changes nothing).
   */
  private async activateCardPlan(checkoutId: string, charges: AsaasPayment[]): Promise<cardPlans.AsaasCardPlanRow | null> {
    const plan = await cardPlans.findByCheckout(this.db, checkoutId)
    if (!plan) return null
    const first = charges.slice().sort(byDueDate)[0]
    if (plan.status === 'pending' && first) {
      await cardPlans.activate(this.db, plan.id, {
        customerId: first.customer ?? null,
        cardToken: charges.map((charge) => charge.creditCard?.creditCardToken).find((token): token is string => !!token) ?? null,
        currentPeriodEnd: addMonths(parseAsaasDate(first.dueDate), plan.intervalMonths),
        installmentCount: charges.length,
      })
      return cardPlans.findPlan(this.db, plan.id)
    }
    return plan
  }

  /** Every live charge of an instalment plan, in order. */
  private async installmentCharges(installmentId: string): Promise<AsaasPayment[]> {
    const { data } = await this.client.listInstallmentPayments(installmentId)
    return data.filter((payment) => !payment.deleted).sort(byDueDate)
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
    if (paid.installment && paid.billingType === 'CREDIT_CARD') {
      // Card in instalments: one charge per instalment; the subscription is our plan (ADR 031).
      const charges = await this.installmentCharges(paid.installment)
      const plan = await this.activateCardPlan(id, charges)
      return {
        ...openCheckout(id, null, null),
        status: 'complete',
        paymentStatus: 'paid',
        customerId: paid.customer ?? null,
        subscriptionId: plan?.id ?? null,
        amountTotalCents: centsOf(charges),
        installments: charges.length,
        installmentsWithInterest: withPlanInterest(charges.length, plan),
        clientReferenceId: null,
      }
    }
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
    if (id.startsWith(ASAAS_CARD_PLAN_PREFIX)) {
      const plan = await cardPlans.findPlan(this.db, id)
      return plan ? cardPlanInfo(plan) : null
    }
    const sub = await this.client.getSubscription(id)
    if (!sub) return null
    const { data } = await this.client.listSubscriptionPayments(id)
    return asaasSubscriptionInfo(sub, data)
  }

  async retrievePayment(id: string): Promise<PaymentInfo | null> {
    const payment = await this.client.getPayment(id)
    if (!payment) return null
    const periodOf = PERIOD_REFERENCE.exec(payment.externalReference ?? '')
    if (payment.installment || periodOf) return this.cardPlanPayment(payment, periodOf)
    // A boleto subscription's charges all carry our reference but no Asaas checkout: its first
    // charge (earliest due date) is the one that pays the checkout; later ones are renewals.
    let first = false
    if (!payment.checkoutSession && payment.subscription && payment.externalReference?.startsWith(ASAAS_CHECKOUT_PREFIX)) {
      const { data } = await this.client.listSubscriptionPayments(payment.subscription)
      first = data.filter((one) => !one.deleted).sort(byDueDate)[0]?.id === payment.id
    }
    return asaasPaymentInfo(payment, first)
  }

  /**
   * A charge of a card plan (ADR 031), as one payment: an instalment plan's charges are recorded
   * once, as their plan (its id, the total, the count), whichever instalment the event named. A
   * paid charge of the period due settles it (the card's, or the Pix/boleto one offered after a
   * refusal), once.
   */
  private async cardPlanPayment(payment: AsaasPayment, periodOf: RegExpExecArray | null): Promise<PaymentInfo> {
    const charges = payment.installment ? await this.installmentCharges(payment.installment) : [payment]
    const firstOfCheckout = !periodOf && payment.externalReference?.startsWith(ASAAS_CHECKOUT_PREFIX) ? payment.externalReference : null
    let plan = periodOf ? await cardPlans.findPlan(this.db, periodOf[1]!) : firstOfCheckout ? await cardPlans.findByCheckout(this.db, firstOfCheckout) : null
    if (firstOfCheckout && plan && PAID_STATUSES.has(payment.status)) plan = await this.activateCardPlan(firstOfCheckout, charges)
    const period = periodOf ? Number(periodOf[2]) : null
    if (plan && period !== null && period === plan.periodsPaid + 1 && PAID_STATUSES.has(payment.status)) await this.settlePeriod(plan, period)
    const info = asaasPaymentInfo(payment)
    return {
      ...info,
      id: payment.installment ?? payment.id,
      subscriptionId: plan?.id ?? null,
      amountCents: centsOf(charges),
      refundedCents: centsOf(charges.filter((charge) => charge.status === 'REFUNDED')),
      installments: info.method === 'card' ? charges.length : null,
      installmentsWithInterest: info.method === 'card' && withPlanInterest(charges.length, plan),
      checkoutId: firstOfCheckout && plan ? firstOfCheckout : null,
    }
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
    if (!providerPaymentId.startsWith('pay_')) {
      // An instalment plan (ADR 031): every instalment refunded at once, unless already done.
      const charges = await this.installmentCharges(providerPaymentId)
      if (charges.length === 0) throw new GatewayError('asaas: instalment plan to refund not found')
      if (charges.some((charge) => charge.status !== 'REFUNDED')) await this.client.refundInstallment(providerPaymentId)
      return { refundId: providerPaymentId, amountCents: centsOf(charges) }
    }
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

  /**
   * A past-due subscription's unpaid charge, paid on its own Asaas page (Pix, boleto or card); for
   * a boleto subscription paid ahead, the next charge Asaas already issued.
   */
  async pendingPaymentLink(subscriptionId: string) {
    if (subscriptionId.startsWith(ASAAS_CARD_PLAN_PREFIX)) {
      // A card plan whose card was refused: the period's charge offered on Asaas's invoice page.
      const plan = await cardPlans.findPlan(this.db, subscriptionId)
      const offered = plan?.status === 'past_due' && plan.pendingPaymentId ? await this.client.getPayment(plan.pendingPaymentId) : null
      return offered && !offered.deleted && !PAID_STATUSES.has(offered.status) && offered.invoiceUrl ? { url: offered.invoiceUrl } : null
    }
    const { data } = await this.client.listSubscriptionPayments(subscriptionId)
    const open = data.filter((payment) => !payment.deleted && payment.invoiceUrl).sort(byDueDate)
    const unpaid = open.find((payment) => payment.status === 'OVERDUE') ?? open.find((payment) => payment.status === 'PENDING')
    return unpaid?.invoiceUrl ? { url: unpaid.invoiceUrl } : null
  }

  /** Removing the subscription stops every later charge; one Asaas no longer has is already gone. */
  async cancelSubscription(subscriptionId: string) {
    if (subscriptionId.startsWith(ASAAS_CARD_PLAN_PREFIX)) {
      // Our own plan: no later charge; a period's charge still offered is removed at Asaas.
      const plan = await cardPlans.cancelPlan(this.db, subscriptionId)
      if (plan?.pendingPaymentId) await this.client.deletePayment(plan.pendingPaymentId)
      return
    }
    await this.client.deleteSubscription(subscriptionId)
  }

  /**
   * Our card plans (ADR 031) renew by our own pass, so cancelling at the period's end and a pause
   * are ours to set. Asaas's own subscriptions (Pix, boleto) are not yet: ending one at its period's
   * end means an `endDate`, and moving or discounting a charge Asaas already generated needs the
   * confirmations listed in ADR 033.
   */
  selfService(subscriptionId: string) {
    const ours = subscriptionId.startsWith(ASAAS_CARD_PLAN_PREFIX)
    return { cancel: ours, pause: ours, discount: false }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    if (!this.selfService(subscriptionId).cancel) throw new GatewayError(`asaas: ${subscriptionId} cannot be set to end by the subscriber here`)
    if (!(await cardPlans.setCancelAtPeriodEnd(this.db, subscriptionId, cancel))) throw new SubscriptionNotLiveError(`asaas: card plan ${subscriptionId} is not active`)
  }

  async moveRenewal(subscriptionId: string, renewsAt: Date) {
    if (!this.selfService(subscriptionId).pause) throw new GatewayError(`asaas: ${subscriptionId} cannot be paused here`)
    if (!(await cardPlans.moveRenewal(this.db, subscriptionId, renewsAt))) throw new SubscriptionNotLiveError(`asaas: card plan ${subscriptionId} is not active`)
  }

  async discountNextRenewal(subscriptionId: string) {
    throw new GatewayError(`asaas: no discount on ${subscriptionId} from here`)
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

/** A card plan of ours (ADR 031) as the subscription `webhooks.ts` copies onto our row. */
function cardPlanInfo(plan: cardPlans.AsaasCardPlanRow): SubscriptionInfo {
  const status: SubscriptionState | null = plan.status === 'pending' ? null : plan.status === 'canceled' ? 'canceled' : plan.status === 'past_due' ? 'past_due' : 'active'
  return {
    id: plan.id,
    customerId: plan.customerId ?? '',
    status,
    currentPeriodEnd: plan.currentPeriodEnd,
    cancelAtPeriodEnd: plan.status === 'active' && plan.cancelAtPeriodEnd,
    planCode: null,
    metadata: {},
  }
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
const toCents = (value: number) => Math.round(value * 100)
/** What these charges add up to, in centavos. */
const centsOf = (charges: AsaasPayment[]) => charges.reduce((sum, charge) => sum + toCents(charge.value), 0)
/** Card instalments (more than one charge) on a plan priced with the admin's interest (ADR 031). */
const withPlanInterest = (count: number, plan: cardPlans.AsaasCardPlanRow | null) => count > 1 && (plan?.installmentInterestBp ?? 0) > 0
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
