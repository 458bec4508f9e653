/**
 * The PaymentGateway interface (ADR 004, docs/payments.md). Three implementations: the built-in
 * `sandbox` provider, Stripe and Asaas (ADR 029). Everything the rest of the API knows about a provider goes
 * through this interface, in provider-neutral shapes; webhook events stay Stripe-shaped JSON
 * (the sandbox emits the same shape), and their effects always re-read current state through
 * `retrieveCheckout` / `retrieveSubscription` / `retrievePayment` rather than trusting the event's
 * copy. Asaas's events are mapped by its adapter onto that vocabulary, plus the provider-neutral
 * payment kinds of ADR 030 item 1 (`NEUTRAL_PAYMENT_EVENTS`). A checkout
 * is Stripe's Checkout Session, a portal link its Billing Portal session: the Stripe adapter keeps
 * Stripe's names (docs/decisions/022-one-word-per-meaning.md).
 */
import type { PaymentMethod, PaymentProvider, RefundBankAccount } from '@sintonia/contract'

export type GatewayMode = 'test' | 'live'
/** 'gift': a one-off payment of the plan's price (Stripe's `mode: payment`), no subscription at the provider. */
export type CheckoutFlow = 'auth_first' | 'pay_first' | 'gift'

export interface CreateCheckoutInput {
  planCode: string
  planName: string
  /** Centavos, computed by our server from the plans table (promotion applied by the server clock). */
  amountCents: number
  currency: string
  intervalMonths: number
  flow: CheckoutFlow
  email: string | null
  name: string | null
  /** Auth-first: the buyer's user id (client_reference_id and metadata). */
  userId: string | null
  /**
   * The admin's monthly interest on card instalments, basis points (0: "sem juros"), for a
   * provider whose page offers instalments (the sandbox); Stripe's checkout offers none.
   */
  installmentInterestBasisPoints: number
  /** May contain the literal `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string
  cancelUrl: string
}

export interface CheckoutInfo {
  id: string
  url: string | null
  /** 'open' | 'complete' | 'expired' */
  status: string
  /** 'paid' | 'unpaid' | 'no_payment_required' */
  paymentStatus: string
  customerId: string | null
  subscriptionId: string | null
  email: string | null
  name: string | null
  /** What the buyer is charged in all; once paid by card in instalments, the merchant's interest included. */
  amountTotalCents: number | null
  currency: string | null
  /** Paid by card in this many instalments (1 = at once); null when not by card, or the provider does not say. */
  installments: number | null
  /** …with the merchant's interest (`amountTotalCents` includes it); absent or false: without. */
  installmentsWithInterest?: boolean
  clientReferenceId: string | null
  metadata: Record<string, string>
  /** A one-off checkout (flow 'gift') once paid: the charge to record and refund; null otherwise. */
  paymentId?: string | null
  /** …and how it was paid (null when the provider does not say). */
  paymentMethod?: PaymentMethod | null
}

/** Our state names (subscriptions.status) as mapped from the provider's. */
export type SubscriptionState = 'active' | 'past_due' | 'canceled' | 'expired'

export interface SubscriptionInfo {
  id: string
  customerId: string
  /** null: a provider state that has no meaning for access yet (e.g. Stripe 'incomplete'). */
  status: SubscriptionState | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  /** The plan code the provider carries in its metadata (changed by a portal plan change). */
  planCode: string | null
  metadata: Record<string, string>
}

/**
 * A provider payment as the provider reports it now (ADR 030 item 1: effects act on this, read
 * back from the provider, never on an event's copy).
 */
export interface PaymentInfo {
  id: string
  /** The provider subscription it charges a period of; null for a one-off. */
  subscriptionId: string | null
  customerId: string | null
  /** 'paid' = confirmed or received; 'overdue' = its due date passed unpaid. */
  status: 'pending' | 'paid' | 'overdue' | 'refunded' | 'failed'
  amountCents: number
  refundedCents: number
  currency: string
  /** null when the provider does not say (or the payer has not chosen yet). */
  method: PaymentMethod | null
  /** Card instalments (1 = at once); null when not by card. */
  installments: number | null
  /** Card instalments carrying the merchant's interest (the amount includes it). */
  installmentsWithInterest?: boolean
  paidAt: Date | null
  /**
   * Our checkout id when this is the payment a checkout created (a subscription's first one);
   * null for a renewal. Its success also applies that checkout, in case the checkout's own event
   * came first and found it not yet paid.
   */
  checkoutId: string | null
}

/**
 * Provider-neutral webhook kinds (ADR 030 item 1) that `webhooks.ts` handles by re-reading the
 * payment through `retrievePayment`; `object.id` is the provider's payment id. Emitted by the Asaas
 * adapter; Stripe and the sandbox still emit their invoice/charge events.
 */
export const NEUTRAL_PAYMENT_EVENTS = {
  succeeded: 'payment_succeeded',
  failed: 'payment_failed',
  refunded: 'payment_refunded',
} as const

/** A webhook whose signature was verified: the provider's event id, its type and its data object. */
export interface VerifiedEvent {
  id: string
  type: string
  /** `data.object` of the event, as the provider sent it. */
  object: Record<string, unknown>
  created: number
}

export type WebhookParseResult = { ok: true; event: VerifiedEvent } | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'bad_payload' }

/** The payer a boleto names (ADR 029: the CPF goes to the provider, never to our tables). */
export interface BoletoPayer {
  name: string
  email: string
  /** 11 digits, checked by `normalizeCpf`. */
  cpf: string
}

/** A boleto issued for a checkout: what the buyer needs to pay it. */
export interface BoletoInfo {
  providerPaymentId: string
  /** The digitable line, digits only. */
  line: string
  /** The provider's PDF of the boleto. */
  pdfUrl: string | null
  /** yyyy-MM-dd (Brasília). */
  dueDate: string
  amountCents: number
}

export interface RefundResult {
  refundId: string
  amountCents: number
}

export interface PaymentGateway {
  readonly provider: PaymentProvider
  readonly mode: GatewayMode
  /** The ways its checkout takes (the payment page says them before the buyer leaves). */
  readonly methods: readonly PaymentMethod[]
  /** Whether its checkout splits a card payment in instalments (up to the plan's months). */
  readonly cardInstallments: boolean
  /** Whether its checkout takes a one-off payment (flow 'gift'); without it no gift is sold. */
  readonly oneOffPayments: boolean
  /** The HTTP header carrying the webhook signature (or, with Asaas, the shared token). */
  readonly signatureHeader: string
  /**
   * What a refused webhook answers: 400 where a signature over the body failed, 401 where the
   * webhook is authenticated by a shared token (Asaas, ADR 029).
   */
  readonly webhookRefusalStatus: 400 | 401
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutInfo & { url: string }>
  retrieveCheckout(id: string): Promise<CheckoutInfo | null>
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>
  /**
   * The provider's current state of a payment. Only gateways that emit `NEUTRAL_PAYMENT_EVENTS`
   * need it (Asaas); Stripe's and the sandbox's invoice events carry a re-read subscription and
   * their own invoice, as before (ADR 030 item 1 is done only as far as Asaas needs it).
   */
  retrievePayment?(id: string): Promise<PaymentInfo | null>
  /**
   * Boleto for a checkout we started, where the provider's hosted checkout has none (Asaas, ADR 029):
   * issues it the first time (the payer's customer record, a boleto subscription of the plan's cycle
   * whose first charge is due in 3 days) and answers the same boleto after that.
   */
  issueBoleto?(checkoutId: string, input: { payer: BoletoPayer; planName: string; amountCents: number; intervalMonths: number }): Promise<BoletoInfo>
  /** The boleto already issued for a checkout, or null. */
  boletoOf?(checkoutId: string): Promise<BoletoInfo | null>
  createPortalLink(customerId: string, returnUrl: string): Promise<{ url: string }>
  /** Verifies the signature over the exact raw body; never throws for bad input. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookParseResult
  /**
   * Refunds a charge in full: card and Pix back where they came from; a boleto by a transfer to
   * `transferTo`, the account the buyer named. `idempotencyKey` makes a retried approval refund once.
   */
  refund(providerPaymentId: string, idempotencyKey: string, transferTo?: RefundBankAccount | null): Promise<RefundResult>
  /**
   * The provider's page where a past-due subscription's open period is paid (the sandbox: Pix or
   * boleto; Stripe: its hosted invoice page), returning to `returnUrl`; null when nothing is owed.
   */
  pendingPaymentLink(subscriptionId: string, returnUrl: string): Promise<{ url: string } | null>
  /** Ends a subscription now (refund approved). */
  cancelSubscription(subscriptionId: string): Promise<void>
  /**
   * What a subscriber may change by themselves, in Minha conta, on this provider subscription (a
   * fair goodbye, docs/product/commerce.md#a-fair-goodbye); the calls below are made only where it says so.
   */
  selfService(subscriptionId: string): SelfService
  /** Ends the subscription at its paid period's end (true), or keeps it renewing (false). Sets a value: repeating it changes nothing. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>
  /** A pause: the next renewal is charged at `renewsAt` instead of at the period's end. Sets a value. */
  moveRenewal(subscriptionId: string, renewsAt: Date): Promise<void>
  /** The next renewal's charge less `percent`, once. Sets a value. */
  discountNextRenewal(subscriptionId: string, percent: number): Promise<void>
}

export interface SelfService {
  cancel: boolean
  pause: boolean
  discount: boolean
}

/** A gateway call that failed (network, provider error): the route answers 502 with a pt-BR message. */
export class GatewayError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message)
    this.name = 'GatewayError'
  }
}

/**
 * The provider answered, and its answer is that the subscription is not live there (ended, removed,
 * unknown): our row is behind the provider, not the provider down. The route answers 409.
 */
export class SubscriptionNotLiveError extends GatewayError {
  constructor(message: string) {
    super(message)
    this.name = 'SubscriptionNotLiveError'
  }
}
