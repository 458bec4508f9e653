/**
 * The PaymentGateway interface (ADR 004, docs/payments.md). Two implementations: the built-in
 * `sandbox` provider and Stripe. Everything the rest of the API knows about a provider goes
 * through this interface, in provider-neutral shapes; webhook events stay Stripe-shaped JSON
 * (the sandbox emits the same shape), and their effects always re-read current state through
 * `retrieveCheckout` / `retrieveSubscription` rather than trusting the event's copy. A checkout
 * is Stripe's Checkout Session, a portal link its Billing Portal session: the Stripe adapter keeps
 * Stripe's names (docs/decisions/022-one-word-per-meaning.md).
 */
import type { PaymentProvider, RefundBankAccount } from '@sintonia/contract'

export type GatewayMode = 'test' | 'live'
export type CheckoutFlow = 'auth_first' | 'pay_first'

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
  amountTotalCents: number | null
  currency: string | null
  /** Paid by card in this many instalments (1 = at once); null when not by card, or the provider does not say. */
  installments: number | null
  clientReferenceId: string | null
  metadata: Record<string, string>
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

/** A webhook whose signature was verified: the provider's event id, its type and its data object. */
export interface VerifiedEvent {
  id: string
  type: string
  /** `data.object` of the event, as the provider sent it. */
  object: Record<string, unknown>
  created: number
}

export type WebhookParseResult = { ok: true; event: VerifiedEvent } | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'bad_payload' }

export interface RefundResult {
  refundId: string
  amountCents: number
}

export interface PaymentGateway {
  readonly provider: PaymentProvider
  readonly mode: GatewayMode
  /** The HTTP header carrying the webhook signature. */
  readonly signatureHeader: string
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutInfo & { url: string }>
  retrieveCheckout(id: string): Promise<CheckoutInfo | null>
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>
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
