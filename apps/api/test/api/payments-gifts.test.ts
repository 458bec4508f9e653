/**
 * Gifts on the sandbox (docs/product/commerce.md#gifts): bought by a signed-in listener for another
 * e-mail, paid once, delivered on its day (Brasília) with a gift link, redeemed into a new or an
 * existing account where the plan starts; refunded within the guarantee while not redeemed; the
 * buyer's list, the admin's counts; and the refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, GIFT_MSG, GIFT_PATHS, addMonths, financialSchema, installmentOption, paidByCardLabel, giftListSchema, giftPreviewSchema, adminUserGiftsSchema, type CreateGiftInput } from '@sintonia/contract'
import { gifts, payments, sandboxCharges, subscriptions } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { deliverDueGifts } from '../../src/modules/commerce/gift-delivery.js'
import { GatewayError } from '../../src/modules/commerce/gateway/types.js'
import { DELETED_ACCOUNT_EMAIL } from '../../src/modules/accounts/service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, uniqueEmail, type Account } from '../helpers/auth.js'
import { CARDS, checkState, outboxOf, payWithCard, payWithPix } from '../helpers/commerce.js'

const clock = new AdjustableClock()
let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

const DAY = 86_400_000
/** Noon in Brasília (15:00 UTC) of a YYYY-MM-DD day. */
const noonOf = (day: string) => new Date(`${day}T15:00:00Z`)
const dayAfter = (day: string, days: number) => new Date(noonOf(day).getTime() + days * DAY).toISOString().slice(0, 10)
const TODAY = '2027-03-10'

const post = (account: Account | null, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, remoteAddress: nextIp(), ...(account ? { headers: { cookie: account.cookie } } : {}), ...(payload ? { payload } : {}) })
const get = (account: Account | null, url: string) => ctx.app.inject({ method: 'GET', url, ...(account ? { headers: { cookie: account.cookie } } : {}) })
const listOf = async (account: Account) => giftListSchema.parse((await get(account, GIFT_PATHS.list)).json())
const deliver = () => deliverDueGifts(ctx.database.db, { mailer: ctx.app.mailer, publicUrl: ctx.config.publicUrl, log: ctx.app.log }, clock.now())
const giftRow = async (id: string) => (await ctx.database.db.select().from(gifts).where(eq(gifts.id, id)))[0]!

/** The buyer orders a gift: the checkout's id. */
async function order(buyer: Account, input: Partial<CreateGiftInput> = {}) {
  const res = await post(buyer, GIFT_PATHS.list, { planCode: 'trimestral', recipientName: 'Ana Souza', recipientEmail: uniqueEmail('presenteada'), message: 'Feliz aniversário!\nCom carinho.', deliverOn: TODAY, ...input })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().sessionId as string
}

/** The gift link of the delivery e-mail to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const mail = (await outboxOf(ctx, to)).find((row) => row.kind === 'gift_delivery')
  const token = mail ? /\/presente\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1] : undefined
  if (!token) throw new Error(`nenhum presente entregue a ${to}`)
  return token
}

describe('a gift bought for another day', () => {
  it('is paid once, delivered on its day, redeemed by a new account where the plan starts', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx, { name: 'Paula Ramos' })
    const recipientEmail = uniqueEmail('ana')
    const deliverOn = dayAfter(TODAY, 3)
    const checkoutId = await order(buyer, { recipientEmail, deliverOn })
    expect((await listOf(buyer)).gifts).toEqual([expect.objectContaining({ state: 'awaiting_payment', recipientEmail, deliverOn, planName: 'Trimestral' })])

    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    const [gift] = (await listOf(buyer)).gifts
    expect(gift).toMatchObject({ state: 'scheduled', method: 'card', paidAt: expect.any(String), refundableUntil: expect.any(String) })
    // One payment recorded, no subscription at the provider or here; the buyer is told, the recipient not yet.
    const payment = (await ctx.database.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0]!
    expect(payment).toMatchObject({ subscriptionId: null, providerSubscriptionId: null, method: 'card', status: 'paid', userId: buyer.userId })
    expect((await outboxOf(ctx, buyer.email)).map((row) => row.kind)).toContain('gift_paid')
    expect(await outboxOf(ctx, recipientEmail)).toHaveLength(0)
    expect(await checkState(ctx, buyer)).toMatchObject({ subscribed: false })

    // The day before: nothing. Its day in Brasília (03:00 UTC is midnight there): delivered once.
    clock.set(noonOf(dayAfter(TODAY, 2)))
    expect(await deliver()).toBe(0)
    clock.set(new Date(`${deliverOn}T03:05:00Z`))
    expect(await deliver()).toBe(1)
    expect(await deliver()).toBe(0)
    const mails = await outboxOf(ctx, recipientEmail)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Paula Ramos te deu um presente — Sintonia')
    expect(mails[0]!.textBody).toContain('Feliz aniversário!\nCom carinho.')
    // Only the e-mail holds the token: the table keeps its hash.
    const token = await linkTokenFor(recipientEmail)
    expect((await giftRow(gift!.id)).tokenHash).not.toContain(token)
    expect((await listOf(buyer)).gifts[0]!.state).toBe('delivered')

    const preview = giftPreviewSchema.parse((await get(null, GIFT_PATHS.preview(token))).json())
    expect(preview).toEqual({ fromName: 'Paula Ramos', recipientName: 'Ana Souza', recipientEmail, message: 'Feliz aniversário!\nCom carinho.', planName: 'Trimestral', months: 3, state: 'ready', accountExists: false })

    const financialBefore = financialSchema.parse((await get(boss, `${API.insights.admin.financial}?months=1`)).json())
    const tooShort = await post(null, GIFT_PATHS.account(token), { name: 'Ana', password: '123' })
    expect(tooShort.statusCode).toBe(400)
    const created = await post(null, GIFT_PATHS.account(token), { name: 'Ana Souza', password: 'senha-da-ana-1' })
    expect(created.statusCode, created.body).toBe(201)
    const ana: Account = { email: recipientEmail, password: 'senha-da-ana-1', cookie: String(created.headers['set-cookie']).split(';')[0]!, userId: created.json().user.id }
    expect(created.json().user).toMatchObject({ email: recipientEmail, displayName: 'Ana Souza', emailVerified: true })
    const redeemedAt = clock.now()
    const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, ana.userId))
    expect(sub).toMatchObject({ provider: 'gift', providerSubscriptionId: gift!.id, planCode: 'trimestral', status: 'active', cancelAtPeriodEnd: true })
    expect(Math.abs(sub!.currentPeriodEnd!.getTime() - addMonths(redeemedAt, 3).getTime())).toBeLessThan(60_000)
    expect(await checkState(ctx, ana)).toMatchObject({ subscribed: true, subscription_tier: 'trimestral' })
    // Ours alone: nothing to manage at a provider, no cancelling, no guarantee; and no recurring revenue.
    expect((await get(ana, API.commerce.subscription.details)).json()).toMatchObject({
      subscription: { managedByProvider: false, selfCancel: false, cancelAtPeriodEnd: true },
      guarantee: { canRequestRefund: false },
    })
    expect((await post(ana, API.commerce.subscription.cancel, {})).statusCode).toBe(404)
    const financialAfter = financialSchema.parse((await get(boss, `${API.insights.admin.financial}?months=1`)).json())
    expect({ mrr: financialAfter.mrrCents, active: financialAfter.activeSubscriptions }).toEqual({ mrr: financialBefore.mrrCents, active: financialBefore.activeSubscriptions })

    expect((await listOf(buyer)).gifts[0]).toMatchObject({ state: 'redeemed', refundableUntil: null })
    expect((await outboxOf(ctx, buyer.email)).map((row) => row.kind)).toContain('gift_redeemed')
    // Once: the link now says so, and neither the recipient nor anyone else can use it again.
    expect(giftPreviewSchema.parse((await get(null, GIFT_PATHS.preview(token))).json()).state).toBe('redeemed')
    const again = await post(ana, GIFT_PATHS.redeem(token))
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(GIFT_MSG.alreadyRedeemed)
    const refund = await post(buyer, GIFT_PATHS.refund(gift!.id), {})
    expect(refund.statusCode).toBe(409)
    expect(refund.json().message).toBe(GIFT_MSG.refundNotAllowedRedeemed)
  })
})

describe("a gift paid in instalments with the admin's interest", () => {
  it('records and tells what the buyer paid: the total with the interest, and that it has it', async () => {
    clock.set(noonOf(TODAY))
    const settings = (await get(boss, API.content.admin.settings)).json() as Record<string, unknown>
    const put = (bp: number) => ctx.app.inject({ method: 'PUT', url: API.content.admin.settings, headers: { cookie: boss.cookie }, payload: { ...settings, installmentInterestBasisPoints: bp } })
    expect((await put(199)).statusCode).toBe(200)
    try {
      const buyer = await listener(ctx)
      const checkoutId = await order(buyer, { planCode: 'trimestral', deliverOn: dayAfter(TODAY, 5) })
      expect((await payWithCard(ctx, checkoutId, CARDS.ok, { installments: '3' })).statusCode).toBe(303)
      const [gift] = (await listOf(buyer)).gifts
      const three = installmentOption((await giftRow(gift!.id)).amountCents, 3, 3, 199)!
      expect(three.interestFree).toBe(false)
      // Our payment row says what the provider charged: the list price plus the interest.
      const payment = (await ctx.database.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0]!
      expect(payment).toMatchObject({ amountCents: three.totalCents, installments: 3, installmentsWithInterest: true })
      const [charge] = await ctx.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, payment.providerPaymentId))
      expect(charge!.amountCents).toBe(three.totalCents)
      const paidMail = (await outboxOf(ctx, buyer.email)).find((row) => row.kind === 'gift_paid')!
      expect(paidMail.textBody).toContain(`Forma de pagamento: ${paidByCardLabel(three.totalCents, 3, true)}`)
    } finally {
      expect((await put(0)).statusCode).toBe(200)
    }
  })
})

describe('a gift for today', () => {
  it('is delivered as soon as it is paid and redeemed by the signed-in owner of an existing account', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx, { name: 'Carla Dias' })
    const friend = await listener(ctx, { name: 'Bia Lima' })
    const checkoutId = await order(buyer, { recipientEmail: friend.email, planCode: 'anual' })
    expect((await payWithPix(ctx, checkoutId)).statusCode).toBe(200)
    expect((await listOf(buyer)).gifts[0]).toMatchObject({ state: 'delivered', method: 'pix' })
    const token = await linkTokenFor(friend.email)
    expect(giftPreviewSchema.parse((await get(null, GIFT_PATHS.preview(token))).json())).toMatchObject({ accountExists: true, planName: 'Anual', months: 12 })

    // An account has the e-mail: it signs in (the link does not create a second one, nor change its password).
    const create = await post(null, GIFT_PATHS.account(token), { name: 'Outra Pessoa', password: 'senha-qualquer-1' })
    expect(create.statusCode).toBe(409)
    expect(create.json().message).toBe(GIFT_MSG.accountExists)
    // Signed out, redeeming is refused; an admin may not redeem.
    expect((await post(null, GIFT_PATHS.redeem(token))).statusCode).toBe(401)
    const byAdmin = await post(boss, GIFT_PATHS.redeem(token))
    expect(byAdmin.statusCode).toBe(403)
    expect(byAdmin.json().message).toBe(GIFT_MSG.adminCannotRedeem)

    const redeemed = await post(friend, GIFT_PATHS.redeem(token))
    expect(redeemed.statusCode, redeemed.body).toBe(200)
    expect(redeemed.json().message).toMatch(/^Presente resgatado! Seu plano Anual está ativo até \d{1,2} de \p{L}+ de \d{4}\.$/u)
    expect(await checkState(ctx, friend)).toMatchObject({ subscribed: true, subscription_tier: 'anual' })
  })

  it('waits while the recipient already has a subscription that gives access', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx)
    const first = await listener(ctx)
    // The friend has a gift already running.
    expect((await payWithCard(ctx, await order(buyer, { recipientEmail: first.email }), CARDS.ok)).statusCode).toBe(303)
    const firstToken = await linkTokenFor(first.email)
    expect((await post(first, GIFT_PATHS.redeem(firstToken))).statusCode).toBe(200)
    const buyer2 = await listener(ctx)
    expect((await payWithCard(ctx, await order(buyer2, { recipientEmail: first.email }), CARDS.ok)).statusCode).toBe(303)
    const tokens = (await outboxOf(ctx, first.email)).filter((row) => row.kind === 'gift_delivery').map((row) => /\/presente\/([A-Za-z0-9_-]+)/.exec(row.textBody)![1]!)
    expect(tokens).toHaveLength(2)
    const token = tokens.find((one) => one !== firstToken)!
    const refused = await post(first, GIFT_PATHS.redeem(token))
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(GIFT_MSG.alreadySubscribed)
    expect(giftPreviewSchema.parse((await get(null, GIFT_PATHS.preview(token))).json()).state).toBe('ready')
  })
})

describe('refunding a gift', () => {
  it('within the guarantee and before redemption: paid back at the provider, the link no longer redeems', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx)
    const stranger = await listener(ctx)
    const recipientEmail = uniqueEmail('bruno')
    const checkoutId = await order(buyer, { recipientEmail })
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    const [gift] = (await listOf(buyer)).gifts
    const token = await linkTokenFor(recipientEmail)

    // Only its buyer sees and refunds it.
    expect((await listOf(stranger)).gifts).toEqual([])
    const notYours = await post(stranger, GIFT_PATHS.refund(gift!.id), {})
    expect(notYours.statusCode).toBe(404)
    expect(notYours.json().message).toBe(GIFT_MSG.notFound)

    // The provider down: nothing changes, the buyer may try again.
    const refund = vi.spyOn(ctx.app.payments.gateway, 'refund').mockRejectedValueOnce(new GatewayError('sandbox: fora do ar'))
    const down = await post(buyer, GIFT_PATHS.refund(gift!.id), {})
    expect(down.statusCode).toBe(502)
    expect(down.json().message).toBe(GIFT_MSG.refundFailed)
    expect((await giftRow(gift!.id)).refundedAt).toBeNull()
    refund.mockRestore()

    const done = await post(buyer, GIFT_PATHS.refund(gift!.id), {})
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().message).toBe(GIFT_MSG.refunded)
    const payment = (await ctx.database.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0]!
    expect(payment).toMatchObject({ status: 'refunded', refundedAmountCents: payment.amountCents })
    expect((await ctx.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, payment.providerPaymentId)))[0]).toMatchObject({ status: 'refunded' })
    expect((await listOf(buyer)).gifts[0]).toMatchObject({ state: 'refunded', refundableUntil: null })
    const twice = await post(buyer, GIFT_PATHS.refund(gift!.id), {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(GIFT_MSG.refundAlreadyDone)

    expect(giftPreviewSchema.parse((await get(null, GIFT_PATHS.preview(token))).json()).state).toBe('refunded')
    const create = await post(null, GIFT_PATHS.account(token), { name: 'Bruno', password: 'senha-do-bruno-1' })
    expect(create.statusCode).toBe(409)
    expect(create.json().message).toBe(GIFT_MSG.refundedGift)
  })

  it('not after the guarantee days, and not before it is paid', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx)
    const unpaid = await order(buyer, { deliverOn: dayAfter(TODAY, 30) })
    const [open] = (await listOf(buyer)).gifts
    expect(open).toMatchObject({ state: 'awaiting_payment', payUrl: expect.stringContaining(`/sandbox/checkout/${unpaid}`) })
    const notPaid = await post(buyer, GIFT_PATHS.refund(open!.id), {})
    expect(notPaid.statusCode).toBe(409)
    expect(notPaid.json().message).toBe(GIFT_MSG.refundNotPaid)

    expect((await payWithCard(ctx, unpaid, CARDS.ok)).statusCode).toBe(303)
    clock.set(new Date(noonOf(TODAY).getTime() + 8 * DAY))
    const late = await post(buyer, GIFT_PATHS.refund(open!.id), {})
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(GIFT_MSG.refundWindowOver(7))
  })
})

describe('ordering a gift: refusals that change nothing', () => {
  it('checks the day, the recipient and who buys', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx)
    const attempt = (payload: Record<string, unknown>, who: Account = buyer) =>
      post(who, GIFT_PATHS.list, { planCode: 'trimestral', recipientName: 'Ana', recipientEmail: uniqueEmail('x'), deliverOn: TODAY, ...payload })
    const cases: [Record<string, unknown>, number, string][] = [
      [{ deliverOn: dayAfter(TODAY, -1) }, 422, GIFT_MSG.deliverOnPast],
      [{ deliverOn: dayAfter(TODAY, 366) }, 422, GIFT_MSG.deliverOnTooFar],
      [{ deliverOn: '2027-02-30' }, 400, GIFT_MSG.deliverOnInvalid],
      [{ recipientEmail: buyer.email.toUpperCase() }, 422, GIFT_MSG.notToSelf],
      [{ recipientEmail: 'nao-e-email' }, 400, GIFT_MSG.recipientEmailInvalid],
      [{ recipientName: '  ' }, 400, GIFT_MSG.recipientNameRequired],
      [{ message: 'a'.repeat(501) }, 400, GIFT_MSG.messageTooLong],
      [{ planCode: 'mensal' }, 400, GIFT_MSG.planInvalid],
    ]
    for (const [payload, status, message] of cases) {
      const res = await attempt(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(res.json().message).toContain(message)
    }
    const byAdmin = await attempt({}, boss)
    expect(byAdmin.statusCode).toBe(403)
    expect(byAdmin.json().message).toBe(GIFT_MSG.adminCannotGift)
    expect((await post(null, GIFT_PATHS.list, { planCode: 'trimestral' })).statusCode).toBe(401)
    expect((await listOf(buyer)).gifts).toEqual([])
    // A link that was never delivered, or made up, opens nothing.
    const fake = 'a'.repeat(43)
    expect((await get(null, GIFT_PATHS.preview(fake))).json().message).toBe(GIFT_MSG.linkInvalid)
    expect((await get(null, GIFT_PATHS.preview('curto'))).statusCode).toBe(400)
  })
})

describe('the admin', () => {
  it('sees gifts in Financeiro and in a person’s record', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx)
    const recipientEmail = uniqueEmail('dora')
    expect((await payWithCard(ctx, await order(buyer, { recipientEmail, deliverOn: dayAfter(TODAY, 10) }), CARDS.ok)).statusCode).toBe(303)
    const financial = financialSchema.parse((await get(boss, `${API.insights.admin.financial}?months=1`)).json())
    expect(financial.gifts.sold).toBeGreaterThanOrEqual(1)
    expect(financial.gifts.scheduled).toBeGreaterThanOrEqual(1)
    expect(financial.gifts.recent).toContainEqual(expect.objectContaining({ buyerEmail: buyer.email, recipientEmail, state: 'scheduled', planName: 'Trimestral' }))

    const record = adminUserGiftsSchema.parse((await get(boss, GIFT_PATHS.adminUserGifts(buyer.userId))).json())
    expect(record.bought).toEqual([expect.objectContaining({ recipientEmail, state: 'scheduled' })])
    expect(record.received).toEqual([])
    expect((await get(buyer, GIFT_PATHS.adminUserGifts(buyer.userId))).statusCode).toBe(403)
    expect((await get(boss, GIFT_PATHS.adminUserGifts('nao-existe'))).statusCode).toBe(404)
  })
})

describe('LGPD', () => {
  it('the export lists the gifts bought and received; deleting the account takes the person out of them', async () => {
    clock.set(noonOf(TODAY))
    const buyer = await listener(ctx, { name: 'Gil Prado' })
    const friend = await listener(ctx)
    expect((await payWithCard(ctx, await order(buyer, { recipientEmail: friend.email, recipientName: 'Nina', message: 'Só para você.' }), CARDS.ok)).statusCode).toBe(303)
    const token = await linkTokenFor(friend.email)
    expect((await post(friend, GIFT_PATHS.redeem(token))).statusCode).toBe(200)
    const [gift] = (await listOf(buyer)).gifts

    const exported = (await get(buyer, API.accounts.exportData)).json()
    expect(exported.gifts.bought).toEqual([expect.objectContaining({ recipientName: 'Nina', message: 'Só para você.', planCode: 'trimestral' })])
    expect(JSON.stringify(exported)).not.toContain((await giftRow(gift!.id)).tokenHash!)
    expect((await get(friend, API.accounts.exportData)).json().gifts.received).toEqual([expect.objectContaining({ buyerName: 'Gil Prado', message: 'Só para você.' })])

    expect((await ctx.app.inject({ method: 'DELETE', url: API.accounts.deleteAccount, headers: { cookie: friend.cookie }, payload: { password: friend.password } })).statusCode).toBe(200)
    expect(await giftRow(gift!.id)).toMatchObject({ redeemedByUserId: null, recipientEmail: DELETED_ACCOUNT_EMAIL, recipientName: '', message: '', buyerName: 'Gil Prado' })
    expect((await ctx.app.inject({ method: 'DELETE', url: API.accounts.deleteAccount, headers: { cookie: buyer.cookie }, payload: { password: buyer.password } })).statusCode).toBe(200)
    expect(await giftRow(gift!.id)).toMatchObject({ buyerUserId: null, buyerEmail: DELETED_ACCOUNT_EMAIL, buyerName: 'Alguém especial', amountCents: gift!.amountCents })
  })
})
