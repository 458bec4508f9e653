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
 *   https://docs.asaas.com/docs/installment-payments (a charge in instalments: `installment`,
 *   `installmentNumber`), https://docs.asaas.com/docs/payments-via-credit-card (card charges),
 *   https://docs.asaas.com/reference/cartão-de-crédito (the card's token, `creditCardToken`),
 *   https://docs.asaas.com/reference/estornar-parcelamento (refunding an instalment plan)
 * - subscriptions: https://docs.asaas.com/docs/eventos-para-assinaturas (the subscription object),
 *   https://docs.asaas.com/docs/criando-uma-assinatura (`POST /v3/subscriptions`, the boleto example)
 * - customers: https://docs.asaas.com/reference/create-new-customer (`name`, `cpfCnpj`, `email`)
 * - a boleto's digitable line: https://docs.asaas.com/reference/obter-linha-digitavel-do-boleto
 *   (`GET /v3/payments/{id}/identificationField`)
 * - transfers: https://docs.asaas.com/docs/transferencia-para-contas-de-outra-instituicao-pix-ted
 *   (`POST /v3/transfers` with `bankAccount`), https://docs.asaas.com/docs/duvidas-frequentes-transferencias
 *   (an identical transfer within 15 minutes answers 409)
 */
import { z } from 'zod'
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
  /** With `INSTALLMENT`: how many instalments the buyer may choose at most. */
  installment?: { maxInstallmentCount: number }
}

/**
 * `POST /v3/payments`. A period of a card plan (ADR 031): on the card's token, in instalments
 * (`installmentCount` + `installmentValue`, https://docs.asaas.com/docs/installment-payments) or at
 * once (`value`), with the buyer's address (`remoteIp`, asked of card charges). Or, after a refusal,
 * the period's charge the payer pays on its invoice page (`UNDEFINED`: Pix, boleto or card there).
 */
export type AsaasPaymentRequest = {
  customer: string
  dueDate: string
  description: string
  externalReference: string
} & (
  | { billingType: 'CREDIT_CARD'; creditCardToken: string; remoteIp: string; value: number }
  | { billingType: 'CREDIT_CARD'; creditCardToken: string; remoteIp: string; installmentCount: number; installmentValue: number }
  | { billingType: 'UNDEFINED'; value: number }
)

const optionalText = z.string().nullish()

/** `POST /v3/customers`: the payer a boleto names (ADR 029: Asaas, not us, keeps the CPF). */
export interface AsaasCustomerRequest {
  name: string
  email: string
  cpfCnpj: string
}

/** `POST /v3/subscriptions` (the Asaas-side subscription for a boleto buyer). */
export interface AsaasSubscriptionRequest {
  customer: string
  billingType: 'BOLETO'
  value: number
  nextDueDate: string
  cycle: AsaasCycle
  description: string
  externalReference: string
  /**
   * Asaas offers the payer Pix Automático on API subscriptions unless told not to (since
   * 29/10/2026, default OPTIONAL); we do not handle its authorisations yet (ADR 029), so it is off.
   */
  pixAutomaticAuthorizationMode: 'DISABLED'
}

/** `POST /v3/transfers` to an account at another institution (Pix or TED, Asaas picks). */
export interface AsaasTransferRequest {
  value: number
  bankAccount: {
    bank: { code: string }
    ownerName: string
    cpfCnpj: string
    agency: string
    account: string
    accountDigit: string
    bankAccountType: 'CONTA_CORRENTE' | 'CONTA_POUPANCA'
  }
  description: string
}

const customerSchema = z.object({ id: z.string().min(1), email: optionalText, cpfCnpj: optionalText, deleted: z.boolean().nullish() })
export type AsaasCustomer = z.infer<typeof customerSchema>
const identificationFieldSchema = z.object({ identificationField: z.string().min(1), nossoNumero: optionalText, barCode: optionalText })
const transferSchema = z.object({ id: z.string().min(1), status: z.string(), value: z.number() })
export type AsaasTransfer = z.infer<typeof transferSchema>

/** The checkout as `POST /v3/checkouts` answers it (the fields we read). */
const checkoutSchema = z.object({ id: z.string().min(1), link: optionalText, status: optionalText, externalReference: optionalText })
export type AsaasCheckout = z.infer<typeof checkoutSchema>

/** The payment ("cobrança") object, as far as we read it. */
const paymentSchema = z.object({
  id: z.string().min(1),
  customer: optionalText,
  subscription: optionalText,
  installment: optionalText,
  checkoutSession: optionalText,
  value: z.number().nonnegative(),
  /** PIX, CREDIT_CARD, BOLETO, UNDEFINED, … */
  billingType: z.string(),
  /** PENDING, RECEIVED, CONFIRMED, OVERDUE, REFUNDED, RECEIVED_IN_CASH, REFUND_REQUESTED, … */
  status: z.string(),
  dueDate: z.string(),
  paymentDate: optionalText,
  confirmedDate: optionalText,
  clientPaymentDate: optionalText,
  installmentNumber: z.number().nullish(),
  externalReference: optionalText,
  /** The charge's own page, where the payer pays it by Pix, boleto or card. */
  invoiceUrl: optionalText,
  /** A boleto charge's PDF. */
  bankSlipUrl: optionalText,
  /** A card charge's card; its token charges it again (tokenisation enabled on the account). */
  creditCard: z.object({ creditCardToken: optionalText }).passthrough().nullish(),
  deleted: z.boolean().nullish(),
})
export type AsaasPayment = z.infer<typeof paymentSchema>

const subscriptionSchema = z.object({
  id: z.string().min(1),
  customer: z.string(),
  value: z.number().nonnegative(),
  nextDueDate: z.string(),
  /** MONTHLY, QUARTERLY, SEMIANNUALLY, YEARLY, … */
  cycle: z.string(),
  billingType: z.string(),
  /** ACTIVE, INACTIVE, EXPIRED */
  status: z.string(),
  deleted: z.boolean().nullish(),
  endDate: optionalText,
  externalReference: optionalText,
})
export type AsaasSubscription = z.infer<typeof subscriptionSchema>

const listOf = <T extends z.ZodType>(item: T) => z.object({ hasMore: z.boolean(), totalCount: z.number().nullish(), data: z.array(item) })
export interface AsaasList<T> {
  hasMore: boolean
  totalCount?: number | null | undefined
  data: T[]
}
const paymentListSchema = listOf(paymentSchema)
const customerListSchema = listOf(customerSchema)
const deletedSchema = z.object({ deleted: z.boolean(), id: z.string() })

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
    return this.call('POST', '/checkouts', checkoutSchema, body)
  }

  /**
   * The charges carrying `externalReference` — for a checkout, the ones it created (ADR 029 records
   * this as the one behaviour to confirm in Asaas's sandbox before going live).
   */
  listPaymentsByReference(externalReference: string): Promise<AsaasList<AsaasPayment>> {
    return this.call('GET', `/payments?externalReference=${encodeURIComponent(externalReference)}&limit=100`, paymentListSchema)
  }

  getPayment(id: string): Promise<AsaasPayment | null> {
    return this.callOrNull('GET', `/payments/${encodeURIComponent(id)}`, paymentSchema)
  }

  getSubscription(id: string): Promise<AsaasSubscription | null> {
    return this.callOrNull('GET', `/subscriptions/${encodeURIComponent(id)}`, subscriptionSchema)
  }

  /** A subscription's payments (newest first is not promised: callers sort by due date). */
  listSubscriptionPayments(id: string): Promise<AsaasList<AsaasPayment>> {
    return this.call('GET', `/subscriptions/${encodeURIComponent(id)}/payments?limit=100`, paymentListSchema)
  }

  /** Refunds a card or Pix payment in full (no `value`: the whole amount). */
  refundPayment(id: string, description: string): Promise<AsaasPayment> {
    return this.call('POST', `/payments/${encodeURIComponent(id)}/refund`, paymentSchema, { description })
  }

  /** Every charge of one instalment plan (Asaas's list filter `installment`). */
  listInstallmentPayments(installmentId: string): Promise<AsaasList<AsaasPayment>> {
    return this.call('GET', `/payments?installment=${encodeURIComponent(installmentId)}&limit=100`, paymentListSchema)
  }

  createPayment(body: AsaasPaymentRequest): Promise<AsaasPayment> {
    return this.call('POST', '/payments', paymentSchema, body)
  }

  /** Removes a charge not paid yet (the period's offer once the card paid it after all). Null when Asaas has no such charge. */
  deletePayment(id: string): Promise<{ deleted: boolean; id: string } | null> {
    return this.callOrNull('DELETE', `/payments/${encodeURIComponent(id)}`, deletedSchema)
  }

  /**
   * Brings back a charge we removed (https://docs.asaas.com/reference/restaurar-cobranca-removida):
   * the period's offer, withdrawn while the card was charged, open again under the same id and link.
   */
  async restorePayment(id: string): Promise<void> {
    await this.call('POST', `/payments/${encodeURIComponent(id)}/restore`, z.unknown())
  }

  /** Refunds every instalment of a plan (https://docs.asaas.com/reference/estornar-parcelamento); we read nothing of the answer. */
  async refundInstallment(installmentId: string): Promise<void> {
    await this.call('POST', `/installments/${encodeURIComponent(installmentId)}/refund`, z.unknown())
  }

  /** Customers with this e-mail (Asaas's list filter `email`). */
  listCustomersByEmail(email: string): Promise<AsaasList<AsaasCustomer>> {
    return this.call('GET', `/customers?email=${encodeURIComponent(email)}&limit=10`, customerListSchema)
  }

  createCustomer(body: AsaasCustomerRequest): Promise<AsaasCustomer> {
    return this.call('POST', '/customers', customerSchema, body)
  }

  createSubscription(body: AsaasSubscriptionRequest): Promise<AsaasSubscription> {
    return this.call('POST', '/subscriptions', subscriptionSchema, body)
  }

  /** A boleto charge's digitable line (`identificationField`). */
  getIdentificationField(paymentId: string): Promise<{ identificationField: string }> {
    return this.call('GET', `/payments/${encodeURIComponent(paymentId)}/identificationField`, identificationFieldSchema)
  }

  createTransfer(body: AsaasTransferRequest): Promise<AsaasTransfer> {
    return this.call('POST', '/transfers', transferSchema, body)
  }

  /** Removes a subscription: no further charges are created. Null when Asaas has no such subscription. */
  deleteSubscription(id: string): Promise<{ deleted: boolean; id: string } | null> {
    return this.callOrNull('DELETE', `/subscriptions/${encodeURIComponent(id)}`, deletedSchema)
  }

  private async callOrNull<T>(method: string, path: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      return await this.call(method, path, schema)
    } catch (error) {
      if (error instanceof AsaasApiError && error.status === 404) return null
      throw error
    }
  }

  /** One call; the answer must match `schema`, or the call fails like any other (a 502, never a 500). */
  private async call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
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
    const answer = schema.safeParse(parsed)
    if (!answer.success) throw new GatewayError(`asaas: ${what} answered ${res.status} with an unexpected body`)
    return answer.data
  }
}

function errorCodes(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { errors?: unknown }).errors)) return []
  return ((body as { errors: unknown[] }).errors)
    .map((item) => (typeof item === 'object' && item !== null && typeof (item as { code?: unknown }).code === 'string' ? (item as { code: string }).code : null))
    .filter((code): code is string => code !== null)
    .slice(0, 5)
}
