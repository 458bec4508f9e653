/**
 * A subscription's life after the purchase, on the sandbox: the customer portal (cancel at period
 * end, resume, change plan, update card), the provider's clock (renewal, end of a canceled
 * period, failed renewal → past_due with its grace) and the guarantee (request, approval with a
 * provider refund, rejection).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, COMMERCE_MSG, PAYMENT_ERROR_MSG, subscriptionDetailsSchema } from '@sintonia/contract'
import { checkouts, payments, refundRequests, sandboxCharges, sandboxCheckouts, sandboxSubscriptions, subscriptions } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, seedSubscription, type Account } from '../helpers/auth.js'
import { CARDS, FUTURE_EXPIRY, checkState, outboxOf, payWithCard, startAuthFirst, subscriptionOf } from '../helpers/commerce.js'
import { changedTables, databaseChecksum } from '../security/support/checksum.js'

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

async function buy(planCode: 'trimestral' | 'semestral' | 'anual' = 'anual', card: string = CARDS.ok, installments = '1') {
  const buyer = await listener(ctx)
  const { checkoutId } = await startAuthFirst(ctx, buyer, planCode)
  expect((await payWithCard(ctx, checkoutId, card, { installments })).statusCode).toBe(303)
  const [sub] = await subscriptionOf(ctx, buyer.userId)
  return { buyer, sub: sub! }
}

async function openPortal(account: Account) {
  const res = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: account.cookie } })
  expect(res.statusCode).toBe(200)
  const url = res.json().url as string
  return new URL(url).pathname
}

function portalPost(path: string, action: string, form: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: nextIp(),
  })
}

const ourRow = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!

/** The provider's clock reaches the end of the subscription's period. */
async function endProviderPeriod(providerSubscriptionId: string) {
  await ctx.database.db
    .update(sandboxSubscriptions)
    .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(sandboxSubscriptions.id, providerSubscriptionId))
  await ctx.app.payments.sandbox!.advanceClock(new Date())
}

describe('customer portal', () => {
  it('opens for a subscriber and lets them cancel at period end (access kept), resume, change plan and update the card', async () => {
    const { buyer, sub } = await buy('anual')
    const path = await openPortal(buyer)
    expect(path).toMatch(/^\/sandbox\/portal\/bps_sbx_/)
    const page = await ctx.app.inject({ method: 'GET', url: path })
    expect(page.statusCode).toBe(200)
    for (const text of ['Ambiente de testes', 'Plano Anual', 'Cancelar assinatura', 'Trocar plano', 'Atualizar cartão', 'VISA •••• 4242', `href="${ctx.config.publicUrl}/assinatura"`]) {
      expect(page.body).toContain(text)
    }

    const cancel = await portalPost(path, 'cancel')
    expect(cancel.statusCode).toBe(303)
    expect(cancel.headers.location).toBe(`${path}?ok=cancel`)
    expect(await ourRow(sub.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    const details = subscriptionDetailsSchema.parse((await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: buyer.cookie } })).json())
    expect(details.subscription).toMatchObject({ cancelAtPeriodEnd: true, givesAccess: true, status: 'active' })
    const notice = await ctx.app.inject({ method: 'GET', url: `${path}?ok=cancel` })
    expect(notice.body).toContain('Cancelamento agendado')

    expect((await portalPost(path, 'resume')).statusCode).toBe(303)
    expect(await ourRow(sub.id)).toMatchObject({ cancelAtPeriodEnd: false })

    expect((await portalPost(path, 'plan', { planCode: 'trimestral' })).statusCode).toBe(303)
    expect(await ourRow(sub.id)).toMatchObject({ planCode: 'trimestral', status: 'active' })

    const declined = await portalPost(path, 'card', { number: CARDS.declined, expiry: FUTURE_EXPIRY, cvc: '123' })
    expect(declined.statusCode).toBe(422)
    expect(declined.body).toContain(PAYMENT_ERROR_MSG.card_declined)
    expect((await portalPost(path, 'card', { number: '5555 5555 5555 4444', expiry: FUTURE_EXPIRY, cvc: '123' })).statusCode).toBe(422)
    expect((await portalPost(path, 'card', { number: CARDS.ok, expiry: FUTURE_EXPIRY, cvc: '321' })).statusCode).toBe(303)
  })

  it('after a cancel, access lasts until the period end and then ends', async () => {
    const { buyer, sub } = await buy('semestral')
    const path = await openPortal(buyer)
    expect((await portalPost(path, 'cancel')).statusCode).toBe(303)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true, subscription_status: 'active' })
    await endProviderPeriod(sub.providerSubscriptionId!)
    expect(await ourRow(sub.id)).toMatchObject({ status: 'canceled' })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false, subscription_status: 'canceled' })
    const fields = await ctx.app.inject({ method: 'GET', url: API.catalogue.fields, headers: { cookie: buyer.cookie } })
    expect(fields.statusCode).toBe(403)
    // The portal shows the ended subscription without actions.
    const page = await ctx.app.inject({ method: 'GET', url: path })
    expect(page.body).toContain('Esta assinatura foi encerrada')
  })

  it('refuses a listener without a provider subscription and complimentary access, with the pt-BR message', async () => {
    const nobody = await listener(ctx)
    const res = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: nobody.cookie } })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(COMMERCE_MSG.noSubscriptionForPortal)
    const gifted = await listener(ctx)
    const row = await seedSubscription(ctx, gifted.userId)
    await ctx.database.db.update(subscriptions).set({ provider: 'complimentary', providerSubscriptionId: null }).where(eq(subscriptions.id, row.id))
    const refused = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: gifted.cookie } })
    expect(refused.statusCode).toBe(404)
    const details = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: gifted.cookie } })
    expect(details.json().subscription).toMatchObject({ managedByProvider: false })
    expect(details.json().guarantee).toMatchObject({ canRequestRefund: false, eligibleUntil: null })
  })

  it('an expired portal link shows a pt-BR page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sandbox/portal/bps_sbx_naoexiste0000000000000000' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('Sessão do portal expirada')
  })
})

describe("the provider's clock", () => {
  it('renews at period end: a new payment in the instalments chosen at checkout, a renewal receipt and the next period', async () => {
    const { buyer, sub } = await buy('trimestral', CARDS.ok, '3')
    const firstEnd = sub.currentPeriodEnd!
    await endProviderPeriod(sub.providerSubscriptionId!)
    const row = await ourRow(sub.id)
    expect(row.status).toBe('active')
    expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000)
    expect(row.currentPeriodEnd!.getTime()).not.toBe(firstEnd.getTime())
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.subscriptionId, sub.id))
    expect(rows).toHaveLength(2)
    expect(rows.map((payment) => payment.installments)).toEqual([3, 3])
    const receipts = (await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')
    const renewal = receipts.find((mail) => mail.textBody.includes('renovação'))
    expect(renewal!.textBody).toContain('Forma de pagamento: Cartão em 3x de R$\u00a049,90 sem juros')
  })

  it('expires an abandoned checkout after its 24 hours: our record says expired and the page no longer takes payment', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    await ctx.database.db.update(sandboxCheckouts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sandboxCheckouts.id, checkoutId))
    await ctx.app.payments.sandbox!.advanceClock(new Date())
    const [ours] = await ctx.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(ours).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' })
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${checkoutId}` })
    expect(page.statusCode).toBe(410)
    expect(page.body).toContain('Sessão expirada')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(410)
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])
  })

  it('a failed renewal makes it past_due: access continues within the 3-day grace, then ends', async () => {
    const { buyer, sub } = await buy('anual', CARDS.renewalFails)
    await endProviderPeriod(sub.providerSubscriptionId!)
    const row = await ourRow(sub.id)
    expect(row.status).toBe('past_due')
    // Paid access ended when the unpaid period began; the grace counts from there.
    expect(row.currentPeriodEnd!.getTime()).toBeLessThan(Date.now())
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true, subscription_status: 'past_due' })
    // The grace (the admin's days, 3 by default) runs from there.
    expect(row.graceEndsAt!.getTime() - row.currentPeriodEnd!.getTime()).toBe(3 * 86_400_000)
    await ctx.database.db.update(subscriptions).set({ graceEndsAt: new Date(Date.now() - 60_000) }).where(eq(subscriptions.id, sub.id))
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false, subscription_status: 'past_due' })
  })
})

describe('guarantee (refund request → admin decision)', () => {
  const request = (account: Account, reason?: string) =>
    ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: account.cookie }, payload: reason === undefined ? {} : { reason } })

  it('records one request within the window; approval refunds at the provider, ends the subscription and e-mails the listener', async () => {
    const { buyer, sub } = await buy('anual')
    const before = subscriptionDetailsSchema.parse((await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: buyer.cookie } })).json())
    expect(before.guarantee).toMatchObject({ days: 7, canRequestRefund: true, request: null })

    const created = await request(buyer, '  Não consegui usar  ')
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ message: COMMERCE_MSG.refundRequested })
    const twice = await request(buyer)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(COMMERCE_MSG.refundAlreadyRequested)

    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub.id))
    expect(pending).toMatchObject({ status: 'pending', reason: 'Não consegui usar', email: buyer.email, userId: buyer.userId })
    expect(pending!.paymentId).not.toBeNull()
    const during = (await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: buyer.cookie } })).json()
    expect(during.guarantee).toMatchObject({ canRequestRefund: false, request: { status: 'pending' } })

    const decision = await ctx.app.payments.approveRefund(pending!.id, boss.userId)
    expect(decision).toEqual({ requestId: pending!.id, status: 'approved', changed: true })
    expect(await ourRow(sub.id)).toMatchObject({ status: 'canceled' })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.id, pending!.paymentId!))
    expect(payment).toMatchObject({ status: 'refunded', refundedAmountCents: payment!.amountCents })
    const [charge] = await ctx.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, payment!.providerPaymentId))
    expect(charge).toMatchObject({ status: 'refunded', amountRefundedCents: payment!.amountCents })
    const [provider] = await ctx.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, sub.providerSubscriptionId!))
    expect(provider!.status).toBe('canceled')
    const mails = (await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'refund_approved')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.textBody).toContain('R$')

    // A repeated approval changes nothing; a rejection after approval is refused.
    const snapshot = await databaseChecksum(ctx.database.db)
    expect(await ctx.app.payments.approveRefund(pending!.id, boss.userId)).toMatchObject({ status: 'approved', changed: false })
    await expect(ctx.app.payments.rejectRefund(pending!.id, boss.userId, 'tarde demais')).rejects.toMatchObject({ statusCode: 409 })
    expect(changedTables(snapshot, await databaseChecksum(ctx.database.db))).toEqual([])
    const [decided] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.id, pending!.id))
    expect(decided).toMatchObject({ status: 'approved', decidedBy: boss.userId })
    expect(decided!.decidedAt).not.toBeNull()
  })

  it('rejection needs a reason, keeps the subscription and e-mails the reason', async () => {
    const { buyer, sub } = await buy('trimestral')
    expect((await request(buyer)).statusCode).toBe(201)
    const [pending] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub.id))
    await expect(ctx.app.payments.rejectRefund(pending!.id, boss.userId, '   ')).rejects.toMatchObject({ statusCode: 400, message: COMMERCE_MSG.refundRejectReasonRequired })
    expect(await ctx.app.payments.rejectRefund(pending!.id, boss.userId, 'Uso intenso do conteúdo')).toMatchObject({ status: 'rejected', changed: true })
    expect(await ourRow(sub.id)).toMatchObject({ status: 'active' })
    const details = (await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: buyer.cookie } })).json()
    expect(details.guarantee.request).toMatchObject({ status: 'rejected', decisionReason: 'Uso intenso do conteúdo' })
    const mail = (await outboxOf(ctx, buyer.email)).find((row) => row.kind === 'refund_rejected')
    expect(mail?.textBody).toContain('Motivo: Uso intenso do conteúdo')
    await expect(ctx.app.payments.approveRefund('00000000-0000-4000-8000-000000000000', boss.userId)).rejects.toMatchObject({ statusCode: 404 })
  })

  it('refuses outside the window, without a paid subscription, and too long reasons', async () => {
    const { buyer, sub } = await buy('semestral')
    const tooLong = await request(buyer, 'x'.repeat(1001))
    expect(tooLong.statusCode).toBe(400)
    await ctx.database.db.update(subscriptions).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(subscriptions.id, sub.id))
    const before = await databaseChecksum(ctx.database.db)
    const late = await request(buyer)
    expect(late.statusCode).toBe(422)
    expect(late.json().message).toBe(COMMERCE_MSG.refundOutsideWindow)
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])

    const nobody = await listener(ctx)
    const none = await request(nobody)
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe(COMMERCE_MSG.noSubscriptionForRefund)
  })
})
