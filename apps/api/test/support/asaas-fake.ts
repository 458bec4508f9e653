/**
 * A tiny local HTTP fake of the few Asaas endpoints AsaasGateway uses (ASAAS_API_BASE points at
 * it), answering with the published shapes of asaas-fixtures.ts. Not an Asaas emulator: it stores
 * what it is sent, lets a test "pay" a checkout as the buyer would on Asaas's page (Pix, or card),
 * renew, leave a charge overdue, and builds the webhook bodies Asaas would send for each change.
 * For the boleto (ADR 029) it also keeps customers, creates `BOLETO` subscriptions with their first
 * charge, answers a charge's digitable line, lets a test pay a boleto charge, and records transfers.
 * Charges not paid can be removed and restored, as at Asaas.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  checkoutObject,
  customerObject,
  deletedObject,
  errorBody,
  identificationFieldObject,
  installmentRefundObject,
  listEnvelope,
  paymentObject,
  subscriptionObject,
  transferObject,
  webhookEnvelope,
} from './asaas-fixtures.js'

type Json = Record<string, unknown>

export interface FakeRequest {
  method: string
  path: string
  query: Record<string, string>
  body: Json | null
  headers: IncomingMessage['headers']
}

export type PaidWith = { method: 'PIX' } | { method: 'CREDIT_CARD'; installments?: number } | { method: 'BOLETO' }

export interface AsaasFake {
  url: string
  /** What to put in ASAAS_API_BASE (the fake serves under /v3 like Asaas). */
  apiBase: string
  requests: FakeRequest[]
  checkouts: Map<string, Json>
  payments: Map<string, Json>
  subscriptions: Map<string, Json>
  customers: Map<string, Json>
  transfers: Map<string, Json>
  /** While true every call answers 500 (Asaas is down). */
  failing: boolean
  /** CPFs (digits) Asaas refuses as customers although their check digits hold (not registered, irregular). */
  refusedCpfs: Set<string>
  /** Card tokens whose card the issuer now refuses (expired, blocked, no limit): a charge on them answers 400. */
  refusedTokens: Set<string>
  /** Called as each request arrives, before it is answered: what a payer does meanwhile. */
  meanwhile: ((request: FakeRequest) => void)[]
  /** The checkout created with this externalReference (our checkout id); the instalment one with `INSTALLMENT`. */
  checkoutOf(reference: string, chargeType?: 'RECURRENT' | 'INSTALLMENT'): Json
  /**
   * The buyer paid the checkout on Asaas's page: a customer, the subscription of the checkout's
   * cycle and its first charge (Pix: RECEIVED; card: CONFIRMED). Refuses a method the checkout
   * does not offer, as Asaas's page does not show it. With `installments`, the buyer paid the
   * instalment checkout: one charge per instalment, all CONFIRMED, one card token, no subscription.
   */
  payCheckout(reference: string, paid: PaidWith): { checkoutId: string; subscriptionId: string; paymentId: string; customerId: string; installmentId: string | null; paymentIds: string[] }
  /** The payer paid a charge on its invoice page (the Pix/boleto offered after a refused card). */
  payInvoice(paymentId: string, method: 'PIX' | 'BOLETO'): void
  /** The next cycle's charge of a subscription, paid (RECEIVED/CONFIRMED) or left unpaid past its due date (OVERDUE). */
  renew(subscriptionId: string, outcome: { method: 'PIX' | 'CREDIT_CARD'; paid: boolean }): { paymentId: string }
  /** Asaas issues a subscription's next charge ahead of its due date (a boleto, 40 days before by default): PENDING. */
  issueNext(subscriptionId: string): { paymentId: string }
  /** The payer paid a boleto charge at their bank: RECEIVED, paid today. */
  payBoleto(paymentId: string): void
  /** The webhook body Asaas sends for an event about a stored checkout, payment or subscription. */
  webhookBody(event: string, entity: { checkout: string } | { payment: string } | { subscription: string }): string
  close(): Promise<void>
}

let counter = 0
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36).padStart(4, '0')}`
const uuid = () => crypto.randomUUID()
const MONTHS: Record<string, number> = { MONTHLY: 1, BIMONTHLY: 2, QUARTERLY: 3, SEMIANNUALLY: 6, YEARLY: 12 }

/** Today in Brasília as Asaas writes dates (yyyy-MM-dd). */
const brazilDate = (date = new Date()) => new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 10)
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10)
}
const brazilDateTime = (date = new Date()) => new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')

function fail(status: number, code: string, description: string) {
  return { status, body: errorBody.body(code, description) as Json }
}

export async function startAsaasFake(options: { apiKey: string }): Promise<AsaasFake> {
  const checkouts = new Map<string, Json>()
  const payments = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const customers = new Map<string, Json>()
  const transfers = new Map<string, Json>()
  const requests: FakeRequest[] = []
  let failing = false

  const newPayment = (fields: Json): Json => {
    const id = nextId('pay')
    const payment: Json = {
      ...paymentObject.example,
      id,
      dateCreated: brazilDate(),
      invoiceUrl: `https://sandbox.asaas.com/i/${id}`,
      transactionReceiptUrl: null,
      installment: null,
      installmentNumber: null,
      creditCard: null,
      refunds: null,
      ...fields,
    }
    payments.set(id, payment)
    return payment
  }

  const paidFields = (method: 'PIX' | 'CREDIT_CARD' | 'BOLETO') => {
    const today = brazilDate()
    return method === 'CREDIT_CARD'
      ? { billingType: method, status: 'CONFIRMED', confirmedDate: today, paymentDate: null, clientPaymentDate: today, creditCard: { creditCardNumber: '8829', creditCardBrand: 'MASTERCARD', creditCardToken: uuid() } }
      : { billingType: method, status: 'RECEIVED', confirmedDate: today, paymentDate: today, clientPaymentDate: today }
  }

  /** One charge per instalment (https://docs.asaas.com/docs/installment-payments), the split's remainder on the first. */
  const installmentCharges = (count: number, totalValue: number, fields: Json): Json[] => {
    const installment = uuid()
    const each = Math.floor((totalValue * 100) / count) / 100
    const first = Math.round((totalValue - each * (count - 1)) * 100) / 100
    const today = brazilDate()
    return Array.from({ length: count }, (_, index) => {
      const dueDate = addMonths(today, index)
      const value = index === 0 ? first : each
      return newPayment({ ...fields, installment, installmentNumber: index + 1, value, netValue: value, dueDate, originalDueDate: dueDate, subscription: null })
    })
  }

  const payInstallmentCheckout = (reference: string, count: number) => {
    const checkout = fake.checkoutOf(reference, 'INSTALLMENT')
    if (checkout.status !== 'ACTIVE') throw new Error(`checkout ${reference} não está ativo (${String(checkout.status)})`)
    const max = (checkout.installment as { maxInstallmentCount: number } | null)?.maxInstallmentCount ?? 1
    if (count < 1 || count > max) throw new Error(`o checkout não oferece ${count} parcelas (até ${max})`)
    const customerId = nextId('cus')
    customers.set(customerId, { ...customerObject.example, id: customerId, dateCreated: brazilDate(), email: null, cpfCnpj: null })
    const total = (checkout.items as { value: number; quantity: number }[]).reduce((sum, item) => sum + item.value * item.quantity, 0)
    const card = paidFields('CREDIT_CARD')
    const charges = installmentCharges(count, total, { customer: customerId, checkoutSession: checkout.id, externalReference: checkout.externalReference, description: null, ...card })
    checkout.status = 'PAID'
    return {
      checkoutId: String(checkout.id),
      subscriptionId: '',
      paymentId: String(charges[0]!.id),
      customerId,
      installmentId: String(charges[0]!.installment),
      paymentIds: charges.map((charge) => String(charge.id)),
    }
  }

  /** A subscription's next cycle's charge, due on its next due date, with `fields` (paid, overdue or pending); the cycle moves on. */
  const nextCharge = (subscriptionId: string, fields: Json): { paymentId: string } => {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) throw new Error(`assinatura ${subscriptionId} desconhecida`)
    const dueDate = String(sub.nextDueDate)
    const payment = newPayment({
      customer: sub.customer,
      subscription: subscriptionId,
      checkoutSession: null,
      value: sub.value,
      netValue: sub.value,
      dueDate,
      originalDueDate: dueDate,
      externalReference: sub.externalReference,
      description: null,
      ...fields,
    })
    sub.nextDueDate = addMonths(dueDate, MONTHS[String(sub.cycle)] ?? 1)
    return { paymentId: String(payment.id) }
  }

  const fake: Omit<AsaasFake, 'url' | 'apiBase' | 'close' | 'failing'> = {
    requests,
    checkouts,
    payments,
    subscriptions,
    customers,
    transfers,
    refusedCpfs: new Set<string>(),
    payBoleto(paymentId) {
      const payment = payments.get(paymentId)
      if (!payment || payment.billingType !== 'BOLETO') throw new Error(`boleto ${paymentId} desconhecido`)
      if (payment.status !== 'PENDING' && payment.status !== 'OVERDUE') throw new Error(`boleto ${paymentId} não está em aberto (${String(payment.status)})`)
      Object.assign(payment, paidFields('BOLETO'))
    },
    refusedTokens: new Set<string>(),
    meanwhile: [],
    checkoutOf(reference, chargeType = 'RECURRENT') {
      const found = [...checkouts.values()]
        .filter((checkout) => checkout.externalReference === reference && (checkout.chargeTypes as string[]).includes(chargeType))
        .at(-1)
      if (!found) throw new Error(`checkout ${reference} desconhecido`)
      return found
    },
    payInvoice(paymentId, method) {
      const payment = payments.get(paymentId)
      if (!payment || payment.deleted) throw new Error(`cobrança ${paymentId} desconhecida`)
      if (payment.status !== 'PENDING' && payment.status !== 'OVERDUE') throw new Error(`cobrança ${paymentId} não está em aberto (${String(payment.status)})`)
      Object.assign(payment, paidFields(method))
    },
    payCheckout(reference, paid) {
      if (paid.method === 'CREDIT_CARD' && paid.installments !== undefined) return payInstallmentCheckout(reference, paid.installments)
      const checkout = fake.checkoutOf(reference)
      if (checkout.status !== 'ACTIVE') throw new Error(`checkout ${reference} não está ativo (${String(checkout.status)})`)
      if (!(checkout.billingTypes as string[]).includes(paid.method)) throw new Error(`o checkout não oferece ${paid.method}`)
      const customerId = nextId('cus')
      const plan = checkout.subscription as { cycle: string; nextDueDate: string }
      const value = (checkout.items as { value: number; quantity: number }[]).reduce((sum, item) => sum + item.value * item.quantity, 0)
      const subscriptionId = nextId('sub')
      const dueDate = plan.nextDueDate
      subscriptions.set(subscriptionId, {
        ...subscriptionObject.example,
        id: subscriptionId,
        dateCreated: brazilDate(),
        customer: customerId,
        value,
        cycle: plan.cycle,
        nextDueDate: addMonths(dueDate, MONTHS[plan.cycle] ?? 1),
        billingType: paid.method,
        description: (checkout.items as { name: string }[])[0]?.name ?? null,
        status: 'ACTIVE',
        deleted: false,
        externalReference: checkout.externalReference,
        endDate: null,
        discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
      })
      const payment = newPayment({
        customer: customerId,
        subscription: subscriptionId,
        checkoutSession: checkout.id,
        value,
        netValue: value,
        dueDate,
        originalDueDate: dueDate,
        externalReference: checkout.externalReference,
        description: null,
        ...paidFields(paid.method),
      })
      checkout.status = 'PAID'
      return { checkoutId: String(checkout.id), subscriptionId, paymentId: String(payment.id), customerId, installmentId: null, paymentIds: [String(payment.id)] }
    },
    renew(subscriptionId, outcome) {
      return nextCharge(
        subscriptionId,
        outcome.paid ? paidFields(outcome.method) : { billingType: outcome.method, status: 'OVERDUE', confirmedDate: null, paymentDate: null, clientPaymentDate: null },
      )
    },
    issueNext(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)
      return nextCharge(subscriptionId, { billingType: sub?.billingType, status: 'PENDING', confirmedDate: null, paymentDate: null, clientPaymentDate: null })
    },
    webhookBody(event, entity) {
      const [key, id] = Object.entries(entity)[0] as [string, string]
      const store = key === 'checkout' ? checkouts : key === 'payment' ? payments : subscriptions
      const object = store.get(id)
      if (!object) throw new Error(`${key} ${id} desconhecido`)
      return JSON.stringify({ id: `evt_${uuid().replace(/-/g, '')}&${++counter}`, event, dateCreated: brazilDateTime(), account: webhookEnvelope.account, [key]: object })
    },
  }

  const route = (method: string, path: string, query: Record<string, string>, body: Json | null): { status: number; body: Json } => {
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v3/checkouts') {
      const billingTypes = body?.billingTypes
      if (!Array.isArray(billingTypes) || billingTypes.length === 0 || billingTypes.some((type) => type !== 'PIX' && type !== 'CREDIT_CARD')) {
        return fail(400, 'invalid_billingTypes', 'Informe ao menos uma forma de pagamento: PIX ou CREDIT_CARD.')
      }
      const chargeTypes = body?.chargeTypes
      if (!Array.isArray(chargeTypes) || chargeTypes.length === 0) return fail(400, 'invalid_chargeTypes', 'Informe o tipo de cobrança.')
      const sub = body?.subscription as Json | undefined
      if (chargeTypes.includes('RECURRENT') && (!sub || !MONTHS[String(sub.cycle)] || !/^\d{4}-\d{2}-\d{2}$/.test(String(sub.nextDueDate)))) {
        return fail(400, 'invalid_subscription', 'Informe o ciclo e o vencimento da assinatura.')
      }
      const installmentConfig = body?.installment as Json | undefined
      if (chargeTypes.includes('INSTALLMENT') && !(installmentConfig && Number.isInteger(installmentConfig.maxInstallmentCount) && Number(installmentConfig.maxInstallmentCount) >= 1)) {
        return fail(400, 'invalid_installment', 'Informe a configuração do parcelamento.')
      }
      const items = body?.items
      if (!Array.isArray(items) || items.length === 0 || items.some((item: Json) => !(typeof item.value === 'number' && item.value > 0))) {
        return fail(400, 'invalid_value', 'O campo value deve ser informado')
      }
      const callback = body?.callback as Json | undefined
      if (!callback || typeof callback.successUrl !== 'string' || typeof callback.cancelUrl !== 'string') return fail(400, 'invalid_callback', 'Informe as URLs de retorno.')
      const id = uuid()
      const checkout: Json = { ...checkoutObject.example, ...body, id, link: null, status: 'ACTIVE', installment: body?.installment ?? null, split: [], customer: null }
      checkouts.set(id, checkout)
      return { status: 200, body: checkout }
    }
    if (method === 'GET' && path === '/v3/customers') {
      const found = [...customers.values()].filter((customer) => query.email === undefined || customer.email === query.email)
      return { status: 200, body: listEnvelope.body(found) }
    }
    if (method === 'POST' && path === '/v3/customers') {
      if (typeof body?.name !== 'string' || !body.name.trim()) return fail(400, 'invalid_name', 'O campo nome deve ser informado.')
      if (typeof body.cpfCnpj !== 'string' || !/^\d{11}$|^\d{14}$/.test(body.cpfCnpj) || fake.refusedCpfs.has(body.cpfCnpj)) {
        return fail(400, 'invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.')
      }
      const id = nextId('cus')
      const customer: Json = { ...customerObject.example, id, dateCreated: brazilDate(), name: body.name, email: body.email ?? null, cpfCnpj: body.cpfCnpj }
      customers.set(id, customer)
      return { status: 200, body: customer }
    }
    if (method === 'POST' && path === '/v3/subscriptions') {
      const customer = customers.get(String(body?.customer))
      if (!customer) return fail(400, 'invalid_customer', 'Cliente inválido ou não informado.')
      if (body?.billingType !== 'BOLETO' && body?.billingType !== 'PIX' && body?.billingType !== 'CREDIT_CARD') return fail(400, 'invalid_billingType', 'Forma de pagamento inválida.')
      if (!(typeof body.value === 'number' && body.value > 0)) return fail(400, 'invalid_value', 'O campo value deve ser informado')
      if (!MONTHS[String(body.cycle)]) return fail(400, 'invalid_cycle', 'Periodicidade inválida.')
      const dueDate = String(body.nextDueDate)
      if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || dueDate < brazilDate()) return fail(400, 'invalid_nextDueDate', 'A data de vencimento não pode ser inferior à hoje')
      const id = nextId('sub')
      const sub: Json = {
        ...subscriptionObject.example,
        id,
        dateCreated: brazilDate(),
        customer: customer.id,
        value: body.value,
        cycle: body.cycle,
        billingType: body.billingType,
        description: body.description ?? null,
        status: 'ACTIVE',
        deleted: false,
        externalReference: body.externalReference ?? null,
        endDate: null,
        nextDueDate: addMonths(dueDate, MONTHS[String(body.cycle)] ?? 1),
      }
      subscriptions.set(id, sub)
      // Asaas creates the first charge with the subscription, due on nextDueDate, carrying its externalReference.
      const first = newPayment({
        customer: customer.id,
        subscription: id,
        checkoutSession: null,
        value: body.value,
        netValue: body.value,
        dueDate,
        originalDueDate: dueDate,
        externalReference: body.externalReference ?? null,
        description: body.description ?? null,
        billingType: body.billingType,
        status: 'PENDING',
        confirmedDate: null,
        paymentDate: null,
        clientPaymentDate: null,
        nossoNumero: identificationFieldObject.example.nossoNumero,
      })
      if (body.billingType === 'BOLETO') first.bankSlipUrl = `https://sandbox.asaas.com/b/pdf/${String(first.id)}`
      return { status: 200, body: sub }
    }
    if (method === 'GET' && (match = /^\/v3\/payments\/([^/]+)\/identificationField$/.exec(path))) {
      const payment = payments.get(match[1]!)
      if (!payment) return fail(404, 'not_found', 'Cobrança não encontrada.')
      if (payment.billingType !== 'BOLETO') return fail(400, 'invalid_action', 'A linha digitável está disponível apenas para boletos.')
      return { status: 200, body: identificationFieldObject.example }
    }
    if (method === 'POST' && path === '/v3/transfers') {
      const account = body?.bankAccount as Json | undefined
      if (!(typeof body?.value === 'number' && body.value > 0)) return fail(400, 'invalid_value', 'O campo value deve ser informado')
      if (!account || typeof account.ownerName !== 'string' || typeof account.cpfCnpj !== 'string' || typeof account.agency !== 'string' || typeof account.account !== 'string') {
        return fail(400, 'invalid_bankAccount', 'Informe a conta bancária.')
      }
      // An identical transfer (same value, same account) within 15 minutes is refused with 409.
      const same = [...transfers.values()].some((transfer) => transfer.value === body.value && JSON.stringify(transfer.sentAccount) === JSON.stringify(account))
      if (same) return fail(409, 'duplicated_transfer', 'Transferência idêntica realizada nos últimos 15 minutos.')
      const id = uuid()
      const transfer: Json = { ...transferObject.example, id, dateCreated: brazilDate(), value: body.value, netValue: body.value, scheduleDate: brazilDate(), description: body.description ?? null }
      transfers.set(id, { ...transfer, sentAccount: account })
      return { status: 200, body: transfer }
    }
    if (method === 'POST' && path === '/v3/payments') {
      const customer = customers.get(String(body?.customer))
      if (!customer) return fail(400, 'invalid_customer', 'Cliente inválido ou não informado.')
      const dueDate = String(body?.dueDate)
      if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || dueDate < brazilDate()) return fail(400, 'invalid_dueDate', 'A data de vencimento não pode ser inferior à hoje')
      const fields = { customer: customer.id, checkoutSession: null, externalReference: body?.externalReference ?? null, description: body?.description ?? null }
      if (body?.billingType === 'UNDEFINED') {
        if (!(typeof body.value === 'number' && body.value > 0)) return fail(400, 'invalid_value', 'O campo value deve ser informado')
        const payment = newPayment({ ...fields, subscription: null, value: body.value, netValue: body.value, dueDate, originalDueDate: dueDate, billingType: 'UNDEFINED', status: 'PENDING', confirmedDate: null, paymentDate: null, clientPaymentDate: null })
        return { status: 200, body: payment }
      }
      if (body?.billingType !== 'CREDIT_CARD') return fail(400, 'invalid_billingType', 'Forma de pagamento inválida.')
      if (typeof body.remoteIp !== 'string' || !body.remoteIp) return fail(400, 'invalid_remoteIp', 'O IP do cliente deve ser informado.')
      // "O token é armazenado por cliente, não podendo ser utilizado em transações de outros clientes."
      const token = String(body.creditCardToken ?? '')
      const known = [...payments.values()].some((payment) => payment.customer === customer.id && (payment.creditCard as Json | null)?.creditCardToken === token)
      if (!known) return fail(400, 'invalid_creditCard', 'Token do cartão de crédito inválido.')
      if (fake.refusedTokens.has(token)) return fail(400, 'invalid_creditCard', 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.')
      const card = { ...paidFields('CREDIT_CARD'), creditCard: { creditCardNumber: '8829', creditCardBrand: 'MASTERCARD', creditCardToken: token } }
      if (body.installmentCount !== undefined) {
        const count = Number(body.installmentCount)
        if (!Number.isInteger(count) || count < 2 || !(typeof body.installmentValue === 'number' && body.installmentValue > 0)) return fail(400, 'invalid_installmentCount', 'Parcelamento inválido.')
        const charges = installmentCharges(count, Math.round(body.installmentValue * count * 100) / 100, { ...fields, ...card })
        return { status: 200, body: charges[0]! }
      }
      if (!(typeof body.value === 'number' && body.value > 0)) return fail(400, 'invalid_value', 'O campo value deve ser informado')
      const payment = newPayment({ ...fields, subscription: null, value: body.value, netValue: body.value, dueDate, originalDueDate: dueDate, ...card })
      return { status: 200, body: payment }
    }
    if (method === 'DELETE' && (match = /^\/v3\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(match[1]!)
      if (!payment || payment.deleted) return fail(404, 'not_found', 'Cobrança não encontrada.')
      if (payment.status !== 'PENDING' && payment.status !== 'OVERDUE') return fail(400, 'invalid_action', 'Somente cobranças em aberto podem ser removidas.')
      payment.deleted = true
      return { status: 200, body: deletedObject.body(match[1]!) }
    }
    if (method === 'POST' && (match = /^\/v3\/payments\/([^/]+)\/restore$/.exec(path))) {
      const payment = payments.get(match[1]!)
      if (!payment) return fail(404, 'not_found', 'Cobrança não encontrada.')
      if (!payment.deleted) return fail(400, 'invalid_action', 'Somente cobranças removidas podem ser restauradas.')
      payment.deleted = false
      return { status: 200, body: payment }
    }
    if (method === 'POST' && (match = /^\/v3\/installments\/([^/]+)\/refund$/.exec(path))) {
      const charges = [...payments.values()].filter((payment) => payment.installment === match![1])
      if (charges.length === 0) return fail(404, 'not_found', 'Parcelamento não encontrado.')
      if (charges.some((charge) => charge.status !== 'CONFIRMED' && charge.status !== 'RECEIVED')) return fail(400, 'invalid_action', 'Este parcelamento não pode ser estornado.')
      for (const charge of charges) Object.assign(charge, { status: 'REFUNDED', refunds: [{ dateCreated: brazilDateTime(), status: 'DONE', value: charge.value, description: null }] })
      return { status: 200, body: installmentRefundObject.body(match[1]!) }
    }
    if (method === 'GET' && path === '/v3/payments') {
      const found = [...payments.values()].filter(
        (payment) =>
          (query.externalReference === undefined || payment.externalReference === query.externalReference) &&
          (query.subscription === undefined || payment.subscription === query.subscription) &&
          (query.installment === undefined || payment.installment === query.installment),
      )
      return { status: 200, body: listEnvelope.body(found) }
    }
    if (method === 'GET' && (match = /^\/v3\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(match[1]!)
      return payment ? { status: 200, body: payment } : fail(404, 'not_found', 'Cobrança não encontrada.')
    }
    if (method === 'POST' && (match = /^\/v3\/payments\/([^/]+)\/refund$/.exec(path))) {
      const payment = payments.get(match[1]!)
      if (!payment) return fail(404, 'not_found', 'Cobrança não encontrada.')
      if (payment.status !== 'RECEIVED' && payment.status !== 'CONFIRMED') return fail(400, 'invalid_action', 'Esta cobrança não pode ser estornada.')
      Object.assign(payment, { status: 'REFUNDED', refunds: [{ dateCreated: brazilDateTime(), status: 'DONE', value: payment.value, description: body?.description ?? null }] })
      return { status: 200, body: payment }
    }
    if (method === 'GET' && (match = /^\/v3\/subscriptions\/([^/]+)\/payments$/.exec(path))) {
      const id = match[1]!
      if (!subscriptions.has(id)) return fail(404, 'not_found', 'Assinatura não encontrada.')
      return { status: 200, body: listEnvelope.body([...payments.values()].filter((payment) => payment.subscription === id)) }
    }
    if (method === 'GET' && (match = /^\/v3\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(match[1]!)
      return sub ? { status: 200, body: sub } : fail(404, 'not_found', 'Assinatura não encontrada.')
    }
    if (method === 'DELETE' && (match = /^\/v3\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(match[1]!)
      if (!sub || sub.deleted) return fail(404, 'not_found', 'Assinatura não encontrada.')
      Object.assign(sub, { deleted: true, status: 'INACTIVE' })
      return { status: 200, body: deletedObject.body(match[1]!) }
    }
    return fail(404, 'not_found', `Endpoint não encontrado (${method} ${path})`)
  }

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      let body: Json | null
      try {
        body = raw ? (JSON.parse(raw) as Json) : null
      } catch {
        body = null
      }
      const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: req.headers }
      requests.push(request)
      for (const meanwhile of fake.meanwhile) meanwhile(request)
      const answer = failing
        ? { status: 500, body: {} as Json }
        : req.headers.access_token !== options.apiKey
          ? fail(401, 'invalid_access_token', 'A chave de API fornecida é inválida')
          : route(req.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), body)
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    ...fake,
    url,
    apiBase: `${url}/v3`,
    get failing() {
      return failing
    },
    set failing(value: boolean) {
      failing = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
