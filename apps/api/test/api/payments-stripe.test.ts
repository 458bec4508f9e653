/**
 * PAYMENT_GATEWAY=stripe with the real `stripe` SDK pointed at a local fake (STRIPE_API_BASE), and
 * webhooks signed with the SDK's own test-header helper: the same commerce code as the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { API, COMMERCE_MSG, GIFT_PATHS, addMonths } from '@sintonia/contract'
import { payments, pendingSubscriptions, refundRequests, subscriptions } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, uniqueEmail } from '../helpers/auth.js'
import { checkState, startAuthFirst, startPayFirst, subscriptionOf } from '../helpers/commerce.js'
import { changedTables, databaseChecksum } from '../security/support/checksum.js'
import { startStripeFake, type StripeFake } from '../support/stripe-fake.js'

const WEBHOOK_SECRET = 'whsec_test_segredo_local_123'
let ctx: TestContext
let fake: StripeFake
const signer = new Stripe('sk_test_apenas_para_assinar')

beforeAll(async () => {
  fake = await startStripeFake()
  ctx = await buildTestApp({
    seed: true,
    env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_local_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
  })
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})

let eventCounter = 0
function stripeWebhook(type: string, object: Record<string, unknown>, options: { secret?: string; id?: string } = {}) {
  const payload = JSON.stringify({ id: options.id ?? `evt_test_${++eventCounter}_${Date.now()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } })
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
  return ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('stripe'), headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload })
}

describe('Stripe gateway (local fake)', () => {
  it('reports Stripe in test mode', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: API.commerce.payments.gateway })
    expect(res.json()).toMatchObject({ provider: 'stripe', mode: 'test', methods: ['card'], cardInstallments: false })
    expect(ctx.app.payments.sandbox).toBeNull()
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_sbx_x000000' })).statusCode).toBe(404)
  })

  it('creates a Checkout Session in subscription mode with price_data from our plan', async () => {
    const buyer = await listener(ctx)
    const { url, checkoutId } = await startAuthFirst(ctx, buyer, 'anual')
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${checkoutId}`)
    const sent = fake.requests.filter((req) => req.path === '/v1/checkout/sessions' && req.method === 'POST').at(-1)!
    expect(sent.headers.authorization).toBe('Bearer sk_test_local_123')
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '47880',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '12',
      client_reference_id: buyer.userId,
      customer_email: buyer.email,
      'metadata[plan_code]': 'anual',
      'metadata[flow]': 'auth_first',
      'subscription_data[metadata][user_id]': buyer.userId,
      success_url: `${ctx.config.publicUrl}/assinatura/processando?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ctx.config.publicUrl}/pagamento/cancelado`,
    })
  })

  it('activates the subscription from a signed checkout.session.completed, re-reading the session and subscription', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'semestral')
    const { subscriptionId, periodEnd } = fake.completeSession(checkoutId)
    // The event's copy says "unpaid": the handler trusts the provider's current state, not the event.
    const res = await stripeWebhook('checkout.session.completed', { id: checkoutId, object: 'checkout.session', payment_status: 'unpaid' })
    expect(res.json()).toEqual({ received: true, outcome: 'processed' })
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ provider: 'stripe', status: 'active', planCode: 'semestral', providerSubscriptionId: subscriptionId })
    expect(sub!.currentPeriodEnd!.getTime()).toBe(periodEnd * 1000)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: true })

    // invoice.paid in the newest API shape (parent.subscription_details, payments list).
    const invoice = await stripeWebhook('invoice.paid', {
      id: 'in_test_1',
      object: 'invoice',
      customer_email: buyer.email,
      amount_paid: 26_940,
      currency: 'brl',
      billing_reason: 'subscription_create',
      created: Math.floor(Date.now() / 1000),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_test_1' } }] },
    })
    expect(invoice.json().outcome).toBe('processed')
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, 'pi_test_1'))
    expect(payment).toMatchObject({ provider: 'stripe', subscriptionId: sub!.id, amountCents: 26_940, method: 'card' })

    // The customer portal is Stripe's Billing Portal.
    const portal = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: buyer.cookie } })
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/)
    const portalCall = fake.requests.filter((req) => req.path === '/v1/billing_portal/sessions').at(-1)!
    expect(portalCall.form).toMatchObject({ customer: sub!.providerCustomerId, return_url: `${ctx.config.publicUrl}/assinatura` })

    // A portal cancellation arrives as customer.subscription.updated; the state is re-read.
    const stored = fake.subscriptions.get(subscriptionId)!
    stored.cancel_at_period_end = true
    expect((await stripeWebhook('customer.subscription.updated', { id: subscriptionId, object: 'subscription', cancel_at_period_end: false })).json().outcome).toBe('processed')
    expect((await subscriptionOf(ctx, buyer.userId))[0]).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' })

    // Guarantee approval refunds the payment intent with an idempotency key and cancels at Stripe.
    const refund = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.refundRequest, headers: { cookie: buyer.cookie }, payload: { reason: '' } })
    expect(refund.statusCode).toBe(201)
    const [request] = await ctx.database.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, sub!.id))
    const boss = await admin(ctx)
    expect(await ctx.app.payments.approveRefund(request!.id, boss.userId)).toMatchObject({ changed: true })
    const refundCall = fake.requests.filter((req) => req.path === '/v1/refunds').at(-1)!
    expect(refundCall.form).toEqual({ payment_intent: 'pi_test_1' })
    expect(refundCall.headers['idempotency-key']).toBe(`refund-request-${request!.id}`)
    expect(fake.requests.some((req) => req.method === 'DELETE' && req.path === `/v1/subscriptions/${subscriptionId}`)).toBe(true)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })
  })

  it('a fair goodbye at Stripe: cancel at period end and back, the pause as a trial to its end, the discount as a one-time coupon', async () => {
    const activate = async () => {
      const buyer = await listener(ctx)
      const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
      const { subscriptionId, periodEnd } = fake.completeSession(checkoutId)
      await stripeWebhook('checkout.session.completed', { id: checkoutId, object: 'checkout.session' })
      return { buyer, subscriptionId, periodEnd: new Date(periodEnd * 1000) }
    }
    const post = (cookie: string, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) })
    const updates = (id: string) => fake.requests.filter((req) => req.method === 'POST' && req.path === `/v1/subscriptions/${id}`).map((req) => req.form)

    const a = await activate()
    expect((await post(a.buyer.cookie, API.commerce.subscription.cancel, { reason: 'other_app' })).statusCode).toBe(200)
    expect((await post(a.buyer.cookie, API.commerce.subscription.resume)).statusCode).toBe(200)
    expect(updates(a.subscriptionId)).toEqual([{ cancel_at_period_end: 'true' }, { cancel_at_period_end: 'false' }])
    expect((await subscriptionOf(ctx, a.buyer.userId))[0]).toMatchObject({ cancelAtPeriodEnd: false })

    const b = await activate()
    expect((await post(b.buyer.cookie, API.commerce.subscription.pause, { months: 1 })).statusCode).toBe(200)
    const resumesAt = addMonths(b.periodEnd, 1)
    expect(updates(b.subscriptionId)).toEqual([{ trial_end: String(resumesAt.getTime() / 1000), proration_behavior: 'none' }])
    // Stripe's period now ends with the pause; our rule keeps the pause without access.
    expect((await subscriptionOf(ctx, b.buyer.userId))[0]).toMatchObject({ currentPeriodEnd: resumesAt, pauseStartsAt: b.periodEnd, pauseEndsAt: resumesAt })

    await ctx.app.inject({ method: 'PUT', url: API.content.admin.settings, headers: { cookie: (await admin(ctx)).cookie }, payload: { productName: 'Sintonia', supportEmail: 'contato@sintonia.app', guaranteeDays: 7, renewalGraceDays: 3, installmentInterestBasisPoints: 0, retentionDiscountPercent: 25 } })
    const c = await activate()
    expect((await post(c.buyer.cookie, API.commerce.subscription.discount, {})).statusCode).toBe(200)
    const coupon = fake.requests.filter((req) => req.path === '/v1/coupons').at(-1)!
    expect(coupon.form).toMatchObject({ percent_off: '25', duration: 'once' })
    expect(coupon.headers['idempotency-key']).toBe(`retention-${c.subscriptionId}-25`)
    expect(updates(c.subscriptionId)).toEqual([{ 'discounts[0][coupon]': expect.stringMatching(/^coupon_test_/) }])

    // Stripe down: 502, nothing of ours changes.
    const d = await activate()
    fake.failing = true
    try {
      expect((await post(d.buyer.cookie, API.commerce.subscription.cancel, {})).statusCode).toBe(502)
    } finally {
      fake.failing = false
    }
    expect((await subscriptionOf(ctx, d.buyer.userId))[0]).toMatchObject({ cancelAtPeriodEnd: false })
  })

  it('refuses wrong or missing Stripe signatures and the sandbox path, changing nothing', async () => {
    const before = await databaseChecksum(ctx.database.db)
    const wrong = await stripeWebhook('checkout.session.completed', { id: 'cs_test_x' }, { secret: 'whsec_outro' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(COMMERCE_MSG.webhookSignatureInvalid)
    const unsigned = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('stripe'), headers: { 'content-type': 'application/json' }, payload: '{"id":"evt_1"}' })
    expect(unsigned.statusCode).toBe(400)
    const sandboxPath = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('sandbox'), headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(sandboxPath.statusCode).toBe(404)
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
  })

  it('ignores checkouts this app did not start and unknown event types', async () => {
    const foreign = await stripeWebhook('checkout.session.completed', { id: 'cs_test_de_outro_sistema' })
    expect(foreign.statusCode).toBe(200)
    expect(foreign.json().outcome).toBe('ignored')
    expect((await stripeWebhook('payout.paid', { id: 'po_1' })).json().outcome).toBe('ignored')
  })

  it('pay-first: verify-payment asks Stripe and records the pending subscription before any webhook', async () => {
    const email = uniqueEmail('stripe')
    const { checkoutId } = await startPayFirst(ctx, email, 'trimestral')
    fake.completeSession(checkoutId, { email, name: 'Ana Stripe' })
    const verify = await ctx.app.inject({ method: 'POST', url: API.commerce.payments.verify, payload: { sessionId: checkoutId }, remoteAddress: nextIp() })
    expect(verify.json()).toMatchObject({ paymentStatus: 'paid', customerEmail: email, customerName: 'Ana Stripe', amount: 14_970, currency: 'BRL', planCode: 'trimestral' })
    const [pending] = await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, checkoutId))
    expect(pending).toMatchObject({ email, planCode: 'trimestral', provider: 'stripe' })
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toEqual([])
  })

  it('answers 502 with the pt-BR message when Stripe is down, recording no checkout', async () => {
    const buyer = await listener(ctx)
    fake.failing = true
    try {
      const before = await databaseChecksum(ctx.database.db)
      const res = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.checkout, headers: { cookie: buyer.cookie }, payload: { planCode: 'anual' } })
      expect(res.statusCode).toBe(502)
      expect(res.json().message).toBe(COMMERCE_MSG.createSubscriptionRetry)
      expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    } finally {
      fake.failing = false
    }
  })

  it('sells a gift as a one-off payment (mode payment): paid from the webhook, refunded by its payment intent', async () => {
    const buyer = await listener(ctx)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
    const res = await ctx.app.inject({
      method: 'POST',
      url: GIFT_PATHS.list,
      headers: { cookie: buyer.cookie },
      payload: { planCode: 'trimestral', recipientName: 'Ana', recipientEmail: uniqueEmail('ana'), deliverOn: today },
    })
    expect(res.statusCode, res.body).toBe(200)
    const checkoutId = res.json().sessionId as string
    const sent = fake.requests.filter((req) => req.path === '/v1/checkout/sessions' && req.method === 'POST').at(-1)!
    expect(sent.form).toMatchObject({ mode: 'payment', 'line_items[0][price_data][product_data][name]': 'Presente: Trimestral', 'metadata[flow]': 'gift' })
    expect(Object.keys(sent.form).some((key) => key.includes('recurring') || key.startsWith('subscription_data'))).toBe(false)
    expect(sent.form.success_url).toBe(`${ctx.config.publicUrl}/presentear?pago={CHECKOUT_SESSION_ID}`)

    fake.completeSession(checkoutId)
    expect((await stripeWebhook('checkout.session.completed', { id: checkoutId, object: 'checkout.session' })).json()).toEqual({ received: true, outcome: 'processed' })
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.checkoutId, checkoutId))
    expect(payment).toMatchObject({ provider: 'stripe', method: 'card', subscriptionId: null, providerPaymentId: expect.stringMatching(/^pi_/) })
    const list = (await ctx.app.inject({ method: 'GET', url: GIFT_PATHS.list, headers: { cookie: buyer.cookie } })).json()
    expect(list.gifts[0]).toMatchObject({ state: 'delivered', method: 'card' })
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])

    const refund = await ctx.app.inject({ method: 'POST', url: GIFT_PATHS.refund(list.gifts[0].id), headers: { cookie: buyer.cookie }, payload: {} })
    expect(refund.statusCode, refund.body).toBe(200)
    const call = fake.requests.filter((req) => req.path === '/v1/refunds').at(-1)!
    expect(call.form.payment_intent).toBe(payment!.providerPaymentId)
    expect(call.headers['idempotency-key']).toBe(`gift-refund-${list.gifts[0].id}`)
  })
})
