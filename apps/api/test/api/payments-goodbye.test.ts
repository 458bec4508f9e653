/**
 * A fair goodbye on the sandbox (docs/product/commerce.md#a-fair-goodbye): cancelling from Minha
 * conta with one optional question, the admin's offer made once (a pause that moves the renewal,
 * a discount on the next period), the one-tap return, the answers counted in Financeiro, and the
 * refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, GOODBYE_MSG, SUBSCRIPTION_CHANGES_PER_HOUR, financialSchema, goodbyeConfirmation, subscriptionDetailsSchema } from '@sintonia/contract'
import { sandboxCharges, sandboxSubscriptions, subscriptionExits, subscriptions } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { addMonths } from '@sintonia/contract'
import { PROVIDER_FAILED } from '../../src/modules/commerce/goodbye-service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, seedSubscription, type Account } from '../helpers/auth.js'
import { CARDS, payWithCard, startAuthFirst, subscriptionOf } from '../helpers/commerce.js'

const clock = new AdjustableClock()
let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

async function buy(planCode: 'trimestral' | 'anual' = 'trimestral') {
  const buyer = await listener(ctx)
  const { checkoutId } = await startAuthFirst(ctx, buyer, planCode)
  expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
  const [sub] = await subscriptionOf(ctx, buyer.userId)
  return { buyer, sub: sub! }
}

const post = (account: Account, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) })
const details = async (account: Account) =>
  subscriptionDetailsSchema.parse((await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.details, headers: { cookie: account.cookie } })).json()).subscription!
const ourRow = async (id: string) => (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!
const providerRow = async (id: string) => (await ctx.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)))[0]!
const exitsOf = (subscriptionId: string) => ctx.database.db.select().from(subscriptionExits).where(eq(subscriptionExits.subscriptionId, subscriptionId)).orderBy(subscriptionExits.createdAt)
const chargesOf = (providerId: string) => ctx.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.subscriptionId, providerId)).orderBy(sandboxCharges.createdAt)
const saveOffer = async (pauseMaxMonths: number, discountPercent: number) => {
  const current = (await ctx.app.inject({ method: 'GET', url: API.content.admin.settings, headers: { cookie: boss.cookie } })).json()
  const res = await ctx.app.inject({
    method: 'PUT',
    url: API.content.admin.settings,
    headers: { cookie: boss.cookie },
    payload: { ...current, retentionPauseMaxMonths: pauseMaxMonths, retentionDiscountPercent: discountPercent },
  })
  expect(res.statusCode).toBe(200)
}

describe('cancelling from Minha conta', () => {
  it('asks why (optional), offers the pause once, cancels at the period end and comes back with one tap', async () => {
    clock.reset()
    const { buyer, sub } = await buy()
    expect(await details(buyer)).toMatchObject({ selfCancel: true, retentionOffer: { pauseMaxMonths: 3, discountPercent: 0 }, pause: null })

    const cancel = await post(buyer, API.commerce.subscription.cancel, { reason: 'price', note: '  Agora está apertado.  ' })
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json().message).toBe(goodbyeConfirmation.canceled(sub.currentPeriodEnd!.toISOString()))
    expect(await ourRow(sub.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(await providerRow(sub.providerSubscriptionId!)).toMatchObject({ cancelAtPeriodEnd: true })
    expect(await exitsOf(sub.id)).toEqual([expect.objectContaining({ reason: 'price', note: 'Agora está apertado.', offerMade: true, outcome: 'canceled', cameBackAt: null })])
    // Access stays until the paid period ends; the offer was made (and declined): not again.
    expect(await details(buyer)).toMatchObject({ givesAccess: true, cancelAtPeriodEnd: true, retentionOffer: null })
    const twice = await post(buyer, API.commerce.subscription.cancel, {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(GOODBYE_MSG.alreadyCanceling)

    const back = await post(buyer, API.commerce.subscription.resume)
    expect(back.statusCode).toBe(200)
    expect(back.json().message).toBe(goodbyeConfirmation.cameBack)
    expect(await ourRow(sub.id)).toMatchObject({ cancelAtPeriodEnd: false })
    expect(await providerRow(sub.providerSubscriptionId!)).toMatchObject({ cancelAtPeriodEnd: false })
    expect((await exitsOf(sub.id))[0]!.cameBackAt).not.toBeNull()
    const nothingToUndo = await post(buyer, API.commerce.subscription.resume)
    expect(nothingToUndo.statusCode).toBe(409)
    expect(nothingToUndo.json().message).toBe(GOODBYE_MSG.notCanceling)

    // A later goodbye: no offer this time, and the question may be skipped.
    expect((await post(buyer, API.commerce.subscription.pause, { months: 1 })).statusCode).toBe(409)
    expect((await post(buyer, API.commerce.subscription.cancel, {})).statusCode).toBe(200)
    expect((await exitsOf(sub.id))[1]).toMatchObject({ reason: null, note: null, offerMade: false, outcome: 'canceled' })
  })

  it('a pause moves the renewal: no access and no charge during it, then the subscription renews by itself', async () => {
    clock.reset()
    const { buyer, sub } = await buy('trimestral')
    const periodEnd = sub.currentPeriodEnd!
    const tooLong = await post(buyer, API.commerce.subscription.pause, { months: 4, reason: 'time' })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toContain(GOODBYE_MSG.pauseMonths)

    const pause = await post(buyer, API.commerce.subscription.pause, { months: 2, reason: 'time' })
    expect(pause.statusCode).toBe(200)
    const resumesAt = addMonths(periodEnd, 2)
    expect(pause.json().message).toBe(goodbyeConfirmation.paused(periodEnd.toISOString(), resumesAt.toISOString()))
    expect(await ourRow(sub.id)).toMatchObject({ pauseStartsAt: periodEnd, pauseEndsAt: resumesAt, currentPeriodEnd: resumesAt, cancelAtPeriodEnd: false })
    expect(await providerRow(sub.providerSubscriptionId!)).toMatchObject({ currentPeriodEnd: resumesAt })
    expect(await exitsOf(sub.id)).toEqual([expect.objectContaining({ reason: 'time', outcome: 'paused', pauseMonths: 2, offerMade: true })])
    expect(await details(buyer)).toMatchObject({ givesAccess: true, retentionOffer: null, pause: { startsAt: periodEnd.toISOString(), endsAt: resumesAt.toISOString() } })
    expect((await post(buyer, API.commerce.subscription.pause, { months: 1 })).statusCode).toBe(409)

    // The paid period's end: the pause begins. No charge, no access.
    clock.set(new Date(periodEnd.getTime() + 86_400_000))
    await ctx.app.payments.sandbox!.advanceClock(clock.now())
    expect(await chargesOf(sub.providerSubscriptionId!)).toHaveLength(1)
    expect(await details(buyer)).toMatchObject({ givesAccess: false, status: 'active' })
    // Too late to undo a pause that began (it would mean a charge now).
    expect((await post(buyer, API.commerce.subscription.resume)).statusCode).toBe(409)

    // The pause's end: the renewal is charged, and access is back for a new period.
    clock.set(new Date(resumesAt.getTime() + 60_000))
    await ctx.app.payments.sandbox!.advanceClock(clock.now())
    const charges = await chargesOf(sub.providerSubscriptionId!)
    expect(charges).toHaveLength(2)
    expect(charges[1]!.amountCents).toBe(charges[0]!.amountCents)
    expect(await details(buyer)).toMatchObject({ givesAccess: true, currentPeriodEnd: addMonths(resumesAt, 3).toISOString(), pause: null })
    clock.reset()
  })

  it('a pause not begun yet is given back with one tap: the renewal returns to the period end', async () => {
    clock.reset()
    const { buyer, sub } = await buy()
    expect((await post(buyer, API.commerce.subscription.pause, { months: 1 })).statusCode).toBe(200)
    const back = await post(buyer, API.commerce.subscription.resume)
    expect(back.statusCode).toBe(200)
    expect(await ourRow(sub.id)).toMatchObject({ pauseStartsAt: null, pauseEndsAt: null, currentPeriodEnd: sub.currentPeriodEnd })
    expect(await providerRow(sub.providerSubscriptionId!)).toMatchObject({ currentPeriodEnd: sub.currentPeriodEnd })
  })

  it('the discount the admin offers comes off the next renewal only', async () => {
    clock.reset()
    await saveOffer(0, 30)
    const { buyer, sub } = await buy()
    expect(await details(buyer)).toMatchObject({ retentionOffer: { pauseMaxMonths: 0, discountPercent: 30 } })
    expect((await post(buyer, API.commerce.subscription.pause, { months: 1 })).statusCode).toBe(409)
    const taken = await post(buyer, API.commerce.subscription.discount, { reason: 'price' })
    expect(taken.statusCode).toBe(200)
    expect(taken.json().message).toBe(goodbyeConfirmation.discounted(30, sub.currentPeriodEnd!.toISOString()))
    expect(await providerRow(sub.providerSubscriptionId!)).toMatchObject({ nextRenewalDiscountPercent: 30 })
    expect(await exitsOf(sub.id)).toEqual([expect.objectContaining({ outcome: 'discounted', discountPercent: 30 })])

    const first = (await chargesOf(sub.providerSubscriptionId!))[0]!.amountCents
    for (const at of [sub.currentPeriodEnd!, addMonths(sub.currentPeriodEnd!, 3)]) {
      clock.set(new Date(at.getTime() + 60_000))
      await ctx.app.payments.sandbox!.advanceClock(clock.now())
    }
    expect((await chargesOf(sub.providerSubscriptionId!)).map((charge) => charge.amountCents)).toEqual([first, Math.round(first * 0.7), first])
    clock.reset()
    await saveOffer(3, 0)
  })

  it('counts the answers in Financeiro: asked, chosen, came back and why', async () => {
    clock.reset()
    const read = async () => financialSchema.parse((await ctx.app.inject({ method: 'GET', url: `${API.insights.admin.financial}?months=3`, headers: { cookie: boss.cookie } })).json()).goodbyes
    const before = await read()
    const a = await buy()
    const b = await buy()
    expect((await post(a.buyer, API.commerce.subscription.cancel, { reason: 'results' })).statusCode).toBe(200)
    expect((await post(a.buyer, API.commerce.subscription.resume)).statusCode).toBe(200)
    expect((await post(b.buyer, API.commerce.subscription.pause, { months: 3, reason: 'results' })).statusCode).toBe(200)
    const after = await read()
    expect(after).toMatchObject({ asked: before.asked + 2, canceled: before.canceled + 1, paused: before.paused + 1, cameBack: before.cameBack + 1 })
    const results = (report: typeof before) => report.reasons.find((row) => row.reason === 'results')?.count ?? 0
    expect(results(after)).toBe(results(before) + 2)
    // Listeners cannot read it.
    expect((await ctx.app.inject({ method: 'GET', url: API.insights.admin.financial, headers: { cookie: a.buyer.cookie } })).statusCode).toBe(403)
  })
})

describe('a pause running', () => {
  it('is still a subscription: no second one meanwhile', async () => {
    clock.reset()
    const paused = await listener(ctx)
    await seedSubscription(ctx, paused.userId, { currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000), pauseStartsAt: new Date(Date.now() - 86_400_000), pauseEndsAt: new Date(Date.now() + 20 * 86_400_000) })
    const again = await post(paused, API.commerce.subscription.checkout, { planCode: 'anual' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(GOODBYE_MSG.pausedNoNewPlan)
  })
})

describe('refusals change nothing', () => {
  it('no paid subscription, complimentary access, bad answers, and a provider that refuses', async () => {
    clock.reset()
    const nobody = await listener(ctx)
    const none = await post(nobody, API.commerce.subscription.cancel, {})
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe(GOODBYE_MSG.noSubscription)
    expect((await ctx.app.inject({ method: 'POST', url: API.commerce.subscription.cancel, payload: {} })).statusCode).toBe(401)

    const gifted = await listener(ctx)
    const row = await seedSubscription(ctx, gifted.userId)
    await ctx.database.db.update(subscriptions).set({ provider: 'complimentary', providerSubscriptionId: null }).where(eq(subscriptions.id, row.id))
    expect((await post(gifted, API.commerce.subscription.cancel, {})).statusCode).toBe(404)
    expect(await details(gifted)).toMatchObject({ selfCancel: false, retentionOffer: null })

    const { buyer, sub } = await buy()
    const badReason = await post(buyer, API.commerce.subscription.cancel, { reason: 'preço' })
    expect(badReason.statusCode).toBe(400)
    expect(badReason.json().message).toContain(GOODBYE_MSG.reason)
    const longNote = await post(buyer, API.commerce.subscription.cancel, { note: 'x'.repeat(501) })
    expect(longNote.statusCode).toBe(400)
    expect(longNote.json().message).toContain(GOODBYE_MSG.noteTooLong)
    expect((await post(buyer, API.commerce.subscription.cancel, { extra: 1 })).statusCode).toBe(400)

    // The provider no longer has it live (our row is behind it): 409, and nothing of ours moved.
    await ctx.database.db.update(sandboxSubscriptions).set({ status: 'canceled' }).where(eq(sandboxSubscriptions.id, sub.providerSubscriptionId!))
    for (const [url, payload] of [
      [API.commerce.subscription.cancel, {}],
      [API.commerce.subscription.pause, { months: 1 }],
    ] as const) {
      const refused = await post(buyer, url, payload)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toBe(GOODBYE_MSG.notLiveAtProvider)
    }
    // The provider unreachable: 502 (the Stripe file covers it too), nothing of ours moved.
    const { buyer: other, sub: otherSub } = await buy()
    const failing = vi.spyOn(ctx.app.payments.deps.gateway, 'setCancelAtPeriodEnd').mockRejectedValueOnce(new Error('ECONNRESET'))
    try {
      const down = await post(other, API.commerce.subscription.cancel, {})
      expect(down.statusCode).toBe(502)
      expect(down.json().message).toBe(PROVIDER_FAILED)
    } finally {
      failing.mockRestore()
    }
    expect(await ourRow(otherSub.id)).toMatchObject({ cancelAtPeriodEnd: false })
    expect(await ourRow(sub.id)).toMatchObject({ cancelAtPeriodEnd: false, pauseStartsAt: null })
    expect(await exitsOf(sub.id)).toEqual([])
  })

  it('a loop of cancelling and coming back is refused past the hour\'s allowance, before the provider is asked', async () => {
    clock.reset()
    const { buyer, sub } = await buy()
    // Cancel and "Continuar assinando", back and forth, up to the allowance: each one asks the provider.
    for (let change = 0; change < SUBSCRIPTION_CHANGES_PER_HOUR; change++) {
      const url = change % 2 === 0 ? API.commerce.subscription.cancel : API.commerce.subscription.resume
      expect((await post(buyer, url, change % 2 === 0 ? {} : undefined)).statusCode).toBe(200)
    }
    expect(await ourRow(sub.id)).toMatchObject({ cancelAtPeriodEnd: false })
    const asked = vi.spyOn(ctx.app.payments.deps.gateway, 'setCancelAtPeriodEnd')
    try {
      for (const [url, payload] of [
        [API.commerce.subscription.cancel, {}],
        [API.commerce.subscription.pause, { months: 1 }],
        [API.commerce.subscription.discount, {}],
        [API.commerce.subscription.resume, undefined],
      ] as const) {
        const refused = await post(buyer, url, payload)
        expect(refused.statusCode).toBe(429)
        expect(refused.json().message).toBe(GOODBYE_MSG.tooManyChanges)
      }
      expect(asked).not.toHaveBeenCalled()
    } finally {
      asked.mockRestore()
    }
    // Nothing changed: not cancelled, at the provider neither, and no answer recorded past the loop's.
    expect(await ourRow(sub.id)).toMatchObject({ cancelAtPeriodEnd: false, pauseStartsAt: null })
    expect(await providerRow(sub.providerSubscriptionId!)).toMatchObject({ cancelAtPeriodEnd: false })
    expect(await exitsOf(sub.id)).toHaveLength(SUBSCRIPTION_CHANGES_PER_HOUR / 2)
    // Another subscriber is not held by this one's count.
    const { buyer: neighbour } = await buy()
    expect((await post(neighbour, API.commerce.subscription.cancel, {})).statusCode).toBe(200)
  })
})
