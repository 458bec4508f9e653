/**
 * A small typed client of the few Asaas REST endpoints `AsaasGateway` uses
 * (docs/decisions/029-brazilian-gateway-asaas.md). Asaas has no official Node SDK. Every call
 * sends the API key in the `access_token` header and JSON both ways; a failure becomes a
 * `GatewayError` whose message names the call, the HTTP status and Asaas's error codes — never
 * the key (it is only ever in the request headers, which no error or log line carries).
 *
 * Shapes, from Asaas's published reference (read 2026-11-29):
 * - requests and errors: https://docs.asaas.com/docs/http-response-codes
 *   (`{"errors":[{"code":"invalid_value","description":"…"}]}`)
 * - checkouts: https://docs.asaas.com/docs/checkout-asaas,
 *   https://docs.asaas.com/docs/checkout-with-subscription-recurring,
 *   https://docs.asaas.com/docs/checkout-link-and-customer-redirection
 * - payments: https://docs.asaas.com/docs/webhook-para-cobrancas (the payment object),
 *   https://docs.asaas.com/docs/installment-payments
 * - subscriptions: https://docs.asaas.com/docs/eventos-para-assinaturas (the subscription object)
 */
import { GatewayError } from './types.js'

export type AsaasBillingType = 'PIX' | 'CREDIT_CARD' | 'BOLETO' | 'UNDEFINED'
export type AsaasChargeType = 'DETACHED' | 'RECURRENT' | 'INSTALLMENT'
export type AsaasCycle = 'MONTHLY' | 'BIMONTHLY' | 'QUARTERLY' | 'SEMIANNUALLY' | 'YEARLY'

export interface AsaasCheckoutRequest {
  billingTypes: AsaasBillingType[]
  chargeTypes: AsaasChargeType[]
  minutesToExpire?: number
  externalReference?: string
  callback: { successUrl: string; cancelUrl: string; expiredUrl: string }
  items: { name: string; description?: string; quantity: number; value: number }[]
  customerData?: { name?: string; email?: string }
  /** With `RECURRENT`: the cycle and the first due date (yyyy-MM-dd). */
  subscription?: { cycle: AsaasCycle; nextDueDate: string; endDate?: string }
}

export interface AsaasCheckout {
  id: string
  link?: string | null
  status?: string
  externalReference?: string | null
}

/** The payment ("cobrança") object, as far as we read it. */
export interface AsaasPayment {
  object?: 'payment'
  id: string
  customer: string | null
  subscription?: string | null
  installment?: string | null
  checkoutSession?: string | null
  value: number
  billingType: AsaasBillingType | string
  /** PENDING, RECEIVED, CONFIRMED, OVERDUE, REFUNDED, RECEIVED_IN_CASH, REFUND_REQUESTED, … */
  status: string
  dueDate: string
  paymentDate?: string | null
  confirmedDate?: string | null
  clientPaymentDate?: string | null
  installmentNumber?: number | null
  externalReference?: string | null
  deleted?: boolean
  refunds?: { value?: number; status?: string }[] | null
}

export interface AsaasSubscription {
  object?: 'subscription'
  id: string
  customer: string
  value: number
  nextDueDate: string
  cycle: AsaasCycle | string
  billingType: string
  /** ACTIVE, INACTIVE, EXPIRED */
  status: string
  deleted?: boolean
  endDate?: string | null
  externalReference?: string | null
}

export interface AsaasList<T> {
  object?: 'list'
  hasMore: boolean
  totalCount?: number
  limit?: number
  offset?: number
  data: T[]
}

export interface AsaasClientOptions {
  apiKey: string
  /** e.g. https://api-sandbox.asaas.com/v3 (no trailing slash). */
  apiBase: string
  /** Per call; Asaas answers in well under a second, so a stuck call fails fast. */
  timeoutMs?: number
}

/** An answer other than 2xx: the status and Asaas's error codes (their descriptions are for humans). */
export class AsaasApiError extends GatewayError {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly codes: string[],
  ) {
    super(`asaas: ${what} answered ${status}${codes.length ? ` (${codes.join(', ')})` : ''}`)
    this.name = 'AsaasApiError'
  }
}

export class AsaasClient {
  private readonly timeoutMs: number

  constructor(private readonly options: AsaasClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000
  }

  createCheckout(body: AsaasCheckoutRequest): Promise<AsaasCheckout> {
    return this.call<AsaasCheckout>('POST', '/checkouts', body)
  }

  /**
   * The charges carrying `externalReference` — for a checkout, the ones it created (ADR 029 records
   * this as the one behaviour to confirm in Asaas's sandbox before going live).
   */
  listPaymentsByReference(externalReference: string): Promise<AsaasList<AsaasPayment>> {
    return this.call<AsaasList<AsaasPayment>>('GET', `/payments?externalReference=${encodeURIComponent(externalReference)}&limit=100`)
  }

  getPayment(id: string): Promise<AsaasPayment | null> {
    return this.callOrNull<AsaasPayment>('GET', `/payments/${encodeURIComponent(id)}`)
  }

  getSubscription(id: string): Promise<AsaasSubscription | null> {
    return this.callOrNull<AsaasSubscription>('GET', `/subscriptions/${encodeURIComponent(id)}`)
  }

  /** A subscription's payments (newest first is not promised: callers sort by due date). */
  listSubscriptionPayments(id: string): Promise<AsaasList<AsaasPayment>> {
    return this.call<AsaasList<AsaasPayment>>('GET', `/subscriptions/${encodeURIComponent(id)}/payments?limit=100`)
  }

  /** Refunds a card or Pix payment in full (no `value`: the whole amount). */
  refundPayment(id: string, description: string): Promise<AsaasPayment> {
    return this.call<AsaasPayment>('POST', `/payments/${encodeURIComponent(id)}/refund`, { description })
  }

  /** Removes a subscription: no further charges are created. Null when Asaas has no such subscription. */
  deleteSubscription(id: string): Promise<{ deleted: boolean; id: string } | null> {
    return this.callOrNull<{ deleted: boolean; id: string }>('DELETE', `/subscriptions/${encodeURIComponent(id)}`)
  }

  private async callOrNull<T>(method: string, path: string): Promise<T | null> {
    try {
      return await this.call<T>(method, path)
    } catch (error) {
      if (error instanceof AsaasApiError && error.status === 404) return null
      throw error
    }
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    // The query string may carry ids only; the call is named by method and path without it.
    const what = `${method} ${path.split('?')[0]}`
    let res: Response
    try {
      res = await fetch(`${this.options.apiBase}${path}`, {
        method,
        headers: {
          access_token: this.options.apiKey,
          accept: 'application/json',
          'user-agent': 'Sintonia',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      // Network failure or timeout. The cause is fetch's own error: it carries no request headers.
      throw new GatewayError(`asaas: ${what} failed`, error)
    }
    const text = await res.text().catch(() => '')
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = null
    }
    if (!res.ok) throw new AsaasApiError(what, res.status, errorCodes(parsed))
    if (typeof parsed !== 'object' || parsed === null) throw new GatewayError(`asaas: ${what} answered ${res.status} without a JSON object`)
    return parsed as T
  }
}

function errorCodes(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { errors?: unknown }).errors)) return []
  return ((body as { errors: unknown[] }).errors)
    .map((item) => (typeof item === 'object' && item !== null && typeof (item as { code?: unknown }).code === 'string' ? (item as { code: string }).code : null))
    .filter((code): code is string => code !== null)
    .slice(0, 5)
}
