/**
 * Pre-registration of a buyer's address (security review, round three; ADR 023), replayed as
 * written. A buyer pays pay-first; a stranger signs up with the buyer's e-mail and a password of
 * their own (or moves their own account to it with an e-mail change); the buyer receives "Confirme
 * seu e-mail — Sintonia", greeted with the name the stranger typed, and opens it. Before the fix
 * the stranger's sign-in stayed valid and now counted as the mailbox's owner: their export showed
 * the buyer's checkout (name, R$ 149,70, paid), payment and waiting subscription, and deleting
 * their account destroyed the purchase's link to the buyer and the fresh access link.
 *
 * Now proving a mailbox hands nothing to a password or a sign-in set before the proof: opening the
 * link ends every sign-in of the account and kills its password, and the person who opened it
 * chooses the password with the access link in the answer. The e-mail greets neutrally.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { API, AUTH_MSG } from '@sintonia/contract'
import { accessLinks, checkouts, payments, pendingSubscriptions, subscriptions, user } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { cookieHeader, listener, nextIp, signIn, uniqueEmail, type Account } from '../helpers/auth.js'
import { CARDS, outboxOf, payWithCard, startPayFirst } from '../helpers/commerce.js'
import { confirmAndChoosePassword, confirmEmail, confirmationToken } from '../helpers/mailbox.js'
import { rememberSecret } from '../support/log-capture.js'

/** R$ 149,70: the quarterly plan's price, in centavos. */
const QUARTERLY = 14_970

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, mailer: { autoDispatch: false } })
})
afterAll(() => ctx.close())

/** A name a stranger would type to be believed in the buyer's mailbox. */
const STRANGER_NAME = 'Suporte Sintonia Ligue 0800'
const BUYER_NAME = 'Compradora Real'

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie } })
const exportOf = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie } })
const deleteAs = (cookie: string, password: string) => ctx.app.inject({ method: 'DELETE', url: API.accounts.deleteAccount, headers: { cookie }, payload: { password } })
const subscriptionCheck = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie } })

/** A pay-first buyer who paid the quarterly plan (R$ 149,70) and has no account yet. */
async function paidBuyer() {
  const email = uniqueEmail('compradora')
  const { checkoutId } = await startPayFirst(ctx, email, 'trimestral', BUYER_NAME)
  expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
  return { email, checkoutId }
}

/** What the buyer's purchase is made of: it must survive whatever the stranger does. */
async function purchaseOf(checkoutId: string) {
  const { db } = ctx.database
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
  const waiting = await db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, checkoutId))
  const paid = await db.select().from(payments).where(sql`lower(${payments.email}) = lower(${checkout?.email ?? ''})`)
  return { checkout, waiting, paid }
}

async function expectPurchaseIntact(buyer: { email: string; checkoutId: string }) {
  const { checkout, waiting, paid } = await purchaseOf(buyer.checkoutId)
  expect(checkout).toMatchObject({ email: buyer.email, customerName: BUYER_NAME, amountCents: QUARTERLY, paymentStatus: 'paid' })
  expect(waiting).toHaveLength(1)
  expect(paid).toEqual([expect.objectContaining({ amountCents: QUARTERLY, status: 'paid' })])
}

/** The newest confirmation e-mail to `to`, once it is in the outbox. */
async function confirmationMail(to: string) {
  await vi.waitFor(async () => expect(await confirmationToken(ctx, to)).not.toBeNull())
  const mails = (await outboxOf(ctx, to)).filter((mail) => mail.kind === 'email_verification')
  return mails[mails.length - 1]!
}

/** The stranger is out: old sign-ins refused everywhere, the password they chose no longer opens anything. */
async function expectStrangerLockedOut(stranger: Account & { others: string[] }, emails: string[]) {
  for (const cookie of [stranger.cookie, ...stranger.others]) {
    expect((await me(cookie)).json().user).toBeNull()
    const exported = await exportOf(cookie)
    expect(exported.statusCode).toBe(401)
    expect(exported.body).not.toContain(BUYER_NAME)
    const removed = await deleteAs(cookie, stranger.password)
    expect(removed.statusCode).toBe(401)
  }
  for (const email of emails) expect((await signIn(ctx, email, stranger.password, 'user')).res.statusCode).toBe(401)
}

/** The buyer, from the link's answer, chooses the password: the purchase is theirs, under their name. */
async function buyerTakesOver(buyer: { email: string; checkoutId: string }, accessToken: string) {
  rememberSecret('access link token', accessToken)
  const chosen = await ctx.app.inject({
    method: 'POST',
    url: API.accounts.onboardingPassword,
    payload: { token: accessToken, password: 'senha-da-compradora', confirmPassword: 'senha-da-compradora' },
    remoteAddress: nextIp(),
  })
  expect(chosen.statusCode, chosen.body).toBe(201)
  expect(chosen.json().user).toMatchObject({ email: buyer.email, emailVerified: true, displayName: BUYER_NAME })
  const cookie = cookieHeader(chosen)
  expect((await subscriptionCheck(cookie)).json()).toMatchObject({ subscribed: true, subscription_tier: 'trimestral', subscription_status: 'active' })
  const exported = (await exportOf(cookie)).json()
  expect(exported.checkouts).toEqual([expect.objectContaining({ customerName: BUYER_NAME, amountCents: QUARTERLY, paymentStatus: 'paid' })])
  return cookie
}

describe('a stranger who signed up with the buyer’s e-mail', () => {
  it('gets nothing when the buyer opens the confirmation: signed out, the purchase left whole for the buyer', async () => {
    const buyer = await paidBuyer()
    const signedUp = await listener(ctx, { email: buyer.email, password: 'senha-do-estranho', name: STRANGER_NAME })
    const second = await signIn(ctx, buyer.email, 'senha-do-estranho', 'user')
    const stranger = { ...signedUp, others: [second.cookie] }

    // The e-mail in the buyer's mailbox does not carry the name the stranger typed.
    const mail = await confirmationMail(buyer.email)
    expect(mail.subject).toBe('Confirme seu e-mail — Sintonia')
    for (const part of [mail.subject, mail.textBody, mail.htmlBody]) expect(part).not.toMatch(/Suporte|0800/)
    expect(mail.textBody).toMatch(/^Olá!$/m)

    // Before the proof the stranger's export holds nothing of the buyer.
    const before = await exportOf(stranger.cookie)
    expect(before.statusCode).toBe(200)
    expect(before.json()).toMatchObject({ checkouts: [], payments: [], pendingSubscriptions: [] })
    expect(before.body).not.toContain(BUYER_NAME)

    // The buyer opens the link.
    const confirmed = await confirmEmail(ctx, buyer.email)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ message: AUTH_MSG.emailVerified, email: buyer.email, accessToken: expect.any(String) })

    await expectStrangerLockedOut(stranger, [buyer.email])
    await expectPurchaseIntact(buyer)
    // Nothing was handed over by the click itself: the account waits for the password, unconfirmed.
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, stranger.userId))
    expect(row).toMatchObject({ emailVerified: false })
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, stranger.userId))).toEqual([])
    expect(await ctx.database.db.select().from(accessLinks).where(sql`lower(${accessLinks.email}) = ${buyer.email}`)).not.toEqual([])

    await buyerTakesOver(buyer, confirmed.json().accessToken as string)
    expect((await signIn(ctx, buyer.email, 'senha-do-estranho', 'user')).res.statusCode).toBe(401)
  })
})

describe('a stranger who moves their own account to the buyer’s e-mail', () => {
  it('gets nothing when the buyer opens the change link: signed out, the purchase left whole for the buyer', async () => {
    const buyer = await paidBuyer()
    // The stranger's own account, proven on their own mailbox.
    const own = await listener(ctx, { password: 'senha-do-estranho', name: STRANGER_NAME })
    const proven = await confirmAndChoosePassword(ctx, own.email, 'senha-do-estranho')
    const second = await signIn(ctx, own.email, 'senha-do-estranho', 'user')
    const stranger = { ...own, cookie: proven.cookie, others: [second.cookie] }

    const asked = await ctx.app.inject({
      method: 'POST',
      url: API.accounts.changeEmail,
      headers: { cookie: stranger.cookie },
      payload: { newEmail: buyer.email },
      remoteAddress: nextIp(),
    })
    expect(asked.statusCode).toBe(200)
    const mail = await confirmationMail(buyer.email)
    expect(mail.subject).toBe('Confirme seu novo e-mail — Sintonia')
    for (const part of [mail.subject, mail.textBody, mail.htmlBody]) expect(part).not.toMatch(/Suporte|0800/)

    // Before the proof: still the stranger's own address, nothing of the buyer.
    const before = await exportOf(stranger.cookie)
    expect(before.json().account.email).toBe(own.email)
    expect(before.body).not.toContain(BUYER_NAME)

    const confirmed = await confirmEmail(ctx, buyer.email)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ message: AUTH_MSG.emailChanged, email: buyer.email, accessToken: expect.any(String) })

    await expectStrangerLockedOut(stranger, [own.email, buyer.email])
    await expectPurchaseIntact(buyer)
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, stranger.userId))
    expect(row).toMatchObject({ email: buyer.email, emailVerified: false })

    await buyerTakesOver(buyer, confirmed.json().accessToken as string)
    // The link is spent: the account is no longer at the address it was made for.
    const again = await confirmEmail(ctx, buyer.email)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(AUTH_MSG.verifyLinkInvalid)
  })
})

describe('an honest listener', () => {
  it('confirms the sign-up, chooses the password again (the same one may do) and is signed in; opening the link again changes nothing', async () => {
    const person = await listener(ctx, { name: 'Ana Luíza' })
    const mail = await confirmationMail(person.email)
    expect(mail.textBody).not.toContain('Ana')
    expect(mail.textBody).toContain('Ao confirmar, você define a senha da conta')

    const { confirmed, chosen, cookie } = await confirmAndChoosePassword(ctx, person.email, person.password)
    expect(confirmed.json()).toMatchObject({ message: AUTH_MSG.emailVerified, email: person.email })
    expect(chosen.json().user).toMatchObject({ emailVerified: true, displayName: 'Ana Luíza' })
    expect((await me(person.cookie)).json().user).toBeNull()
    expect((await me(cookie)).json().user).toMatchObject({ email: person.email, emailVerified: true })

    const again = await confirmEmail(ctx, person.email)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ message: AUTH_MSG.emailVerified, email: person.email, accessToken: null })
    expect((await me(cookie)).json().user).toMatchObject({ email: person.email })
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(200)
  })

  it('a forged or altered link changes nothing', async () => {
    const person = await listener(ctx)
    await vi.waitFor(async () => expect(await confirmationToken(ctx, person.email)).not.toBeNull())
    const real = (await confirmationToken(ctx, person.email))!
    const [head, , signature] = real.split('.')
    const otherBody = Buffer.from(JSON.stringify({ email: person.email, userId: 'outra-conta' })).toString('base64url')
    for (const forged of [`${head}.${otherBody}.${signature}`, `${real.slice(0, -4)}AAAA`, real.replace(/\./g, '')]) {
      const res = await ctx.app.inject({ method: 'POST', url: API.accounts.verifyEmail, payload: { token: forged }, remoteAddress: nextIp() })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(AUTH_MSG.verifyLinkInvalid)
    }
    expect((await me(person.cookie)).json().user).toMatchObject({ email: person.email, emailVerified: false })
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(200)
  })
})
