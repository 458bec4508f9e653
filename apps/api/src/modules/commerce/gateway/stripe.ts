import Stripe from 'stripe'
import { fromUnix, idOf, isRecord, num, str, subscriptionStateOf, toVerifiedEvent } from './events.js'
import { GatewayError, SubscriptionNotLiveError, type CheckoutInfo, type CreateCheckoutInput, type PaymentGateway, type SubscriptionInfo, type WebhookParseResult } from './types.js'

export interface StripeGatewayOptions {
  secretKey: string
  webhookSecret: string
  /** Points the SDK elsewhere (a local fake in tests), e.g. http://127.0.0.1:12111 */
  apiBase?: string | undefined
}

/** The SDK's connection options for STRIPE_API_BASE (host, port, protocol). */
export function stripeConnection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {}
  const url = new URL(apiBase)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol }
}

/**
 * `PAYMENT_GATEWAY=stripe`: the official SDK. Checkout Sessions in subscription mode with
 * price_data built from our plan (never from the request), Billing Portal sessions, and
 * `webhooks.constructEvent` over the raw body.
 */
export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const
  readonly methods = ['card'] as const
  readonly cardInstallments = false
  readonly oneOffPayments = true
  readonly mode: 'test' | 'live'
  readonly signatureHeader = 'stripe-signature'
  readonly webhookRefusalStatus = 400 as const
  private readonly stripe: Stripe

  constructor(private readonly options: StripeGatewayOptions) {
    this.mode = options.secretKey.startsWith('sk_live_') ? 'live' : 'test'
    this.stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...stripeConnection(options.apiBase) })
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw new GatewayError(`stripe: ${what} failed`, error)
    }
  }

  async createCheckout(input: CreateCheckoutInput) {
    const metadata: Record<string, string> = { plan_code: input.planCode, flow: input.flow }
    if (input.userId) metadata.user_id = input.userId
    // A gift is paid once (mode payment, a one-time price); a subscription renews by itself.
    const gift = input.flow === 'gift'
    const session = await this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create({
        mode: gift ? 'payment' : 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              ...(gift ? {} : { recurring: { interval: 'month' as const, interval_count: input.intervalMonths } }),
              product_data: { name: gift ? `Presente: ${input.planName}` : input.planName, metadata: { plan_code: input.planCode } },
            },
          },
        ],
        ...(input.email ? { customer_email: input.email } : {}),
        ...(input.userId ? { client_reference_id: input.userId } : {}),
        metadata,
        ...(gift ? { payment_intent_data: { metadata } } : { subscription_data: { metadata } }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: 'pt-BR',
      }),
    )
    if (!session.url) throw new GatewayError('stripe: checkout session without url')
    return { ...checkoutInfo(session), url: session.url }
  }

  async retrieveCheckout(id: string): Promise<CheckoutInfo | null> {
    try {
      return checkoutInfo(await this.stripe.checkout.sessions.retrieve(id))
    } catch (error) {
      if (isNotFound(error)) return null
      throw new GatewayError('stripe: checkout.sessions.retrieve failed', error)
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    try {
      return stripeSubscriptionInfo(await this.stripe.subscriptions.retrieve(id, { expand: ['items.data.price.product'] }))
    } catch (error) {
      if (isNotFound(error)) return null
      throw new GatewayError('stripe: subscriptions.retrieve failed', error)
    }
  }

  async createPortalLink(customerId: string, returnUrl: string) {
    const session = await this.call('billingPortal.sessions.create', () => this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }))
    return { url: session.url }
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookParseResult {
    const raw = headers['stripe-signature']
    const header = Array.isArray(raw) ? raw[0] : raw
    if (!header) return { ok: false, reason: 'missing_signature' }
    let event: unknown
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, header, this.options.webhookSecret)
    } catch (error) {
      return { ok: false, reason: error instanceof Stripe.errors.StripeSignatureVerificationError ? 'bad_signature' : 'bad_payload' }
    }
    const verified = toVerifiedEvent(event)
    return verified ? { ok: true, event: verified } : { ok: false, reason: 'bad_payload' }
  }

  async refund(providerPaymentId: string, idempotencyKey: string) {
    const target = providerPaymentId.startsWith('pi_') ? { payment_intent: providerPaymentId } : { charge: providerPaymentId }
    const refund = await this.call('refunds.create', () => this.stripe.refunds.create(target, { idempotencyKey }))
    return { refundId: refund.id, amountCents: refund.amount }
  }

  async pendingPaymentLink(subscriptionId: string) {
    // Stripe's hosted invoice page of the subscription's open invoice (it returns to the site by itself).
    try {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })
      const invoice = isRecord(sub.latest_invoice) ? (sub.latest_invoice as Stripe.Invoice) : null
      return invoice?.status === 'open' && invoice.hosted_invoice_url ? { url: invoice.hosted_invoice_url } : null
    } catch (error) {
      if (isNotFound(error)) return null
      throw new GatewayError('stripe: subscriptions.retrieve failed', error)
    }
  }

  async cancelSubscription(subscriptionId: string) {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId)
    } catch (error) {
      // Already canceled at Stripe: the goal is reached.
      if (isRecord(error) && (error as { code?: unknown }).code === 'resource_missing') return
      throw new GatewayError('stripe: subscriptions.cancel failed', error)
    }
  }

  selfService() {
    return { cancel: true, pause: true, discount: true }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    await this.update(subscriptionId, { cancel_at_period_end: cancel })
  }

  /** A subscription Stripe no longer has is not live: our row is behind, Stripe is not down. */
  private async update(subscriptionId: string, params: Stripe.SubscriptionUpdateParams) {
    try {
      await this.stripe.subscriptions.update(subscriptionId, params)
    } catch (error) {
      if (isNotFound(error)) throw new SubscriptionNotLiveError(`stripe: subscription ${subscriptionId} not found`)
      throw new GatewayError('stripe: subscriptions.update failed', error)
    }
  }

  /**
   * A pause moves the next invoice: a trial until `renewsAt`, without proration (Stripe's
   * `pause_collection` keeps the billing cycle and would only void the invoices in between). Access
   * during the pause is our rule (commerce/access-rule.ts), not Stripe's status.
   */
  async moveRenewal(subscriptionId: string, renewsAt: Date) {
    const trialEnd = Math.floor(renewsAt.getTime() / 1000)
    await this.update(subscriptionId, { trial_end: trialEnd, proration_behavior: 'none' })
  }

  /** A coupon for one invoice; the idempotency key makes a repeated request create it once. */
  async discountNextRenewal(subscriptionId: string, percent: number) {
    const coupon = await this.call('coupons.create', () =>
      this.stripe.coupons.create({ percent_off: percent, duration: 'once', name: `Desconto de ${percent}% na renovação` }, { idempotencyKey: `retention-${subscriptionId}-${percent}` }),
    )
    await this.update(subscriptionId, { discounts: [{ coupon: coupon.id }] })
  }
}

function isNotFound(error: unknown): boolean {
  return isRecord(error) && ((error as { statusCode?: unknown }).statusCode === 404 || (error as { code?: unknown }).code === 'resource_missing')
}

function checkoutInfo(session: Stripe.Checkout.Session): CheckoutInfo {
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    email: session.customer_details?.email ?? session.customer_email ?? null,
    name: session.customer_details?.name ?? null,
    amountTotalCents: session.amount_total ?? null,
    // Stripe's Checkout offers no instalments to a Brazilian account (ADR 029).
    installments: null,
    currency: session.currency?.toUpperCase() ?? null,
    clientReferenceId: session.client_reference_id ?? null,
    metadata: (session.metadata ?? {}) as Record<string, string>,
    // A one-off payment (a gift): its payment intent is what is refunded; Stripe's checkout here takes cards only.
    paymentId: session.mode === 'payment' ? idOf(session.payment_intent) : null,
    paymentMethod: session.mode === 'payment' && session.payment_status === 'paid' ? 'card' : null,
  }
}

/** Works with API versions that keep the period on the subscription or (2025+) on its items. */
export function stripeSubscriptionInfo(sub: Stripe.Subscription | Record<string, unknown>): SubscriptionInfo {
  const raw = sub as unknown as Record<string, unknown>
  const items = isRecord(raw.items) && Array.isArray(raw.items.data) ? (raw.items.data as unknown[]).filter(isRecord) : []
  const first = items[0] ?? {}
  const periodEnd = num(raw.current_period_end) ?? num(first.current_period_end)
  const periodStart = num(raw.current_period_start) ?? num(first.current_period_start)
  const status = subscriptionStateOf(str(raw.status) ?? '')
  const metadata = (isRecord(raw.metadata) ? raw.metadata : {}) as Record<string, string>
  const price = isRecord(first.price) ? first.price : {}
  const product = isRecord(price.product) ? price.product : {}
  const productMeta = isRecord(product.metadata) ? product.metadata : {}
  return {
    id: str(raw.id) ?? '',
    customerId: idOf(raw.customer) ?? '',
    status,
    currentPeriodEnd: fromUnix(status === 'past_due' ? periodStart : periodEnd),
    cancelAtPeriodEnd: raw.cancel_at_period_end === true || num(raw.cancel_at) !== null,
    // A portal plan change swaps the price; its product carries the plan code.
    planCode: str(productMeta.plan_code) ?? str(metadata.plan_code),
    metadata,
  }
}
