/**
 * Renewal notices (docs/product/commerce.md#renewal-notice): RENEWAL_NOTICE_DAYS before a period
 * ends the subscriber is told the amount, the date and how it will be paid — once per period, by
 * one instance however many run the pass, and never for what will not renew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, RENEWAL_NOTICE_DAYS, type ReminderPushPayload } from '@sintonia/contract'
import { pushSubscriptions, subscriptions } from '../../src/db/schema/index.js'
import { runRenewalNotices } from '../../src/modules/commerce/renewal-notices.js'
import { pushToListener } from '../../src/modules/practice/listener-push.js'
import { pushSenderFromConfig } from '../../src/modules/practice/push-sender.js'
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint.js'
import { rememberSecret } from '../support/log-capture.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, seedSubscription, uniqueEmail } from '../helpers/auth.js'
import { CARDS, outboxOf, payWithCard, startAuthFirst, subscriptionOf } from '../helpers/commerce.js'

let ctx: TestContext
let pushes: PushEndpoint
beforeAll(async () => {
  pushes = await startPushEndpoint()
  ctx = await buildTestApp({ seed: true, env: { PUSH_TEST_ORIGIN: pushes.origin } })
  rememberSecret('VAPID_PRIVATE_KEY', ctx.config.secrets.vapid?.privateKey)
})
afterAll(async () => {
  await ctx?.close()
  await pushes?.close()
})

const DAY = 86_400_000
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
const deps = () => ({ db: ctx.database.db, mailer: ctx.app.mailer, publicUrl: ctx.config.publicUrl, log: silentLog })
const notices = async (email: string) => (await outboxOf(ctx, email)).filter((mail) => mail.kind === 'renewal_notice')

/** A subscription of its own e-mail whose period ends `days` after `now`. */
async function subscriber(now: Date, days: number, values: { cancelAtPeriodEnd?: boolean; status?: 'active' | 'past_due'; provider?: string } = {}) {
  const account = await listener(ctx)
  const email = uniqueEmail('renova')
  const row = await seedSubscription(ctx, account.userId, { planCode: 'trimestral', status: values.status ?? 'active', currentPeriodEnd: new Date(now.getTime() + days * DAY) })
  await ctx.database.db
    .update(subscriptions)
    .set({ email, cancelAtPeriodEnd: values.cancelAtPeriodEnd ?? false, ...(values.provider ? { provider: values.provider, providerSubscriptionId: null } : {}) })
    .where(eq(subscriptions.id, row.id))
  return { email, id: row.id }
}

describe('renewal notices', () => {
  it(`go out ${RENEWAL_NOTICE_DAYS} days ahead with amount, date and method, once per period, and again for the next period`, async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok, { installments: '3' })).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const periodEnd = sub!.currentPeriodEnd!

    // Eight days before: not yet.
    await runRenewalNotices(deps(), new Date(periodEnd.getTime() - 8 * DAY))
    expect(await notices(buyer.email)).toHaveLength(0)

    const weekBefore = new Date(periodEnd.getTime() - RENEWAL_NOTICE_DAYS * DAY + 60_000)
    await runRenewalNotices(deps(), weekBefore)
    const [notice] = await notices(buyer.email)
    const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(periodEnd)
    expect(notice!.subject).toBe(`Sua assinatura do Sintonia renova em ${date}`)
    expect(notice!.textBody).toContain(`Sua assinatura Trimestral do Sintonia renova em ${date}.`)
    expect(notice!.textBody).toContain('Valor: R$\u00a0149,70')
    expect(notice!.textBody).toContain('Forma de pagamento: Cartão em 3x de R$\u00a049,90 sem juros')
    expect(notice!.textBody).toContain(`${ctx.config.publicUrl}/assinatura`)

    // Later passes of the same period send nothing more.
    await runRenewalNotices(deps(), new Date(weekBefore.getTime() + DAY))
    await runRenewalNotices(deps(), new Date(periodEnd.getTime() - 60_000))
    expect(await notices(buyer.email)).toHaveLength(1)

    // The next period gets its own notice.
    const nextEnd = new Date(periodEnd.getTime() + 90 * DAY)
    await ctx.database.db.update(subscriptions).set({ currentPeriodEnd: nextEnd }).where(eq(subscriptions.id, sub!.id))
    await runRenewalNotices(deps(), new Date(nextEnd.getTime() - 3 * DAY))
    expect(await notices(buyer.email)).toHaveLength(2)
  })

  it('go out as a notification too where the listener allowed them; a browser gone is forgotten, nothing else fails', async () => {
    const buyer = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, buyer, 'trimestral')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok, { installments: '3' })).statusCode).toBe(303)
    const [sub] = await subscriptionOf(ctx, buyer.userId)
    const browser = pushes.subscription()
    const gone = pushes.subscription()
    pushes.answer(gone, 410)
    for (const device of [gone, browser]) {
      expect((await ctx.app.inject({ method: 'POST', url: API.practice.pushSubscriptions, headers: { cookie: buyer.cookie }, payload: device })).statusCode).toBe(200)
    }
    const withPush = { ...deps(), pushToListener: (userId: string, payload: ReminderPushPayload) => pushToListener({ db: ctx.database.db, push: pushSenderFromConfig(ctx.config), log: silentLog }, userId, payload) }
    await runRenewalNotices(withPush, new Date(sub!.currentPeriodEnd!.getTime() - 3 * DAY))

    const [received] = pushes.received(browser)
    const shown = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'America/Sao_Paulo' }).format(sub!.currentPeriodEnd!)
    expect(pushes.decrypt(received!)).toEqual({
      title: `Sua assinatura renova em ${shown}`,
      body: 'Trimestral: R$\u00a0149,70 · Cartão em 3x de R$\u00a049,90 sem juros. Toque para ver sua assinatura.',
      url: '/assinatura',
      tag: `renovacao-${sub!.id}`,
    })
    expect(await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).toEqual([])
    expect(await notices(buyer.email)).toHaveLength(1)
  })

  it('skip what will not renew: set to end, past due, a courtesy, or already ended', async () => {
    const now = new Date('2027-03-01T12:00:00Z')
    const ending = await subscriber(now, 3, { cancelAtPeriodEnd: true })
    const pastDue = await subscriber(now, 3, { status: 'past_due' })
    const courtesy = await subscriber(now, 3, { provider: 'complimentary' })
    const ended = await subscriber(now, -1)
    const renewing = await subscriber(now, 3)
    await runRenewalNotices(deps(), now)
    for (const skipped of [ending, pastDue, courtesy, ended]) expect(await notices(skipped.email)).toHaveLength(0)
    // No payment recorded: the plan's regular price, and no method to tell.
    const [notice] = await notices(renewing.email)
    expect(notice!.textBody).toContain('Valor: R$\u00a0149,70')
    expect(notice!.textBody).not.toContain('Forma de pagamento')
  })

  it('are sent once when several instances run the pass at the same time', async () => {
    const now = new Date('2027-06-01T12:00:00Z')
    const people = await Promise.all(Array.from({ length: 6 }, () => subscriber(now, 2)))
    const counts = await Promise.all([runRenewalNotices(deps(), now), runRenewalNotices(deps(), now), runRenewalNotices(deps(), now)])
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(6)
    for (const person of people) expect(await notices(person.email)).toHaveLength(1)
  })
})
