import { chargeOf, type SandboxProvider, type SandboxSubscriptionRow } from '../../payment-sandbox/provider.js'
import { verifySignature } from '../../../lib/http/webhook-signature.js'
import { parseEventJson, subscriptionStateOf } from './events.js'
import type { RefundBankAccount } from '@sintonia/contract'
import { GatewayError, SubscriptionNotLiveError, type CheckoutInfo, type PaymentGateway, type SubscriptionInfo, type WebhookParseResult } from './types.js'

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature'

/** `PAYMENT_GATEWAY=sandbox`: the built-in provider, always in test mode. */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const
  readonly mode = 'test' as const
  readonly methods = ['pix', 'card', 'boleto'] as const
  readonly cardInstallments = true
  readonly oneOffPayments = true
  readonly signatureHeader = SANDBOX_SIGNATURE_HEADER
  readonly webhookRefusalStatus = 400 as const

  constructor(
    private readonly sandbox: SandboxProvider,
    private readonly secret: string,
  ) {}

  async createCheckout(input: Parameters<PaymentGateway['createCheckout']>[0]) {
    const row = await this.sandbox.createCheckout(input)
    const info = await this.retrieveCheckout(row.id)
    if (!info) throw new GatewayError('sandbox: checkout not found after creation')
    return { ...info, url: this.sandbox.checkoutUrl(row.id) }
  }

  async retrieveCheckout(id: string): Promise<CheckoutInfo | null> {
    const row = await this.sandbox.getCheckout(id)
    if (!row) return null
    // Once paid, what was charged: by card in instalments, the admin's interest included.
    const charged = row.paymentStatus === 'paid' ? chargeOf(row) : { amountCents: row.amountCents, withInterest: false }
    return {
      id: row.id,
      url: row.status === 'open' ? this.sandbox.checkoutUrl(row.id) : null,
      status: row.status,
      paymentStatus: row.paymentStatus,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      email: row.customerEmail,
      name: row.customerName,
      amountTotalCents: charged.amountCents,
      installments: row.paymentMethod === 'card' ? row.installments : null,
      installmentsWithInterest: charged.withInterest,
      currency: row.currency,
      clientReferenceId: row.clientReferenceId,
      metadata: row.metadata,
      paymentId: row.chargeId,
      paymentMethod: row.paymentStatus === 'paid' && (row.paymentMethod === 'card' || row.paymentMethod === 'pix' || row.paymentMethod === 'boleto') ? row.paymentMethod : null,
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    const row = await this.sandbox.getSubscription(id)
    return row ? sandboxSubscriptionInfo(row) : null
  }

  async createPortalLink(customerId: string, returnUrl: string) {
    return { url: await this.sandbox.createPortal(customerId, returnUrl) }
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookParseResult {
    const header = headers[SANDBOX_SIGNATURE_HEADER]
    const check = verifySignature(rawBody, Array.isArray(header) ? header[0] : header, this.secret)
    if (check !== 'ok') return { ok: false, reason: check }
    return parseEventJson(rawBody)
  }

  async refund(providerPaymentId: string, _idempotencyKey: string, transferTo: RefundBankAccount | null = null) {
    const result = await this.sandbox.refund(providerPaymentId, transferTo)
    if (!result) throw new GatewayError(`sandbox: charge ${providerPaymentId} not found`)
    if (result === 'needs_account') throw new GatewayError(`sandbox: a boleto charge is refunded to a bank account, none given`)
    return result
  }

  async pendingPaymentLink(subscriptionId: string, returnUrl: string) {
    const checkout = await this.sandbox.renewalCheckout(subscriptionId, returnUrl)
    return checkout ? { url: `${this.sandbox.checkoutUrl(checkout.id)}?metodo=pix` } : null
  }

  async cancelSubscription(subscriptionId: string) {
    await this.sandbox.cancelNow(subscriptionId)
  }

  selfService() {
    return { cancel: true, pause: true, discount: true }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    await this.live(subscriptionId, { cancelAtPeriodEnd: cancel })
  }

  async moveRenewal(subscriptionId: string, renewsAt: Date) {
    await this.live(subscriptionId, { renewsAt })
  }

  async discountNextRenewal(subscriptionId: string, percent: number) {
    await this.live(subscriptionId, { nextRenewalDiscountPercent: percent })
  }

  private async live(subscriptionId: string, changes: Parameters<SandboxProvider['updateLive']>[1]) {
    if (!(await this.sandbox.updateLive(subscriptionId, changes))) throw new SubscriptionNotLiveError(`sandbox: subscription ${subscriptionId} is not live`)
  }
}

function sandboxSubscriptionInfo(row: SandboxSubscriptionRow): SubscriptionInfo {
  const status = subscriptionStateOf(row.status)
  return {
    id: row.id,
    customerId: row.customerId,
    status,
    // past_due: paid access ended when the unpaid period began (the grace counts from there).
    currentPeriodEnd: status === 'past_due' ? row.currentPeriodStart : row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    planCode: row.metadata.plan_code ?? null,
    metadata: row.metadata,
  }
}
