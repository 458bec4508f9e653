import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { ADMIN_MSG, API, COMMERCE_MSG, adminRefundsResponseSchema, gatewayInfoSchema, type AdminRefund } from '@sintonia/contract'
import { auditLog, payments, refundRequests, subscriptions } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, type Account } from '../helpers/auth.js'
import { CARDS, checkState, outboxOf, payWithCard, startAuthFirst, subscriptionOf } from '../helpers/commerce.js'
import { callAs } from '../helpers/callers.js'

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, mailer: { autoDispatch: false } })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

/** A listener who paid through the sandbox and asked for a refund within the guarantee. */
async function buyerWithRequest(reason = 'Não era para mim') {
  const buyer = await listener(ctx)
  const { checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
  expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
  const [sub] = await subscriptionOf(ctx, buyer.userId)
  const res = await callAs(ctx, buyer, { method: 'POST', url: API.commerce.subscription.refundRequest, payload: { reason } })
  expect(res.statusCode).toBe(201)
  const [request] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub!.id))
  return { buyer, sub: sub!, requestId: request!.id }
}

async function list(status = 'pending') {
  const res = await callAs(ctx, boss, { url: `${API.commerce.admin.refunds}?status=${status}` })
  expect(res.statusCode).toBe(200)
  return adminRefundsResponseSchema.parse(res.json())
}

describe('admin guarantee: access', () => {
  it.each([
    ['GET', API.commerce.admin.refunds, undefined],
    ['POST', API.commerce.admin.refundApprove('00000000-0000-0000-0000-000000000000'), undefined],
    ['POST', API.commerce.admin.refundReject('00000000-0000-0000-0000-000000000000'), { reason: 'x' }],
    ['GET', API.commerce.admin.guaranteeSetting, undefined],
    ['PUT', API.commerce.admin.guaranteeSetting, { days: 10 }],
  ] as const)('%s %s: anonymous 401, listener 403', async (method, url, payload) => {
    expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401)
    expect((await callAs(ctx, await listener(ctx), { method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(403)
  })
})

describe('admin guarantee: refund requests', () => {
  it('lists a pending request with the buyer, plan, amount paid and the guarantee window', async () => {
    const { buyer, requestId } = await buyerWithRequest('Mudei de ideia')
    const body = await list()
    expect(body.guaranteeDays).toBe(7)
    const found = body.refunds.find((r) => r.id === requestId)
    expect(found).toMatchObject({ email: buyer.email, planCode: 'anual', planName: 'Anual', reason: 'Mudei de ideia', status: 'pending', withinWindow: true, currency: 'BRL' })
    expect(found!.amountCents).toBeGreaterThan(0)
  })

  it('approval refunds at the gateway, ends the subscription, e-mails the listener and is audited', async () => {
    const { buyer, sub, requestId } = await buyerWithRequest()
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
    const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundApprove(requestId) })
    expect(res.statusCode).toBe(200)
    const { refund, message } = res.json() as { refund: AdminRefund; message: string }
    expect(refund).toMatchObject({ id: requestId, status: 'approved' })
    expect(message).toContain('Reembolso aprovado')
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id))
    expect(row!.status).toBe('canceled')
    const paid = await ctx.database.db.select().from(payments).where(eq(payments.subscriptionId, sub.id))
    expect(paid.some((p) => p.status === 'refunded')).toBe(true)
    expect((await outboxOf(ctx, buyer.email)).some((m) => m.kind === 'refund_approved')).toBe(true)
    const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund_approved'), eq(auditLog.target, `refund_request:${requestId}`)))
    expect(audits).toHaveLength(1)
    expect((await list('pending')).refunds.map((r) => r.id)).not.toContain(requestId)
    expect((await list('decided')).refunds.map((r) => r.id)).toContain(requestId)

    const again = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundReject(requestId), payload: { reason: 'tarde' } })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(COMMERCE_MSG.refundAlreadyDecided)
  })

  it('rejection needs a reason; with one, access stays and the reason is kept', async () => {
    const { buyer, requestId } = await buyerWithRequest()
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundReject(requestId), payload })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(COMMERCE_MSG.refundRejectReasonRequired)
    }
    expect((await list()).refunds.find((r) => r.id === requestId)!.status).toBe('pending')
    const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundReject(requestId), payload: { reason: 'Uso intenso do conteúdo' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().refund).toMatchObject({ status: 'rejected', decisionReason: 'Uso intenso do conteúdo' })
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })
  })

  it('an unknown request is 404 and a bad filter 400', async () => {
    const res = await callAs(ctx, boss, { method: 'POST', url: API.commerce.admin.refundApprove('00000000-0000-4000-8000-000000000000') })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(COMMERCE_MSG.refundRequestNotFound)
    expect((await callAs(ctx, boss, { url: `${API.commerce.admin.refunds}?status=talvez` })).statusCode).toBe(400)
  })
})

describe('admin guarantee: days setting', () => {
  it('changes the guarantee shown to buyers and refuses values outside 1–365', async () => {
    expect((await callAs(ctx, boss, { url: API.commerce.admin.guaranteeSetting })).json()).toEqual({ days: 7 })
    const saved = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.guaranteeSetting, payload: { days: 30 } })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({ days: 30 })
    const gateway = gatewayInfoSchema.parse((await ctx.app.inject({ url: API.commerce.payments.gateway })).json())
    expect(gateway.guaranteeDays).toBe(30)
    for (const days of [0, 366, 1.5, '10']) {
      const res = await callAs(ctx, boss, { method: 'PUT', url: API.commerce.admin.guaranteeSetting, payload: { days } })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(ADMIN_MSG.guaranteeDaysRange)
    }
    expect((await callAs(ctx, boss, { url: API.commerce.admin.guaranteeSetting })).json()).toEqual({ days: 30 })
  })
})
