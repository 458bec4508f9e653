/**
 * PAYMENT_GATEWAY=asaas against a local fake of Asaas's API (ASAAS_API_BASE, test/support/asaas-fake.ts)
 * whose answers and webhook bodies are Asaas's published examples (asaas-fixtures.ts): the same
 * commerce code as the sandbox and Stripe, with the webhook authenticated by the shared token only,
 * so every effect must come from state read back from the fake (docs/decisions/029-brazilian-gateway-asaas.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, COMMERCE_MSG, CPF_MSG, GIFT_MSG, GIFT_PATHS } from '@sintonia/contract'
import { checkouts, emailOutbox, payments, pendingSubscriptions, refundRequests, subscriptions, webhookEvents } from '../../src/db/schema/index.js'
import { parseAsaasDate } from '../../src/modules/commerce/gateway/asaas.js'
import { ASAAS_PAGE_MSG } from '../../src/modules/commerce/asaas-boleto-routes.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, uniqueEmail, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'
import { checkState, outboxOf, startAuthFirst, startPayFirst, subscriptionOf } from '../helpers/commerce.js'
import { changedTables, databaseChecksum } from '../security/support/checksum.js'
import { startAsaasFake, type AsaasFake } from '../support/asaas-fake.js'

const API_KEY = '$aact_hmlg_chave_de_teste_local_000000000001'
const TOKEN = 'token-do-webhook-asaas-local-com-mais-de-32-caracteres'
let ctx: TestContext
let fake: AsaasFake

beforeAll(async () => {
  fake = await startAsaasFake({ apiKey: API_KEY })
  ctx = await buildTestApp({
    seed: true,
    env: { PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: API_KEY, ASAAS_WEBHOOK_TOKEN: TOKEN, ASAAS_API_BASE: fake.apiBase },
  })
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})

function postWebhook(body: string, token: string | null = TOKEN) {
  return ctx.app.inject({
    method: 'POST',
    url: API.commerce.payments.webhook('asaas'),
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'asaas-access-token': token }) },
    payload: body,
  })
}

/** The webhook Asaas would send, delivered with our token. */
async function deliver(event: string, entity: Parameters<AsaasFake['webhookBody']>[1]) {
  const res = await postWebhook(fake.webhookBody(event, entity))
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { outcome: string }).outcome
}

const lastCheckoutRequest = () => fake.requests.filter((req) => req.method === 'POST' && req.path === '/v3/checkouts').at(-1)!
const brazilToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10)
const paymentRow = async (id: string) => (await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, id)))[0]

/** A signed-in buyer whose Asaas checkout was paid and whose CHECKOUT_PAID and first charge arrived. */
async function paidSubscriber(method: 'PIX' | 'CREDIT_CARD', planCode: 'anual' | 'semestral' | 'trimestral' = 'anual') {
  const buyer = await listener(ctx)
  const { checkoutId } = await startAuthFirst(ctx, buyer, planCode)
  const paid = fake.payCheckout(checkoutId, { method })
  expect(await deliver('CHECKOUT_PAID', { checkout: paid.checkoutId })).toBe('processed')
  expect(await deliver(method === 'PIX' ? 'PAYMENT_RECEIVED' : 'PAYMENT_CONFIRMED', { payment: paid.paymentId })).toBe('processed')
  const [sub] = await subscriptionOf(ctx, buyer.userId)
  return { buyer, checkoutId, subscriptionId: paid.subscriptionId, paymentId: paid.paymentId, sub: sub! }
}

describe('Asaas gateway (local fake)', () => {
  it('reports Asaas in test mode, with no sandbox pages and no test cards of another provider', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: API.commerce.payments.gateway })
    expect(res.json()).toMatchObject({ provider: 'asaas', mode: 'test', testCards: [], methods: ['pix', 'card', 'boleto'], cardInstallments: true })
    expect(ctx.app.payments.sandbox).toBeNull()
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sbx_x000000' })).statusCode).toBe(404)
  })

  it('sells no gift yet (no one-off checkout with Asaas): says so, and asks Asaas nothing', async () => {
    const buyer = await listener(ctx)
    const before = fake.requests.length
    const res = await ctx.app.inject({
      method: 'POST',
      url: GIFT_PATHS.list,
      headers: { cookie: buyer.cookie },
      payload: { planCode: 'anual', recipientName: 'Ana', recipientEmail: uniqueEmail('ana'), deliverOn: '2099-01-01' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(GIFT_MSG.unavailable)
    expect(fake.requests.length).toBe(before)
    expect((await ctx.app.inject({ method: 'GET', url: GIFT_PATHS.list, headers: { cookie: buyer.cookie } })).json()).toEqual({ gifts: [], available: false })
  })

  it.each([
    ['anual', 478.8, 'YEARLY'],
    ['semestral', 269.4, 'SEMIANNUALLY'],
    ['trimestral', 149.7, 'QUARTERLY'],
  ] as const)('creates an Asaas Checkout for %s: Pix and card, a recurring subscription of the plan price and cycle, our reference and return URLs', async (planCode, value, cycle) => {
    const buyer = await listener(ctx)
    const { url, checkoutId } = await startAuthFirst(ctx, buyer, planCode)
    expect(checkoutId).toMatch(/^ask_[A-Za-z0-9_-]{24}$/)
    const sent = lastCheckoutRequest()
    expect(sent.headers.access_token).toBe(API_KEY)
    expect(sent.headers['content-type']).toBe('application/json')
    expect(sent.body).toEqual({
      billingTypes: ['CREDIT_CARD', 'PIX'],
      chargeTypes: ['RECURRENT'],
      minutesToExpire: 1440,
      externalReference: checkoutId,
      callback: {
        successUrl: `${ctx.config.publicUrl}/assinatura/processando?session_id=${checkoutId}`,
        cancelUrl: `${ctx.config.publicUrl}/pagamento/cancelado`,
        expiredUrl: `${ctx.config.publicUrl}/pagamento/cancelado`,
      },
      items: [{ name: expect.any(String), description: expect.stringContaining('Assinatura'), quantity: 1, value }],
      subscription: { cycle, nextDueDate: brazilToday() },
    })
    // The buyer goes to our page (boleto is offered there), which links on to Asaas's hosted page
    // of the checkout Asaas created for Pix and card.
    const created = fake.checkoutOf(checkoutId)
    expect(url).toBe(`${ctx.config.publicUrl}/asaas/pagamento/${checkoutId}?checkout=${String(created.id)}`)
    const page = await ctx.app.inject({ method: 'GET', url: url.slice(ctx.config.publicUrl.length) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`href="${fake.url}/checkoutSession/show?id=${String(created.id)}"`)
    expect(page.body).toContain('Pagar com Pix ou cartão')
    expect(page.body).toContain('CPF de quem paga')
    // A refused CPF shows the page again, still with its way on to Asaas's Checkout.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/asaas/pagamento/${checkoutId}/boleto?checkout=${String(created.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nome=Ana+Lima&cpf=123',
      remoteAddress: nextIp(),
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.body).toContain(CPF_MSG.invalid)
    expect(refused.body).toContain(`href="${fake.url}/checkoutSession/show?id=${String(created.id)}"`)
    expect(refused.body).toContain(`action="/asaas/pagamento/${checkoutId}/boleto?checkout=${String(created.id)}"`)
    const [row] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(row).toMatchObject({ provider: 'asaas', flow: 'auth_first', userId: buyer.userId, planCode, status: 'open', paymentStatus: 'unpaid' })
    // Asaas's Checkout offers Pix and card only: the page has no boleto to pay with.
    expect(() => fake.payCheckout(checkoutId, { method: 'BOLETO' })).toThrow(/não oferece BOLETO/)
  })

  it('a Pix payment gives the buyer access from CHECKOUT_PAID, reading the charge and subscription back from Asaas, and records the charge', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    const { checkoutId: asaasCheckoutId, subscriptionId, paymentId, customerId } = fake.payCheckout(checkoutId, { method: 'PIX' })
    expect(await deliver('CHECKOUT_PAID', { checkout: asaasCheckoutId })).toBe('processed')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ provider: 'asaas', status: 'active', planCode: 'anual', providerSubscriptionId: subscriptionId, providerCustomerId: customerId, cancelAtPeriodEnd: false })
    // Paid through one cycle after the first charge's due date (Brasília midnight).
    const due = String(fake.payments.get(paymentId)!.dueDate)
    const expectedEnd = parseAsaasDate(due)
    expectedEnd.setUTCFullYear(expectedEnd.getUTCFullYear() + 1)
    expect(sub!.currentPeriodEnd!.toISOString()).toBe(expectedEnd.toISOString())
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    const [checkout] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(checkout).toMatchObject({ status: 'complete', paymentStatus: 'paid', providerSubscriptionId: subscriptionId })

    // The charge's webhook body says R$ 1,00 and PENDING: what is recorded is what Asaas answers.
    const forgedCopy = JSON.parse(fake.webhookBody('PAYMENT_RECEIVED', { payment: paymentId })) as { payment: Record<string, unknown> }
    Object.assign(forgedCopy.payment, { value: 1, status: 'PENDING', billingType: 'CREDIT_CARD' })
    const res = await postWebhook(JSON.stringify(forgedCopy))
    expect(res.json()).toEqual({ received: true, outcome: 'processed' })
    expect(await paymentRow(paymentId)).toMatchObject({ provider: 'asaas', subscriptionId: sub!.id, userId: buyer.userId, amountCents: 47_880, currency: 'BRL', method: 'pix', installments: null, status: 'paid' })
    expect((await outboxOf(ctx, buyer.email)).some((mail) => mail.kind === 'payment_receipt')).toBe(true)

    // Minha conta stands for the portal Asaas does not have.
    const portal = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: buyer.cookie } })
    expect(portal.json()).toEqual({ url: `${ctx.config.publicUrl}/assinatura` })
  })

  it('a card payment is recorded as card, paid at once, once even when CONFIRMED and then RECEIVED arrive', async () => {
    const { paymentId, sub } = await paidSubscriber('CREDIT_CARD', 'semestral')
    expect(sub).toMatchObject({ status: 'active', planCode: 'semestral' })
    expect(await paymentRow(paymentId)).toMatchObject({ amountCents: 26_940, method: 'card', installments: 1 })
    fake.payments.get(paymentId)!.status = 'RECEIVED'
    await deliver('PAYMENT_RECEIVED', { payment: paymentId })
    expect(await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentId))).toHaveLength(1)
  })

  it('the first charge arriving before CHECKOUT_PAID applies the checkout too (read back), and the later CHECKOUT_PAID changes nothing more', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'semestral')
    const { checkoutId: asaasCheckoutId, paymentId, subscriptionId } = fake.payCheckout(checkoutId, { method: 'PIX' })
    expect(await deliver('PAYMENT_RECEIVED', { payment: paymentId })).toBe('processed')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ provider: 'asaas', status: 'active', planCode: 'semestral', providerSubscriptionId: subscriptionId })
    expect(await paymentRow(paymentId)).toMatchObject({ subscriptionId: sub!.id, userId: buyer.userId, method: 'pix', amountCents: 26_940 })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    const receipts = (await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')
    expect(receipts).toHaveLength(1)
    expect(await deliver('CHECKOUT_PAID', { checkout: asaasCheckoutId })).toBe('processed')
    expect(await subscriptionOf(ctx, buyer.userId)).toHaveLength(1)
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')).toHaveLength(1)

    // Pay-first, only the charge's event: the purchase waits for the e-mail, with one access-link e-mail.
    const email = uniqueEmail('asaas-primeiro')
    const payFirst = await startPayFirst(ctx, email, 'trimestral')
    const paid = fake.payCheckout(payFirst.checkoutId, { method: 'CREDIT_CARD' })
    expect(await deliver('PAYMENT_CONFIRMED', { payment: paid.paymentId })).toBe('processed')
    const [pending] = await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, payFirst.checkoutId))
    expect(pending).toMatchObject({ email, planCode: 'trimestral', provider: 'asaas', providerSubscriptionId: paid.subscriptionId })
    const mails = await outboxOf(ctx, email)
    expect(mails.filter((mail) => mail.kind === 'purchase_claim')).toHaveLength(1)
    expect(await deliver('CHECKOUT_PAID', { checkout: paid.checkoutId })).toBe('processed')
    expect((await outboxOf(ctx, email)).filter((mail) => mail.kind === 'purchase_claim')).toHaveLength(1)
  })

  it('refuses a webhook without the token or with a forged one (401, nothing stored), and a body that is not an event (400)', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    const { checkoutId: asaasCheckoutId } = fake.payCheckout(checkoutId, { method: 'PIX' })
    const body = fake.webhookBody('CHECKOUT_PAID', { checkout: asaasCheckoutId })
    const before = await databaseChecksum(ctx.database.db)
    const missing = await postWebhook(body, null)
    expect(missing.statusCode).toBe(401)
    expect(missing.json().message).toBe(COMMERCE_MSG.webhookSignatureInvalid)
    const forged = await postWebhook(body, `${TOKEN.slice(0, -1)}x`)
    expect(forged.statusCode).toBe(401)
    expect((await postWebhook(body, 'curto')).statusCode).toBe(401)
    expect((await postWebhook('{"event":"CHECKOUT_PAID"}')).statusCode).toBe(400)
    expect((await postWebhook('não é json')).statusCode).toBe(400)
    // Another provider's path does not exist with Asaas.
    expect((await ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('stripe'), headers: { 'content-type': 'application/json' }, payload: body })).statusCode).toBe(404)
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    // The token itself never reaches the logs (the run's log scan also checks it).
    expect(JSON.stringify(missing.json())).not.toContain(TOKEN)
  })

  it('applies a redelivered event once (the ledger), and an event Asaas sends that we do not act on is acknowledged', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    const { paymentId, checkoutId: asaasCheckoutId } = fake.payCheckout(checkoutId, { method: 'PIX' })
    await deliver('CHECKOUT_PAID', { checkout: asaasCheckoutId })
    const body = fake.webhookBody('PAYMENT_RECEIVED', { payment: paymentId })
    const eventId = (JSON.parse(body) as { id: string }).id
    expect((await postWebhook(body)).json().outcome).toBe('processed')
    const before = await databaseChecksum(ctx.database.db)
    expect((await postWebhook(body)).json()).toEqual({ received: true, outcome: 'duplicate' })
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(1)
    expect(await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentId))).toHaveLength(1)
    expect(await deliver('PAYMENT_CREATED', { payment: paymentId })).toBe('ignored')
  })

  it('a renewal is recorded with its method; an overdue charge makes the subscription past_due from the end of the paid period', async () => {
    const { buyer, subscriptionId, sub } = await paidSubscriber('PIX', 'trimestral')
    const firstEnd = sub.currentPeriodEnd!.getTime()
    const renewal = fake.renew(subscriptionId, { method: 'CREDIT_CARD', paid: true })
    expect(await deliver('PAYMENT_CONFIRMED', { payment: renewal.paymentId })).toBe('processed')
    expect(await paymentRow(renewal.paymentId)).toMatchObject({ amountCents: 14_970, method: 'card', installments: 1, subscriptionId: sub.id })
    const [renewed] = await subscriptionOf(ctx, buyer.userId)
    expect(renewed).toMatchObject({ status: 'active' })
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(firstEnd)

    const overdue = fake.renew(subscriptionId, { method: 'PIX', paid: false })
    expect(await deliver('PAYMENT_OVERDUE', { payment: overdue.paymentId })).toBe('processed')
    const [late] = await subscriptionOf(ctx, buyer.userId)
    expect(late).toMatchObject({ status: 'past_due' })
    // Paid access ended when the unpaid period began: the overdue charge's due date.
    expect(late!.currentPeriodEnd!.toISOString()).toBe(parseAsaasDate(String(fake.payments.get(overdue.paymentId)!.dueDate)).toISOString())
    expect(await paymentRow(overdue.paymentId)).toBeUndefined()
    // The listener pays that period on the overdue charge's own Asaas page.
    const pending = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending, headers: { cookie: buyer.cookie } })
    expect(pending.statusCode).toBe(200)
    expect(pending.json()).toEqual({ url: `https://sandbox.asaas.com/i/${overdue.paymentId}` })
  })

  it('an abandoned checkout that Asaas expires (or cancels) is marked expired on our side, and a paid one is not', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    const asaasCheckout = fake.checkoutOf(checkoutId)
    asaasCheckout.status = 'EXPIRED'
    expect(await deliver('CHECKOUT_EXPIRED', { checkout: String(asaasCheckout.id) })).toBe('processed')
    const [row] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(row).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' })

    const paid = await paidSubscriber('PIX', 'trimestral')
    expect(await deliver('CHECKOUT_CANCELED', { checkout: String(fake.checkoutOf(paid.checkoutId).id) })).toBe('ignored')
    const [paidRow] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, paid.checkoutId))
    expect(paidRow).toMatchObject({ status: 'complete', paymentStatus: 'paid' })
  })

  it('a subscription removed at Asaas ends ours (SUBSCRIPTION_DELETED, state read back)', async () => {
    const { buyer, subscriptionId } = await paidSubscriber('CREDIT_CARD', 'anual')
    Object.assign(fake.subscriptions.get(subscriptionId)!, { deleted: true, status: 'INACTIVE' })
    expect(await deliver('SUBSCRIPTION_DELETED', { subscription: subscriptionId })).toBe('processed')
    expect((await subscriptionOf(ctx, buyer.userId))[0]).toMatchObject({ status: 'canceled' })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
  })

  it('the admin approving a guarantee refund refunds the charge at Asaas and removes the subscription there', async () => {
    const { buyer, paymentId, subscriptionId, sub } = await paidSubscriber('PIX', 'anual')
    const request = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: buyer.cookie }, payload: { reason: 'Não era o que eu esperava' } })
    expect(request.statusCode).toBe(201)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub.id))
    const boss: Account = await admin(ctx)
    const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundApprove(pending!.id) })
    expect(res.statusCode, res.body).toBe(200)
    const refundCall = fake.requests.filter((req) => req.method === 'POST' && req.path === `/v3/payments/${paymentId}/refund`)
    expect(refundCall).toHaveLength(1)
    expect(refundCall[0]!.headers.access_token).toBe(API_KEY)
    expect(fake.payments.get(paymentId)!.status).toBe('REFUNDED')
    expect(fake.requests.some((req) => req.method === 'DELETE' && req.path === `/v3/subscriptions/${subscriptionId}`)).toBe(true)
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded' })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    // Asaas then reports the refund: read back, applied once, nothing more to change.
    expect(await deliver('PAYMENT_REFUNDED', { payment: paymentId })).toBe('processed')
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundedAmountCents: 47_880 })
  })

  it('pay-first: verify-payment asks Asaas and records the purchase waiting for the e-mail, before any webhook', async () => {
    const email = uniqueEmail('asaas')
    const { checkoutId } = await startPayFirst(ctx, email, 'anual', 'Ana Asaas')
    const unpaid = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.verify, payload: { sessionId: checkoutId }, remoteAddress: nextIp() })
    expect(unpaid.json()).toMatchObject({ paymentStatus: 'unpaid' })
    fake.payCheckout(checkoutId, { method: 'CREDIT_CARD' })
    const verify = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.verify, payload: { sessionId: checkoutId }, remoteAddress: nextIp() })
    expect(verify.json()).toMatchObject({ paymentStatus: 'paid', customerEmail: email, customerName: 'Ana Asaas', amount: 47_880, currency: 'BRL', planCode: 'anual', installments: 1 })
    const [pending] = await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, checkoutId))
    expect(pending).toMatchObject({ email, planCode: 'anual', provider: 'asaas' })
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toEqual([])
  })

  it('answers 502 with the pt-BR message when Asaas fails, writing nothing; a webhook then answers 503 and is applied on redelivery', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    const { checkoutId: asaasCheckoutId } = fake.payCheckout(checkoutId, { method: 'PIX' })
    const body = fake.webhookBody('CHECKOUT_PAID', { checkout: asaasCheckoutId })
    const other = await listener(ctx)
    fake.failing = true
    try {
      const before = await databaseChecksum(ctx.database.db)
      const res = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.checkout, headers: { cookie: other.cookie }, payload: { planCode: 'anual' } })
      expect(res.statusCode).toBe(502)
      expect(res.json().message).toBe(COMMERCE_MSG.createSubscriptionRetry)
      expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
      const webhook = await postWebhook(body)
      expect(webhook.statusCode).toBe(503)
      expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    } finally {
      fake.failing = false
    }
    expect((await postWebhook(body)).json().outcome).toBe('processed')
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
  })

  it('reads Asaas dates as Brasília dates in both of its formats', () => {
    expect(parseAsaasDate('2024-11-22').toISOString()).toBe('2024-11-22T03:00:00.000Z')
    expect(parseAsaasDate('22/11/2024').toISOString()).toBe('2024-11-22T03:00:00.000Z')
    expect(Number.isNaN(parseAsaasDate('amanhã').getTime())).toBe(true)
  })
})

describe('Asaas boleto (our page, a BOLETO subscription at Asaas)', () => {
  const CPF_TYPED = '529.982.247-25'
  const CPF = '52998224725'
  const pagePath = (checkoutId: string) => `/asaas/pagamento/${checkoutId}`
  const postBoleto = (checkoutId: string, form: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `${pagePath(checkoutId)}/boleto`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString(), remoteAddress: nextIp() })
  const inDays = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)
  const sentSince = (from: number) => fake.requests.slice(from)

  /** A signed-in buyer who asked for a boleto on our page; the boleto charge at Asaas. */
  async function boletoBuyer(planCode: 'anual' | 'semestral' | 'trimestral' = 'anual') {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, planCode)
    const from = fake.requests.length
    const res = await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: CPF_TYPED })
    expect(res.statusCode, res.body).toBe(303)
    expect(res.headers.location).toBe(pagePath(checkoutId))
    const charge = [...fake.payments.values()].find((payment) => payment.externalReference === checkoutId && payment.billingType === 'BOLETO')!
    expect(charge).toBeDefined()
    return { buyer, checkoutId, from, paymentId: String(charge.id), subscriptionId: String(charge.subscription) }
  }

  it('issues the boleto at Asaas: the customer with the CPF digits, a BOLETO subscription of the plan price and cycle due in 3 days with our reference; the page shows line, PDF and due date', async () => {
    const { buyer, checkoutId, from, paymentId, subscriptionId } = await boletoBuyer('semestral')
    const sent = sentSince(from)
    const lookup = sent.find((req) => req.method === 'GET' && req.path === '/v3/customers')
    expect(lookup?.query.email).toBe(buyer.email)
    const customer = sent.find((req) => req.method === 'POST' && req.path === '/v3/customers')
    expect(customer?.body).toEqual({ name: 'Paula Ramos', email: buyer.email, cpfCnpj: CPF })
    const sub = sent.find((req) => req.method === 'POST' && req.path === '/v3/subscriptions')
    expect(sub?.headers.access_token).toBe(API_KEY)
    expect(sub?.body).toEqual({
      customer: expect.stringMatching(/^cus_/),
      billingType: 'BOLETO',
      value: 269.4,
      nextDueDate: inDays(3),
      cycle: 'SEMIANNUALLY',
      description: expect.stringContaining('Assinatura'),
      externalReference: checkoutId,
      // Asaas's own Pix Automático offer stays off until its authorisations are handled (ADR 029).
      pixAutomaticAuthorizationMode: 'DISABLED',
    })
    expect(sent.some((req) => req.method === 'GET' && req.path === `/v3/payments/${paymentId}/identificationField`)).toBe(true)
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ billingType: 'BOLETO', cycle: 'SEMIANNUALLY' })

    const page = await ctx.app.inject({ method: 'GET', url: pagePath(checkoutId) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('00190.00009 02759.288000 21932.978170 1 87890000005000')
    expect(page.body).toContain('Copiar linha digitável')
    expect(page.body).toContain(`href="https://sandbox.asaas.com/b/pdf/${paymentId}"`)
    expect(page.body).toContain('Baixar boleto (PDF)')
    expect(page.body).toContain('A confirmação do boleto pode levar até 3 dias úteis')
    expect(page.body).toContain('R$\u00a0269,40')
    // Once a boleto is issued, the page no longer offers Asaas's Checkout (one way of paying per purchase).
    expect(page.body).not.toContain('Pagar com Pix ou cartão')

    // Asked again (a second click, a reload): the same boleto, nothing new at Asaas.
    const again = fake.requests.length
    expect((await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: CPF_TYPED })).statusCode).toBe(303)
    expect(sentSince(again).filter((req) => req.method === 'POST')).toEqual([])

    // No access yet, and the CPF is kept nowhere of ours (Asaas is the record).
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    const [row] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(row).toMatchObject({ status: 'open', paymentStatus: 'unpaid' })
    expect(JSON.stringify(row)).not.toContain(CPF)
    expect(JSON.stringify(await ctx.database.db.select().from(emailOutbox))).not.toContain(CPF)
  })

  it('refuses a wrong or missing CPF (and a missing name) in pt-BR, sending nothing to Asaas and writing nothing', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    const before = await databaseChecksum(ctx.database.db)
    const from = fake.requests.length
    const wrong = await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: '529.982.247-24' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.body).toContain(CPF_MSG.invalid)
    const repeated = await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: '111.111.111-11' })
    expect(repeated.body).toContain(CPF_MSG.invalid)
    const missing = await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: '' })
    expect(missing.statusCode).toBe(422)
    expect(missing.body).toContain(CPF_MSG.required)
    const noName = await postBoleto(checkoutId, { nome: ' ', cpf: CPF_TYPED })
    expect(noName.statusCode).toBe(422)
    expect(noName.body).toContain(ASAAS_PAGE_MSG.nameRequired)
    expect(sentSince(from)).toEqual([])
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    // A checkout that is not ours is a 404 page, not a 500.
    expect((await postBoleto('ask_AAAAAAAAAAAAAAAAAAAAAAAA', { nome: 'Paula Ramos', cpf: CPF_TYPED })).statusCode).toBe(404)
    // Ids that are not ours at all are refused by the route's schema (400), never a 500.
    expect((await ctx.app.inject({ method: 'GET', url: '/asaas/pagamento/nao-e-nosso' })).statusCode).toBe(400)
    expect((await ctx.app.inject({ method: 'POST', url: `${pagePath(checkoutId)}/boleto` })).statusCode).toBe(400)
  })

  it('a CPF whose digits hold but Asaas refuses is told in pt-BR (422), with the page to try again and nothing issued', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    fake.refusedCpfs.add('11144477735')
    try {
      const refused = await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: '111.444.777-35' })
      expect(refused.statusCode).toBe(422)
      expect(refused.body).toContain(ASAAS_PAGE_MSG.cpfRefused)
      expect(refused.body).toContain('Gerar boleto')
      expect([...fake.subscriptions.values()].some((sub) => sub.externalReference === checkoutId)).toBe(false)
    } finally {
      fake.refusedCpfs.clear()
    }
  })

  it('gives access only once Asaas reports the boleto charge paid (read back), records it as boleto, and applies a redelivered event once', async () => {
    const { buyer, checkoutId, paymentId, subscriptionId } = await boletoBuyer('anual')
    // Asaas tells of the new charge, and the forged copy of a "paid" charge: still not paid at Asaas.
    expect(await deliver('PAYMENT_CREATED', { payment: paymentId })).toBe('ignored')
    const forged = JSON.parse(fake.webhookBody('PAYMENT_RECEIVED', { payment: paymentId })) as { payment: Record<string, unknown> }
    Object.assign(forged.payment, { status: 'RECEIVED', paymentDate: brazilToday() })
    expect((await postWebhook(JSON.stringify(forged))).json().outcome).toBe('ignored')
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    expect(await paymentRow(paymentId)).toBeUndefined()

    fake.payBoleto(paymentId)
    const body = fake.webhookBody('PAYMENT_RECEIVED', { payment: paymentId })
    expect((await postWebhook(body)).json().outcome).toBe('processed')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ provider: 'asaas', status: 'active', planCode: 'anual', providerSubscriptionId: subscriptionId })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    expect(await paymentRow(paymentId)).toMatchObject({ subscriptionId: sub!.id, method: 'boleto', installments: null, amountCents: 47_880, status: 'paid' })
    const [row] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(row).toMatchObject({ status: 'complete', paymentStatus: 'paid', providerSubscriptionId: subscriptionId })

    const before = await databaseChecksum(ctx.database.db)
    expect((await postWebhook(body)).json()).toEqual({ received: true, outcome: 'duplicate' })
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentId))).toHaveLength(1)
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')).toHaveLength(1)
    // The page now says it is paid.
    expect((await ctx.app.inject({ method: 'GET', url: pagePath(checkoutId) })).body).toContain('Pagamento concluído')
  })

  it("from the renewal notice on, a boleto subscriber pays the next boleto Asaas already issued, from Minha conta", async () => {
    const { buyer, paymentId, subscriptionId } = await boletoBuyer('anual')
    fake.payBoleto(paymentId)
    expect(await deliver('PAYMENT_RECEIVED', { payment: paymentId })).toBe('processed')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const payAhead = () => ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending, headers: { cookie: buyer.cookie } })
    expect((await payAhead()).statusCode).toBe(409)
    const next = fake.issueNext(subscriptionId)
    await ctx.database.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() + 5 * 86_400_000) }).where(eq(subscriptions.id, sub!.id))
    const res = await payAhead()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ url: fake.payments.get(next.paymentId)!.invoiceUrl })
  })

  it('pay-first: the boleto names the buyer given at checkout; once paid the purchase waits for the e-mail with one access link', async () => {
    const email = uniqueEmail('asaas-boleto')
    const { checkoutId, url } = await startPayFirst(ctx, email, 'trimestral', 'Rita Boleto')
    const choice = await ctx.app.inject({ method: 'GET', url: url.slice(ctx.config.publicUrl.length) })
    expect(choice.body).toContain('value="Rita Boleto"')
    const from = fake.requests.length
    expect((await postBoleto(checkoutId, { nome: 'Rita Boleto', cpf: CPF })).statusCode).toBe(303)
    expect(sentSince(from).find((req) => req.method === 'POST' && req.path === '/v3/customers')?.body).toEqual({ name: 'Rita Boleto', email, cpfCnpj: CPF })
    const charge = [...fake.payments.values()].find((payment) => payment.externalReference === checkoutId)!
    fake.payBoleto(String(charge.id))
    expect(await deliver('PAYMENT_RECEIVED', { payment: String(charge.id) })).toBe('processed')
    const [pending] = await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, checkoutId))
    expect(pending).toMatchObject({ email, planCode: 'trimestral', provider: 'asaas', providerSubscriptionId: String(charge.subscription) })
    expect((await outboxOf(ctx, email)).filter((mail) => mail.kind === 'purchase_claim')).toHaveLength(1)
    expect(await paymentRow(String(charge.id))).toMatchObject({ method: 'boleto', amountCents: 14_970 })
  })

  it('a boleto issued before Asaas expires the checkout stays on the page; no new one is issued then', async () => {
    const { checkoutId, paymentId } = await boletoBuyer('trimestral')
    const asaasCheckout = fake.checkoutOf(checkoutId)
    asaasCheckout.status = 'EXPIRED'
    expect(await deliver('CHECKOUT_EXPIRED', { checkout: String(asaasCheckout.id) })).toBe('processed')
    const page = await ctx.app.inject({ method: 'GET', url: pagePath(checkoutId) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Copiar linha digitável')
    const from = fake.requests.length
    expect((await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: CPF_TYPED })).statusCode).toBe(303)
    expect(sentSince(from)).toEqual([])
    // Paid after that, it still gives access.
    fake.payBoleto(paymentId)
    expect(await deliver('PAYMENT_RECEIVED', { payment: paymentId })).toBe('processed')
    const [row] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(row).toMatchObject({ paymentStatus: 'paid' })

    // Expired with no boleto: the page says so and offers nothing.
    const other = await listener(ctx)
    const { checkoutId: abandoned } = await startAuthFirst(ctx, other, 'anual')
    const abandonedAtAsaas = fake.checkoutOf(abandoned)
    abandonedAtAsaas.status = 'EXPIRED'
    await deliver('CHECKOUT_EXPIRED', { checkout: String(abandonedAtAsaas.id) })
    expect((await ctx.app.inject({ method: 'GET', url: pagePath(abandoned) })).statusCode).toBe(410)
    const before = fake.requests.length
    expect((await postBoleto(abandoned, { nome: 'Paula Ramos', cpf: CPF_TYPED })).statusCode).toBe(303)
    expect(sentSince(before).filter((req) => req.method === 'POST')).toEqual([])
  })

  it('answers a pt-BR 502 page when Asaas fails, writing nothing', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    const before = await databaseChecksum(ctx.database.db)
    fake.failing = true
    try {
      const res = await postBoleto(checkoutId, { nome: 'Paula Ramos', cpf: CPF_TYPED })
      expect(res.statusCode).toBe(502)
      expect(res.body).toContain(ASAAS_PAGE_MSG.boletoFailed)
      expect(res.body).not.toContain(CPF)
      const page = await ctx.app.inject({ method: 'GET', url: pagePath(checkoutId) })
      expect(page.statusCode).toBe(502)
    } finally {
      fake.failing = false
    }
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
  })

  it('a guarantee refund of a boleto is a transfer to the account the buyer named, once, and the subscription is removed at Asaas', async () => {
    const { buyer, paymentId, subscriptionId } = await boletoBuyer('anual')
    fake.payBoleto(paymentId)
    expect(await deliver('PAYMENT_RECEIVED', { payment: paymentId })).toBe('processed')
    const account = { bankCode: '001', agency: '1234', account: '12345-6', accountType: 'poupanca', holderName: 'Paula Ramos', holderCpf: CPF_TYPED }
    const withoutAccount = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: buyer.cookie }, payload: { reason: 'Mudei de ideia' } })
    expect(withoutAccount.statusCode).toBe(422)
    const request = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: buyer.cookie }, payload: { reason: 'Mudei de ideia', bankAccount: account } })
    expect(request.statusCode, request.body).toBe(201)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub!.id))
    const boss: Account = await admin(ctx)
    const from = fake.requests.length
    const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundApprove(pending!.id) })
    expect(res.statusCode, res.body).toBe(200)
    const transfers = sentSince(from).filter((req) => req.method === 'POST' && req.path === '/v3/transfers')
    expect(transfers).toHaveLength(1)
    expect(transfers[0]!.body).toEqual({
      value: 478.8,
      bankAccount: { bank: { code: '001' }, ownerName: 'Paula Ramos', cpfCnpj: CPF, agency: '1234', account: '12345', accountDigit: '6', bankAccountType: 'CONTA_POUPANCA' },
      description: expect.any(String),
    })
    // Not Asaas's card/Pix refund, which a boleto charge does not take.
    expect(sentSince(from).some((req) => req.path === `/v3/payments/${paymentId}/refund`)).toBe(false)
    expect(sentSince(from).some((req) => req.method === 'DELETE' && req.path === `/v3/subscriptions/${subscriptionId}`)).toBe(true)
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded' })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    // The account is erased once decided (refunds.ts); a repeated approval transfers nothing more.
    const again = fake.requests.length
    expect((await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundApprove(pending!.id) })).statusCode).toBe(200)
    expect(sentSince(again).filter((req) => req.path === '/v3/transfers')).toEqual([])
  })
})
