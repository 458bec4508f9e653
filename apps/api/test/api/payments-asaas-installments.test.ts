/**
 * Card in instalments with Asaas (docs/decisions/031-asaas-card-instalment-renewals.md), against
 * the local fake of Asaas's API: the count chosen on our page, the first period paid on Asaas's
 * instalment Checkout, recorded once as one payment, and each later period charged by our own
 * renewal pass on the card's token — refusals, the Pix/boleto offer, the grace, a crashed pass, an
 * unreachable Asaas, and the guarantee's refund of every instalment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, installmentOption, subscriptionDetailsSchema } from '@sintonia/contract'
import { asaasCardPlans, checkouts, payments, refundRequests } from '../../src/db/schema/index.js'
import { ASAAS_PAGE_MSG } from '../../src/modules/commerce/asaas-boleto-routes.js'
import { runAsaasCardRenewals } from '../../src/modules/commerce/asaas-card-renewals.js'
import type { AsaasGateway } from '../../src/modules/commerce/gateway/asaas.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'
import { checkState, outboxOf, startAuthFirst, subscriptionOf } from '../helpers/commerce.js'
import { startAsaasFake, type AsaasFake } from '../support/asaas-fake.js'

const API_KEY = '$aact_hmlg_chave_de_teste_local_000000000002'
const TOKEN = 'token-do-webhook-asaas-local-parcelado-com-mais-de-32-caracteres'
const MINUTE = 60_000
const DAY = 86_400_000
let ctx: TestContext
let fake: AsaasFake
let boss: Account

beforeAll(async () => {
  fake = await startAsaasFake({ apiKey: API_KEY })
  ctx = await buildTestApp({
    seed: true,
    env: { PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: API_KEY, ASAAS_WEBHOOK_TOKEN: TOKEN, ASAAS_API_BASE: fake.apiBase },
  })
  boss = await admin(ctx)
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})

const gateway = () => ctx.app.payments.gateway as AsaasGateway
const renewals = (now: Date) => runAsaasCardRenewals({ commerce: ctx.app.payments.deps, gateway: gateway(), log: ctx.app.log }, now)
const brazilDate = (date: Date) => new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 10)
const planOf = async (checkoutId: string) => (await ctx.database.db.select().from(asaasCardPlans).where(eq(asaasCardPlans.checkoutId, checkoutId)))[0]
const paymentsOf = (providerSubscriptionId: string) => ctx.database.db.select().from(payments).where(eq(payments.providerSubscriptionId, providerSubscriptionId))
const paymentCalls = () => fake.requests.filter((req) => req.method === 'POST' && req.path === '/v3/payments')
const details = async (account: Account) =>
  subscriptionDetailsSchema.parse((await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: account.cookie } })).json()).subscription

async function deliver(event: string, entity: Parameters<AsaasFake['webhookBody']>[1]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: API.commerce.payments.webhook('asaas'),
    headers: { 'content-type': 'application/json', 'asaas-access-token': TOKEN },
    payload: fake.webhookBody(event, entity),
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { outcome: string }).outcome
}

const choose = (checkoutId: string, parcelas: string | null) =>
  ctx.app.inject({
    method: 'POST',
    url: `/asaas/pagamento/${checkoutId}/cartao`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: parcelas === null ? '' : `parcelas=${encodeURIComponent(parcelas)}`,
    remoteAddress: nextIp(),
  })

/**
 * A signed-in buyer who paid the annual plan on Asaas's card page in `count` instalments, with
 * every event delivered. The plans of earlier tests are ended first, so that a renewal pass sees
 * only this one.
 */
async function instalmentSubscriber(count = 12) {
  await ctx.database.db.update(asaasCardPlans).set({ status: 'canceled', nextChargeAt: null })
  const buyer = await listener(ctx)
  const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
  const chosen = await choose(checkoutId, String(count))
  expect(chosen.statusCode, chosen.body).toBe(303)
  const paid = fake.payCheckout(checkoutId, { method: 'CREDIT_CARD', installments: count })
  expect(await deliver('CHECKOUT_PAID', { checkout: paid.checkoutId })).toBe('processed')
  for (const id of paid.paymentIds) await deliver('PAYMENT_CONFIRMED', { payment: id })
  const plan = (await planOf(checkoutId))!
  const token = (fake.payments.get(paid.paymentId)!.creditCard as { creditCardToken: string }).creditCardToken
  return { buyer, checkoutId, plan, token, installmentId: paid.installmentId!, customerId: paid.customerId }
}

describe('card in instalments with Asaas: choosing and paying the first period', () => {
  it("our page offers the card from 2x up to the plan's months, each priced, and sends the chosen count to Asaas's card page", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: API.commerce.payments.gateway })).json()).toMatchObject({ cardInstallments: true })
    const buyer = await listener(ctx)
    const { url, checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    const page = await ctx.app.inject({ method: 'GET', url: url.slice(ctx.config.publicUrl.length) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Cartão parcelado')
    expect(page.body).toContain('Pagar com Pix ou cartão à vista')
    expect(page.body.match(/<option value="\d+"/g)).toHaveLength(11)
    expect(page.body).toContain(`<option value="12" selected>${installmentOption(47_880, 12, 12)!.label}</option>`)
    // The card form's answer redirects to Asaas's page: the page's policy lets forms go there, and only there.
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${fake.url};`)

    const before = fake.requests.length
    const res = await choose(checkoutId, '12')
    expect(res.statusCode, res.body).toBe(303)
    const sent = fake.requests.slice(before).filter((req) => req.method === 'POST' && req.path === '/v3/checkouts')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({
      billingTypes: ['CREDIT_CARD'],
      chargeTypes: ['INSTALLMENT'],
      installment: { maxInstallmentCount: 12 },
      minutesToExpire: 1440,
      externalReference: checkoutId,
      callback: {
        successUrl: `${ctx.config.publicUrl}/assinatura/processando?session_id=${checkoutId}`,
        cancelUrl: `${ctx.config.publicUrl}/pagamento/cancelado`,
        expiredUrl: `${ctx.config.publicUrl}/pagamento/cancelado`,
      },
      items: [{ name: expect.any(String), description: expect.stringContaining('Assinatura'), quantity: 1, value: 478.8 }],
    })
    expect(res.headers.location).toBe(`${fake.url}/checkoutSession/show?id=${String(fake.checkoutOf(checkoutId, 'INSTALLMENT').id)}`)
    expect(await planOf(checkoutId)).toMatchObject({ status: 'pending', installmentCount: 12, amountCents: 47_880, intervalMonths: 12, cardToken: null })

    // A quarterly plan goes up to 3x.
    const other = await startAuthFirst(ctx, await listener(ctx), 'trimestral')
    const quarterly = await ctx.app.inject({ method: 'GET', url: other.url.slice(ctx.config.publicUrl.length) })
    expect(quarterly.body.match(/<option value="\d+"/g)).toHaveLength(2)
    expect(quarterly.body).toContain('Em até 3x sem juros')
  })

  it('a count the plan does not allow is refused in pt-BR on the page, and nothing reaches Asaas or our tables', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    const before = fake.requests.length
    for (const parcelas of ['4', '1', '0', 'doze', '', null]) {
      const res = await choose(checkoutId, parcelas)
      expect(res.statusCode, String(parcelas)).toBe(422)
      expect(res.body).toContain(ASAAS_PAGE_MSG.installmentsInvalid)
      expect(res.body).toContain('role="alert"')
    }
    expect(fake.requests.length).toBe(before)
    expect(await planOf(checkoutId)).toBeUndefined()
    // Asaas down: a pt-BR 502 page, and the plan waits (unpaid) for the buyer's next try.
    fake.failing = true
    try {
      const down = await choose(checkoutId, '3')
      expect(down.statusCode).toBe(502)
      expect(down.body).toContain(ASAAS_PAGE_MSG.cardFailed)
    } finally {
      fake.failing = false
    }
  })

  it("with the admin's interest each count is priced by the Price table, and the total is what Asaas charges and renews", async () => {
    const settings = (await ctx.app.inject({ method: 'GET', url: API.content.admin.settings, headers: { cookie: boss.cookie } })).json() as Record<string, unknown>
    const put = (bp: number) => ctx.app.inject({ method: 'PUT', url: API.content.admin.settings, headers: { cookie: boss.cookie }, payload: { ...settings, installmentInterestBasisPoints: bp } })
    expect((await put(199)).statusCode).toBe(200)
    try {
      const six = installmentOption(47_880, 12, 6, 199)!
      const buyer = await listener(ctx)
      const { url, checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
      const page = await ctx.app.inject({ method: 'GET', url: url.slice(ctx.config.publicUrl.length) })
      expect(page.body).toContain(six.label)
      expect((await choose(checkoutId, '6')).statusCode).toBe(303)
      expect(fake.checkoutOf(checkoutId, 'INSTALLMENT').items).toEqual([expect.objectContaining({ value: six.totalCents / 100 })])
      expect(await planOf(checkoutId)).toMatchObject({ installmentCount: 6, amountCents: six.totalCents, installmentInterestBp: 199 })
      const paid = fake.payCheckout(checkoutId, { method: 'CREDIT_CARD', installments: 6 })
      expect(await deliver('PAYMENT_CONFIRMED', { payment: paid.paymentId })).toBe('processed')
      const plan = (await planOf(checkoutId))!
      expect(await paymentsOf(plan.id)).toEqual([expect.objectContaining({ amountCents: six.totalCents, installments: 6, installmentsWithInterest: true, method: 'card' })])
    } finally {
      expect((await put(0)).statusCode).toBe(200)
    }
  })

  it('12x paid: one subscription on our plan, one payment of 12 instalments recorded once whatever the events, one receipt', async () => {
    const { buyer, plan, installmentId } = await instalmentSubscriber(12)
    expect(plan).toMatchObject({ status: 'active', installmentCount: 12, periodsPaid: 1, cardToken: expect.any(String), customerId: expect.any(String) })
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ status: 'active', provider: 'asaas', providerSubscriptionId: plan.id })
    expect(sub!.currentPeriodEnd!.toISOString()).toBe(plan.currentPeriodEnd!.toISOString())
    expect(plan.currentPeriodEnd!.getTime() - Date.now()).toBeGreaterThan(360 * DAY)
    expect(await paymentsOf(plan.id)).toEqual([expect.objectContaining({ providerPaymentId: installmentId, amountCents: 47_880, installments: 12, installmentsWithInterest: false, method: 'card' })])
    const receipts = (await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.textBody).toContain(installmentOption(47_880, 12, 12)!.label)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    // Minha conta tells the instalments; the card's token is never in an answer.
    const res = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: buyer.cookie } })
    expect(res.body).toContain('12')
    expect(res.body).not.toContain(plan.cardToken!)
    expect(await details(buyer)).toMatchObject({ status: 'active' })
    // The checkout's row says it was paid.
    const [row] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, plan.checkoutId))
    expect(row).toMatchObject({ paymentStatus: 'paid', providerSubscriptionId: plan.id })
  })
})

/**
 * An instalment subscriber whose card was refused at the period's end (`stillRefused` keeps it
 * refused for the retry): the period is offered for Pix or boleto (`offerId`), the retry due at `retryAt`.
 */
async function refusedAtRenewal({ stillRefused = false } = {}) {
  const subscriber = await instalmentSubscriber(6)
  fake.refusedTokens.add(subscriber.token)
  const due = new Date(subscriber.plan.currentPeriodEnd!.getTime() + MINUTE)
  expect(await renewals(due)).toEqual({ paid: 0, refused: 1, later: 0 })
  const offerId = (await planOf(subscriber.plan.checkoutId))!.pendingPaymentId!
  if (!stillRefused) fake.refusedTokens.delete(subscriber.token)
  return { ...subscriber, offerId, retryAt: new Date(due.getTime() + DAY + MINUTE) }
}

describe('card in instalments with Asaas: the renewals of our own pass', () => {
  it("at the period's end the card's token is charged in the same instalments, once, and the period moves on", async () => {
    const { buyer, plan, token, customerId } = await instalmentSubscriber(12)
    const due = new Date(plan.currentPeriodEnd!.getTime() + MINUTE)
    expect(await renewals(new Date(plan.currentPeriodEnd!.getTime() - MINUTE))).toEqual({ paid: 0, refused: 0, later: 0 })
    const before = paymentCalls().length
    expect(await renewals(due)).toEqual({ paid: 1, refused: 0, later: 0 })
    const sent = paymentCalls().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({
      customer: customerId,
      billingType: 'CREDIT_CARD',
      dueDate: brazilDate(due),
      description: expect.stringContaining('Renovação'),
      externalReference: `${plan.id}.2`,
      creditCardToken: token,
      remoteIp: expect.any(String),
      installmentCount: 12,
      installmentValue: 39.9,
    })
    const renewed = (await planOf(plan.checkoutId))!
    expect(renewed).toMatchObject({ status: 'active', periodsPaid: 2, chargeAttempts: 0 })
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub!.currentPeriodEnd!.toISOString()).toBe(renewed.currentPeriodEnd!.toISOString())
    expect(renewed.currentPeriodEnd!.getTime() - plan.currentPeriodEnd!.getTime()).toBeGreaterThan(360 * DAY)

    // Another pass (another instance) at the same time charges nothing; neither does a pass that
    // crashed after Asaas answered and runs again with the plan as it was (the period's reference).
    expect(await renewals(due)).toEqual({ paid: 0, refused: 0, later: 0 })
    expect(await gateway().chargeCardPeriod(plan, due)).toEqual({ kind: 'paid' })
    expect(paymentCalls().length).toBe(before + 1)

    // Asaas's events about the renewal's 12 charges: one payment, one renewal receipt.
    const charges = [...fake.payments.values()].filter((payment) => payment.externalReference === `${plan.id}.2`)
    expect(charges).toHaveLength(12)
    for (const charge of charges) await deliver('PAYMENT_CONFIRMED', { payment: String(charge.id) })
    expect((await paymentsOf(plan.id)).map((payment) => [payment.installments, payment.amountCents])).toEqual([
      [12, 47_880],
      [12, 47_880],
    ])
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')).toHaveLength(2)
  })

  it("a refused card: past due with the admin's grace, one e-mail, the period offered for Pix or boleto once, the card tried again; paying the offer renews", async () => {
    const { buyer, plan, token } = await instalmentSubscriber(12)
    fake.refusedTokens.add(token)
    const due = new Date(plan.currentPeriodEnd!.getTime() + MINUTE)
    expect(await renewals(due)).toEqual({ paid: 0, refused: 1, later: 0 })
    const refused = (await planOf(plan.checkoutId))!
    expect(refused).toMatchObject({ status: 'past_due', chargeAttempts: 1, pendingPaymentId: expect.any(String) })
    expect(refused.nextChargeAt!.getTime()).toBe(due.getTime() + DAY)
    const offer = fake.payments.get(refused.pendingPaymentId!)!
    expect(offer).toMatchObject({ billingType: 'UNDEFINED', status: 'PENDING', value: 478.8, externalReference: `${plan.id}.2` })
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ status: 'past_due', graceEndsAt: expect.any(Date) })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'renewal_failed')).toHaveLength(1)
    const link = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending, headers: { cookie: buyer.cookie } })
    expect(link.statusCode, link.body).toBe(200)
    expect(link.json()).toMatchObject({ url: offer.invoiceUrl })

    // The card is tried again a day later: refused again, no second offer, no second e-mail. While
    // the card is charged the offer is withdrawn (a Pix paid then would pay the period twice),
    // then restored under the same id and link.
    const payerMeanwhile: string[] = []
    fake.meanwhile.push((request) => {
      if (!(request.method === 'POST' && request.path === '/v3/payments' && request.body?.billingType === 'CREDIT_CARD')) return
      try {
        fake.payInvoice(refused.pendingPaymentId!, 'PIX')
        payerMeanwhile.push('paid')
      } catch {
        payerMeanwhile.push('could not pay')
      }
    })
    const retryFrom = fake.requests.length
    expect(await renewals(new Date(due.getTime() + DAY + MINUTE))).toEqual({ paid: 0, refused: 1, later: 0 })
    fake.meanwhile.length = 0
    expect(payerMeanwhile).toEqual(['could not pay'])
    expect(
      fake.requests
        .slice(retryFrom)
        .filter((req) => req.method !== 'GET')
        .map((req) => `${req.method} ${req.path.replace(refused.pendingPaymentId!, 'oferta')}${req.path === '/v3/payments' ? ` ${String(req.body?.billingType)}` : ''}`),
    ).toEqual(['DELETE /v3/payments/oferta', 'POST /v3/payments CREDIT_CARD', 'POST /v3/payments/oferta/restore'])
    expect(fake.payments.get(refused.pendingPaymentId!)).toMatchObject({ deleted: false, status: 'PENDING' })
    expect(await planOf(plan.checkoutId)).toMatchObject({ chargeAttempts: 2, pendingPaymentId: refused.pendingPaymentId })
    expect([...fake.payments.values()].filter((payment) => payment.billingType === 'UNDEFINED' && payment.externalReference === `${plan.id}.2`)).toHaveLength(1)
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'renewal_failed')).toHaveLength(1)

    // The subscriber pays the offer by Pix: the period is paid, the subscription active again.
    fake.payInvoice(refused.pendingPaymentId!, 'PIX')
    expect(await deliver('PAYMENT_RECEIVED', { payment: refused.pendingPaymentId! })).toBe('processed')
    const settled = (await planOf(plan.checkoutId))!
    expect(settled).toMatchObject({ status: 'active', periodsPaid: 2, chargeAttempts: 0, pendingPaymentId: null })
    const [active] = await subscriptionOf(ctx, buyer.userId)
    expect(active).toMatchObject({ status: 'active', graceEndsAt: null })
    expect(active!.currentPeriodEnd!.toISOString()).toBe(settled.currentPeriodEnd!.toISOString())
    expect((await paymentsOf(plan.id)).map((payment) => payment.method).sort()).toEqual(['card', 'pix'])
    // The retry that was due charges nothing now: the period is paid.
    const calls = paymentCalls().length
    expect(await renewals(new Date(due.getTime() + 3 * DAY + MINUTE))).toEqual({ paid: 0, refused: 0, later: 0 })
    expect(paymentCalls().length).toBe(calls)
    fake.refusedTokens.delete(token)
  })

  it('a card refused once and accepted on the retry renews, and the Pix/boleto offer is removed at Asaas', async () => {
    const { buyer, plan, offerId, retryAt } = await refusedAtRenewal()
    expect(await renewals(retryAt)).toEqual({ paid: 1, refused: 0, later: 0 })
    expect(fake.payments.get(offerId)!.deleted).toBe(true)
    expect(await planOf(plan.checkoutId)).toMatchObject({ status: 'active', periodsPaid: 2, pendingPaymentId: null })
    expect((await subscriptionOf(ctx, buyer.userId))[0]).toMatchObject({ status: 'active', graceEndsAt: null })
    expect((await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending, headers: { cookie: buyer.cookie } })).statusCode).toBe(409)
  })

  it('the offer paid by Pix before the retry, its event not yet with us: the card is not charged, the period renews once', async () => {
    const { buyer, plan, offerId, retryAt } = await refusedAtRenewal()
    fake.payInvoice(offerId, 'PIX')
    const calls = paymentCalls().length
    expect(await renewals(retryAt)).toEqual({ paid: 1, refused: 0, later: 0 })
    expect(paymentCalls().length).toBe(calls)
    expect(fake.payments.get(offerId)).toMatchObject({ deleted: false, status: 'RECEIVED' })
    const settled = (await planOf(plan.checkoutId))!
    expect(settled).toMatchObject({ status: 'active', periodsPaid: 2, chargeAttempts: 0, pendingPaymentId: null })
    expect((await subscriptionOf(ctx, buyer.userId))[0]).toMatchObject({ status: 'active', graceEndsAt: null })
    // The event arrives late: the Pix is recorded as the period's payment, the period not moved again.
    expect(await deliver('PAYMENT_RECEIVED', { payment: offerId })).toBe('processed')
    expect(await planOf(plan.checkoutId)).toMatchObject({ periodsPaid: 2, currentPeriodEnd: settled.currentPeriodEnd })
    expect((await paymentsOf(plan.id)).map((payment) => payment.method).sort()).toEqual(['card', 'pix'])
  })

  it('the offer paid by Pix in the moment the retry withdraws it: Asaas keeps it, and the card is not charged', async () => {
    const { plan, offerId, retryAt } = await refusedAtRenewal()
    fake.meanwhile.push((request) => {
      if (request.method === 'DELETE' && request.path === `/v3/payments/${offerId}`) fake.payInvoice(offerId, 'PIX')
    })
    const calls = paymentCalls().length
    expect(await renewals(retryAt)).toEqual({ paid: 1, refused: 0, later: 0 })
    fake.meanwhile.length = 0
    expect(paymentCalls().length).toBe(calls)
    expect(fake.payments.get(offerId)).toMatchObject({ deleted: false, status: 'RECEIVED' })
    expect(await planOf(plan.checkoutId)).toMatchObject({ status: 'active', periodsPaid: 2, pendingPaymentId: null })
  })

  it('Asaas gone while a retry charges the card: the offer cannot be restored, and the next refusal offers the period anew', async () => {
    const { buyer, plan, token, offerId, retryAt: retry } = await refusedAtRenewal({ stillRefused: true })
    fake.meanwhile.push((request) => {
      if (request.method === 'POST' && request.path === '/v3/payments') fake.failing = true
    })
    expect(await renewals(retry)).toEqual({ paid: 0, refused: 0, later: 1 })
    fake.meanwhile.length = 0
    fake.failing = false
    expect(fake.payments.get(offerId)!.deleted).toBe(true)
    // An hour later the card is refused again: a new offer, and Minha conta's button opens it.
    expect(await renewals(new Date(retry.getTime() + 60 * MINUTE + MINUTE))).toEqual({ paid: 0, refused: 1, later: 0 })
    const reoffered = (await planOf(plan.checkoutId))!.pendingPaymentId!
    expect(reoffered).not.toBe(offerId)
    expect(fake.payments.get(reoffered)).toMatchObject({ billingType: 'UNDEFINED', status: 'PENDING', deleted: false, externalReference: `${plan.id}.2` })
    const link = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.payPending, headers: { cookie: buyer.cookie } })
    expect(link.json()).toMatchObject({ url: fake.payments.get(reoffered)!.invoiceUrl })
    fake.refusedTokens.delete(token)
  })

  it('Asaas unreachable at the renewal: nothing changes, and the card is tried again an hour later', async () => {
    const { buyer, plan } = await instalmentSubscriber(12)
    const due = new Date(plan.currentPeriodEnd!.getTime() + MINUTE)
    fake.failing = true
    try {
      expect(await renewals(due)).toEqual({ paid: 0, refused: 0, later: 1 })
    } finally {
      fake.failing = false
    }
    const waiting = (await planOf(plan.checkoutId))!
    expect(waiting).toMatchObject({ status: 'active', periodsPaid: 1, chargeAttempts: 0, chargingUntil: null, pendingPaymentId: null })
    expect(waiting.nextChargeAt!.getTime()).toBe(due.getTime() + 3_600_000)
    expect((await subscriptionOf(ctx, buyer.userId))[0]).toMatchObject({ status: 'active' })
    expect(await renewals(new Date(due.getTime() + 3_600_000 + MINUTE))).toEqual({ paid: 1, refused: 0, later: 0 })
  })

  it("the guarantee's refund refunds every instalment at Asaas once and ends the plan: no later charge", async () => {
    const { buyer, plan, installmentId } = await instalmentSubscriber(12)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect((await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: buyer.cookie }, payload: { reason: 'Não me adaptei' } })).statusCode).toBe(201)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub!.id))
    const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundApprove(pending!.id) })
    expect(res.statusCode, res.body).toBe(200)
    expect(fake.requests.filter((req) => req.method === 'POST' && req.path === `/v3/installments/${installmentId}/refund`)).toHaveLength(1)
    expect([...fake.payments.values()].filter((payment) => payment.installment === installmentId).every((payment) => payment.status === 'REFUNDED')).toBe(true)
    expect(await planOf(plan.checkoutId)).toMatchObject({ status: 'canceled', nextChargeAt: null })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    const charge = [...fake.payments.values()].find((payment) => payment.installment === installmentId)!
    expect(await deliver('PAYMENT_REFUNDED', { payment: String(charge.id) })).toBe('processed')
    expect((await paymentsOf(plan.id))[0]).toMatchObject({ status: 'refunded', refundedAmountCents: 47_880 })
    const calls = paymentCalls().length
    expect(await renewals(new Date(plan.currentPeriodEnd!.getTime() + MINUTE))).toEqual({ paid: 0, refused: 0, later: 0 })
    expect(paymentCalls().length).toBe(calls)
  })
})
