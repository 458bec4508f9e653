/**
 * The webhook endpoint as an attacker and as an unreliable provider see it: unsigned, tampered,
 * replayed and stale deliveries change nothing; the same event delivered many times at once has
 * one effect; unknown types are acknowledged; a failing effect answers non-2xx and leaves nothing
 * half-written; events arriving out of order end in the provider's current state.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, COMMERCE_MSG } from '@sintonia/contract'
import { payments, subscriptions, webhookEvents } from '../../src/db/schema/index.js'
import { signPayload } from '../../src/lib/http/webhook-signature.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, type Account } from '../helpers/auth.js'
import { CARDS, ledgerCount, outboxOf, payWithCard, postSandboxWebhook, sandboxEventsOf, startAuthFirst, subscriptionOf, withWebhooksDown } from '../helpers/commerce.js'
import { changedTables, databaseChecksum } from '../security/support/checksum.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
})
afterAll(() => ctx.close())

/** A purchase whose events did not reach us yet. */
async function paidWithoutWebhooks(planCode: 'trimestral' | 'semestral' | 'anual' = 'anual') {
  const buyer = await listener(ctx)
  const { checkoutId } = await startAuthFirst(ctx, buyer, planCode)
  const events = await withWebhooksDown(ctx, async () => expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303))
  const byType = (type: string) => {
    const event = events.find((row) => row.type === type)
    if (!event) throw new Error(`evento ${type} não emitido`)
    return JSON.stringify(event.payload)
  }
  return { buyer, checkoutId, events, byType }
}

const checksum = () => databaseChecksum(ctx.database.db)

describe('refused deliveries change nothing', () => {
  it('unsigned, tampered, wrongly signed, stale, malformed and wrong-provider deliveries get 4xx and leave the database as it was', async () => {
    const { byType, buyer } = await paidWithoutWebhooks()
    const raw = byType('checkout.session.completed')
    const secret = ctx.config.secrets.sandboxWebhook
    const now = Math.floor(Date.now() / 1000)
    const tampered = raw.replace(buyer.userId, 'outro-usuario')
    expect(tampered).not.toBe(raw)
    const cases: { name: string; send: () => ReturnType<typeof postSandboxWebhook>; status: number }[] = [
      { name: 'no signature', send: () => ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('sandbox'), headers: { 'content-type': 'application/json' }, payload: raw }), status: 400 },
      { name: 'tampered body', send: () => postSandboxWebhook(ctx, tampered, signPayload(raw, secret)), status: 400 },
      { name: 'other secret', send: () => postSandboxWebhook(ctx, raw, signPayload(raw, 'um-segredo-que-nao-e-o-nosso-123')), status: 400 },
      { name: 'old timestamp', send: () => postSandboxWebhook(ctx, raw, signPayload(raw, secret, now - 3600)), status: 400 },
      { name: 'future timestamp', send: () => postSandboxWebhook(ctx, raw, signPayload(raw, secret, now + 3600)), status: 400 },
      { name: 'garbage header', send: () => postSandboxWebhook(ctx, raw, 'v1=abc,t=xyz'), status: 400 },
      { name: 'signed non-JSON', send: () => postSandboxWebhook(ctx, 'não é json', signPayload('não é json', secret)), status: 400 },
      { name: 'signed non-event', send: () => postSandboxWebhook(ctx, '{"ola":1}', signPayload('{"ola":1}', secret)), status: 400 },
      {
        name: 'stripe path while on the sandbox',
        send: () => ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('stripe'), headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(raw, secret) }, payload: raw }),
        status: 404,
      },
      { name: 'no content type', send: () => ctx.app.inject({ method: 'POST', url: API.commerce.payments.webhook('sandbox'), payload: raw }), status: 400 },
      { name: 'unknown provider', send: () => ctx.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal', headers: { 'content-type': 'application/json' }, payload: raw }), status: 400 },
    ]
    for (const { name, send, status } of cases) {
      const before = await checksum()
      const res = await send()
      expect(res.statusCode, name).toBe(status)
      if (status === 400 && name !== 'unknown provider') expect(res.json().message, name).toBe(COMMERCE_MSG.webhookSignatureInvalid)
      expect(changedTables(before, await checksum()), name).toEqual([])
    }
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])

    // The genuine delivery still works afterwards.
    const ok = await postSandboxWebhook(ctx, raw)
    expect(ok.json()).toEqual({ received: true, outcome: 'processed' })
    expect(await subscriptionOf(ctx, buyer.userId)).toHaveLength(1)
  })

  it('a replayed event (even freshly signed) is acknowledged as a duplicate and changes nothing', async () => {
    const { byType } = await paidWithoutWebhooks()
    const raw = byType('checkout.session.completed')
    expect((await postSandboxWebhook(ctx, raw)).json().outcome).toBe('processed')
    const before = await checksum()
    for (let i = 0; i < 3; i++) {
      const again = await postSandboxWebhook(ctx, raw)
      expect(again.statusCode).toBe(200)
      expect(again.json().outcome).toBe('duplicate')
    }
    expect(changedTables(before, await checksum())).toEqual([])
  })
})

describe('idempotency under concurrency', () => {
  it('the same invoice.paid delivered 10 times at once records one payment and one receipt', async () => {
    const { byType, buyer } = await paidWithoutWebhooks('semestral')
    await postSandboxWebhook(ctx, byType('checkout.session.completed'))
    const raw = byType('invoice.paid')
    const eventId = JSON.parse(raw).id as string
    const results = await Promise.all(Array.from({ length: 10 }, () => postSandboxWebhook(ctx, raw)))
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(200))
    const outcomes = results.map((res) => res.json().outcome as string)
    expect(outcomes.filter((outcome) => outcome === 'processed')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9)

    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.providerSubscriptionId, sub!.providerSubscriptionId!))
    expect(rows).toHaveLength(1)
    expect((await outboxOf(ctx, buyer.email)).filter((mail) => mail.kind === 'payment_receipt')).toHaveLength(1)
    expect(await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toHaveLength(1)
  })
})

describe('unknown types and failures', () => {
  it('acknowledges an unknown event type with 2xx and ignores it', async () => {
    const raw = JSON.stringify({ id: 'evt_sbx_desconhecido0001', object: 'event', type: 'customer.tax_id.created', created: 1, data: { object: { id: 'txi_1' } } })
    const res = await postSandboxWebhook(ctx, raw)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' })
  })

  it('answers non-2xx when the effect fails, writing nothing (not even the ledger row), so the provider retries', async () => {
    const { byType } = await paidWithoutWebhooks('trimestral')
    await postSandboxWebhook(ctx, byType('checkout.session.completed'))
    const invoice = JSON.parse(byType('invoice.paid'))
    // An amount the payments table cannot hold makes the insert fail inside the transaction.
    invoice.data.object.amount_paid = 3_000_000_000
    const raw = JSON.stringify(invoice)
    const ledger = await ledgerCount(ctx)
    const before = await checksum()
    const res = await postSandboxWebhook(ctx, raw)
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe(COMMERCE_MSG.internalServerError)
    expect(changedTables(before, await checksum())).toEqual([])
    expect(await ledgerCount(ctx)).toBe(ledger)
  })
})

describe('out-of-order events end in the current state', () => {
  it('subscription and invoice events before checkout.session.completed: the purchase is recorded completely', async () => {
    const { byType, buyer } = await paidWithoutWebhooks('anual')
    const created = await postSandboxWebhook(ctx, byType('customer.subscription.created'))
    expect(created.json().outcome).toBe('ignored')
    expect((await postSandboxWebhook(ctx, byType('invoice.paid'))).json().outcome).toBe('processed')
    expect(await subscriptionOf(ctx, buyer.userId)).toEqual([])
    expect((await postSandboxWebhook(ctx, byType('checkout.session.completed'))).json().outcome).toBe('processed')
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    expect(sub).toMatchObject({ status: 'active', planCode: 'anual' })
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.providerSubscriptionId, sub!.providerSubscriptionId!))
    expect(payment).toMatchObject({ subscriptionId: sub!.id, userId: buyer.userId, status: 'paid' })
  })

  it('customer.subscription.deleted before an older .updated: the subscription stays canceled', async () => {
    const buyer: Account = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const sandbox = ctx.app.payments.sandbox!
    const portal = await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.portal, headers: { cookie: buyer.cookie } })
    const portalId = new URL(portal.json().url as string).pathname.split('/').pop()!
    const events = await withWebhooksDown(ctx, async () => {
      expect((await sandbox.portalAction(portalId, { kind: 'cancel' })).ok).toBe(true)
      await sandbox.cancelNow(sub!.providerSubscriptionId!)
    })
    const updated = events.find((event) => event.type === 'customer.subscription.updated')!
    const deleted = events.find((event) => event.type === 'customer.subscription.deleted')!
    expect((await postSandboxWebhook(ctx, JSON.stringify(deleted.payload))).json().outcome).toBe('processed')
    expect((await postSandboxWebhook(ctx, JSON.stringify(updated.payload))).json().outcome).toBe('processed')
    const [after] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id))
    expect(after!.status).toBe('canceled')
    const check = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie: buyer.cookie } })
    expect(check.json()).toMatchObject({ subscribed: false, subscription_status: 'canceled' })
  })
})

describe('background redelivery', () => {
  it('the sandbox retries events our endpoint refused until they are acknowledged', async () => {
    const { buyer, events } = await paidWithoutWebhooks('anual')
    expect(events.every((event) => event.deliveredAt === null && event.attempts >= 1)).toBe(true)
    // Old enough for the retry loop, which only takes events created more than 5 s before its clock
    // (Date.now()): that clock moves 5.1 s ahead instead of the test sleeping. Only Date is faked;
    // timers and the database stay real. The deliveries are signed and verified on the same moved
    // clock, well within the signature's tolerance.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_100 })
    try {
      expect(await ctx.app.payments.sandbox!.redeliverPending()).toBeGreaterThanOrEqual(3)
    } finally {
      vi.useRealTimers()
    }
    expect(await subscriptionOf(ctx, buyer.userId)).toHaveLength(1)
    const after = (await sandboxEventsOf(ctx)).filter((event) => events.some((e) => e.id === event.id))
    expect(after.every((event) => event.deliveredAt !== null)).toBe(true)
  })
})
