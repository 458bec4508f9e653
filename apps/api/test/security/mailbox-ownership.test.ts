/**
 * The outside attack of 2026-11 (docs/security.md, "Found by the outside attack"), replayed as
 * written: a paid purchase could be taken by anyone who knew the buyer's e-mail, the account's
 * export and deletion reached rows recorded for that e-mail, and Better Auth's own endpoints
 * bypassed the app's rules. Each case must now fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { API, AUTH_MSG, MSG, UNCLAIMED_MSG, unclaimedPurchaseListSchema } from '@sintonia/contract'
import { audios, auditLog, checkouts, leads, payments, pendingSubscriptions, user } from '../../src/db/schema/index.js'
import { EXPOSED_AUTH_PATHS } from '../../src/plugins/auth.js'
import { RATE_LIMITS } from '../../src/lib/http/rate-limits.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, cookieHeader, listener, nextIp, signIn, uniqueEmail } from '../helpers/auth.js'
import { CARDS, outboxOf, payWithCard, startPayFirst } from '../helpers/commerce.js'
import { confirmAndChoosePassword, confirmationToken, useAccessLink } from '../helpers/mailbox.js'
import { injectMedia } from '../helpers/media.js'

let ctx: TestContext
let audioId: string
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, mailer: { autoDispatch: false } })
  const [row] = await ctx.database.db.select({ id: audios.id }).from(audios).where(eq(audios.isDemo, false)).limit(1)
  audioId = row!.id
})
afterAll(() => ctx.close())

const audioRange = (cookie: string) => injectMedia(ctx.app, { url: `/api/audios/${audioId}/file`, headers: { cookie, range: 'bytes=0-99' } })
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie } })

/** A pay-first buyer who paid and has not set a password, with the lead they left before. */
async function paidBuyer() {
  const email = uniqueEmail('compradora')
  const lead = await ctx.app.inject({
    method: 'POST',
    url: API.communication.leads,
    payload: { name: 'Compradora Real', email, phone: '11987654321', consent: true },
    remoteAddress: nextIp(),
  })
  expect(lead.statusCode).toBe(201)
  const { checkoutId } = await startPayFirst(ctx, email, 'anual', 'Compradora Real')
  expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
  return { email, checkoutId }
}

describe('1. a paid purchase cannot be taken by whoever knows the e-mail', () => {
  it('a stranger who registers the e-mail sees no checkout id, lead or payment, cannot attach the purchase, and deletes nothing of the buyer', async () => {
    const buyer = await paidBuyer()
    const stranger = await listener(ctx, { email: buyer.email, password: 'senha-do-estranho' })

    const exported = await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie: stranger.cookie } })
    expect(exported.statusCode).toBe(200)
    expect(exported.body).not.toContain(buyer.checkoutId)
    const data = exported.json()
    expect(data.checkouts).toEqual([])
    expect(data.payments).toEqual([])
    expect(data.leads).toEqual([])
    expect(data.pendingSubscriptions).toEqual([])
    expect(exported.body).not.toContain('987654321')

    // Even holding the checkout id, signing in with it attaches nothing to an unproven account.
    const withId = await signIn(ctx, buyer.email, 'senha-do-estranho', 'user', { checkoutId: buyer.checkoutId })
    expect(withId.res.statusCode).toBe(200)
    expect((await audioRange(withId.cookie)).statusCode).toBe(403)

    // Deleting the stranger's account leaves the buyer's lead, checkout and payment as they were.
    const removed = await ctx.app.inject({ method: 'DELETE', url: API.accounts.deleteAccount, headers: { cookie: withId.cookie }, payload: { password: 'senha-do-estranho' } })
    expect(removed.statusCode).toBe(200)
    const { db } = ctx.database
    expect(await db.select().from(leads).where(sql`lower(${leads.email}) = ${buyer.email}`)).toEqual([expect.objectContaining({ name: 'Compradora Real', phone: '+5511987654321' })])
    expect(await db.select().from(checkouts).where(eq(checkouts.id, buyer.checkoutId))).toEqual([expect.objectContaining({ email: buyer.email, customerName: 'Compradora Real' })])
    expect(await db.select().from(payments).where(sql`lower(${payments.email}) = ${buyer.email}`)).toHaveLength(1)
    expect(await db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.checkoutId, buyer.checkoutId))).toHaveLength(1)

    // The real buyer still reaches what they paid for, from the mailbox.
    const owner = await useAccessLink(ctx, buyer.email, 'senha-da-compradora')
    expect(owner.res.statusCode).toBe(201)
    expect(owner.res.json().user).toMatchObject({ displayName: 'Compradora Real', emailVerified: true })
    expect((await audioRange(owner.cookie)).statusCode).toBe(206)
  })

  it('the stranger who registered first and stays signed in loses the account to the mailbox owner', async () => {
    const email = uniqueEmail('primeiro')
    const stranger = await listener(ctx, { email, password: 'senha-do-estranho' })
    const { checkoutId } = await startPayFirst(ctx, email, 'trimestral', 'Dona Do Email')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    expect((await audioRange(stranger.cookie)).statusCode).toBe(403)

    const owner = await useAccessLink(ctx, email, 'senha-da-dona')
    expect(owner.res.statusCode).toBe(201)
    expect((await me(stranger.cookie)).json().user).toBeNull()
    expect((await signIn(ctx, email, 'senha-do-estranho', 'user')).res.statusCode).toBe(401)
    expect((await audioRange(owner.cookie)).statusCode).toBe(206)
  })

  it('error bodies of the payment routes never carry the checkout id', async () => {
    const buyer = await paidBuyer()
    for (const url of [API.commerce.payments.verify, API.commerce.payments.verifyCheckout, API.commerce.payments.resendAccessLink]) {
      for (const checkoutId of [buyer.checkoutId, `${buyer.checkoutId}x`]) {
        const res = await ctx.app.inject({ method: 'POST', url, payload: { sessionId: checkoutId }, remoteAddress: nextIp() })
        if (res.statusCode >= 400) expect(res.body).not.toContain(buyer.checkoutId)
      }
    }
  })
})

describe('4. Better Auth endpoints go through the app rules', () => {
  it('every Better Auth endpoint but get-session answers 404 over HTTP, and the route table holds only that one', async () => {
    const endpoints = Object.values(ctx.app.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint.path === 'string')
      .map((endpoint) => ({ path: endpoint.path!, methods: [endpoint.options?.method ?? 'GET'].flat().filter((m) => m !== '*') }))
    expect(endpoints.length).toBeGreaterThan(20)
    const reachable: string[] = []
    for (const { path, methods } of endpoints) {
      for (const method of methods.length ? methods : ['GET', 'POST']) {
        const url = `/api/auth${path.replace(/:[a-zA-Z]+/g, 'abcdefghijklmnop')}`
        const res = await ctx.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {}, remoteAddress: nextIp() })
        if (res.statusCode !== 404) reachable.push(`${method} ${url} → ${res.statusCode}`)
      }
    }
    expect(reachable).toEqual([`GET ${EXPOSED_AUTH_PATHS[0]} → 200`])
  })

  it('the attack requests: a 1 MB name, a password change keeping sign-ins, an admin removal without audit — all refused', async () => {
    const person = await listener(ctx)
    const boss = await admin(ctx)
    const attempts = [
      { url: '/api/auth/update-user', cookie: person.cookie, payload: { name: 'x'.repeat(1_000_000) } },
      { url: '/api/auth/change-password', cookie: person.cookie, payload: { currentPassword: person.password, newPassword: 'outra-senha-1' } },
      { url: '/api/auth/admin/remove-user', cookie: boss.cookie, payload: { userId: person.userId } },
    ]
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ method: 'POST', url: attempt.url, headers: { cookie: attempt.cookie }, payload: attempt.payload })
      expect([404, 413]).toContain(res.statusCode)
    }
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, person.userId))
    expect(row?.name.length).toBeLessThan(100)
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(200)
  })

  it('password guesses from one address stop at the documented 10 a minute, whatever path they take', async () => {
    const person = await listener(ctx)
    const ip = nextIp()
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const viaApp = i % 2 === 0
      const res = await ctx.app.inject({
        method: 'POST',
        url: viaApp ? API.accounts.signIn : '/api/auth/sign-in/email',
        payload: viaApp ? { email: person.email, password: `errada-${i}`, portal: 'user' } : { email: person.email, password: `errada-${i}` },
        remoteAddress: ip,
      })
      statuses.push(res.statusCode)
    }
    const guessesChecked = statuses.filter((status) => status === 401).length
    expect(guessesChecked).toBeLessThanOrEqual(RATE_LIMITS.signIn.max)
    expect(statuses.filter((status) => status === 404)).toHaveLength(10)
  })
})

describe('Minha conta: name, password and e-mail through the app rules', () => {
  it('changes the display name within 80 characters', async () => {
    const person = await listener(ctx)
    const update = (name: string) => ctx.app.inject({ method: 'PATCH', url: API.accounts.profile, headers: { cookie: person.cookie }, payload: { name } })
    const ok = await update('  Ana Luíza  ')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user.displayName).toBe('Ana Luíza')
    expect((await me(person.cookie)).json().user.displayName).toBe('Ana Luíza')
    for (const [name, message] of [
      ['x'.repeat(81), AUTH_MSG.nameTooLong],
      ['   ', AUTH_MSG.nameRequired],
    ] as const) {
      const res = await update(name)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(message)
    }
    expect((await me(person.cookie)).json().user.displayName).toBe('Ana Luíza')
  })

  it('changes the password only with the current one, and ends every other sign-in', async () => {
    const person = await listener(ctx)
    const elsewhere = await signIn(ctx, person.email, person.password, 'user')
    const change = (currentPassword: string, newPassword: string) =>
      ctx.app.inject({ method: 'POST', url: API.accounts.changePassword, headers: { cookie: person.cookie }, payload: { currentPassword, newPassword }, remoteAddress: nextIp() })

    const wrong = await change('senha-errada', 'nova-senha-1')
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().message).toBe(AUTH_MSG.currentPasswordWrong)
    expect((await me(elsewhere.cookie)).statusCode).toBe(200)
    const same = await change(person.password, person.password)
    expect(same.statusCode).toBe(400)
    expect(same.json().message).toBe(AUTH_MSG.samePassword)

    const ok = await change(person.password, 'nova-senha-1')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().message).toBe(AUTH_MSG.passwordChanged)
    expect((await me(elsewhere.cookie)).json().user).toBeNull()
    // A request this device sent with its old sign-in while the change was on its way (the app's
    // analytics, a page's data) answers signed out but clears no cookie: arriving after the change's
    // answer, a clearing Set-Cookie would drop this device's new sign-in with it.
    const late = await me(person.cookie)
    expect(late.json().user).toBeNull()
    expect(late.headers['set-cookie']).toBeUndefined()
    expect((await me(cookieHeader(ok, person.cookie))).statusCode).toBe(200)
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(401)
    expect((await signIn(ctx, person.email, 'nova-senha-1', 'user')).res.statusCode).toBe(200)
  })

  it('changes the e-mail only once the new address is confirmed from its mailbox', async () => {
    const person = await listener(ctx)
    const newEmail = uniqueEmail('novo-endereco')
    const ask = await ctx.app.inject({ method: 'POST', url: API.accounts.changeEmail, headers: { cookie: person.cookie }, payload: { newEmail }, remoteAddress: nextIp() })
    expect(ask.statusCode).toBe(200)
    expect(ask.json().message).toBe(AUTH_MSG.emailChangeSent)
    expect((await me(person.cookie)).json().user.email).toBe(person.email)
    expect(await confirmationToken(ctx, newEmail)).not.toBeNull()

    // The proof goes to whoever opened the link: the account moves, every sign-in ends and the
    // password is chosen again through the link's answer (ADR 023; security/mailbox-proof.test.ts).
    const { confirmed, cookie } = await confirmAndChoosePassword(ctx, newEmail, person.password)
    expect(confirmed.json()).toMatchObject({ message: AUTH_MSG.emailChanged, email: newEmail, accessToken: expect.any(String) })
    expect((await me(person.cookie)).json().user).toBeNull()
    expect((await me(cookie)).json().user).toMatchObject({ email: newEmail, emailVerified: true })
    expect((await signIn(ctx, newEmail, person.password, 'user')).res.statusCode).toBe(200)
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'email_changed'), eq(auditLog.actorUserId, person.userId)))
    expect(audit).toBeDefined()
  })

  it('answers the same for an address that belongs to someone else, and moves nothing', async () => {
    const person = await listener(ctx)
    const other = await listener(ctx)
    const before = (await outboxOf(ctx, other.email)).length
    const ask = await ctx.app.inject({ method: 'POST', url: API.accounts.changeEmail, headers: { cookie: person.cookie }, payload: { newEmail: other.email }, remoteAddress: nextIp() })
    expect(ask.statusCode).toBe(200)
    expect(ask.json().message).toBe(AUTH_MSG.emailChangeSent)
    expect(await outboxOf(ctx, other.email)).toHaveLength(before)
    expect((await me(person.cookie)).json().user.email).toBe(person.email)
    const same = await ctx.app.inject({ method: 'POST', url: API.accounts.changeEmail, headers: { cookie: person.cookie }, payload: { newEmail: person.email.toUpperCase() }, remoteAddress: nextIp() })
    expect(same.statusCode).toBe(400)
    expect(same.json().message).toBe(AUTH_MSG.emailSame)
  })

  it('re-sends the confirmation while unconfirmed; a dead confirmation link is refused', async () => {
    const person = await listener(ctx)
    const resend = () => ctx.app.inject({ method: 'POST', url: API.accounts.resendVerification, headers: { cookie: person.cookie }, remoteAddress: nextIp() })
    expect((await resend()).statusCode).toBe(200)
    expect((await outboxOf(ctx, person.email)).filter((m) => m.kind === 'email_verification')).toHaveLength(2)
    const bad = await ctx.app.inject({ method: 'POST', url: API.accounts.verifyEmail, payload: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jb20ifQ.assinatura-falsa' }, remoteAddress: nextIp() })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe(AUTH_MSG.verifyLinkInvalid)
    expect((await me(person.cookie)).json().user.emailVerified).toBe(false)
    const { cookie } = await confirmAndChoosePassword(ctx, person.email, person.password)
    expect((await me(cookie)).json().user.emailVerified).toBe(true)
    const already = await ctx.app.inject({ method: 'POST', url: API.accounts.resendVerification, headers: { cookie }, remoteAddress: nextIp() })
    expect(already.statusCode).toBe(409)
    expect(already.json().message).toBe(AUTH_MSG.alreadyVerified)
  })
})

describe('Admin › Usuários: paid purchases without an account', () => {
  it('lists them with e-mail, plan, amount and date (never the checkout id) and re-sends the access link, audited', async () => {
    const buyer = await paidBuyer()
    const boss = await admin(ctx)
    const list = await ctx.app.inject({ method: 'GET', url: API.accounts.admin.unclaimedPurchases, headers: { cookie: boss.cookie } })
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(buyer.checkoutId)
    const row = unclaimedPurchaseListSchema.parse(list.json()).purchases.find((p) => p.email === buyer.email)
    expect(row).toMatchObject({ planCode: 'anual', planName: 'Anual', customerName: 'Compradora Real', currency: 'BRL', accountExists: false })
    expect(row!.amountCents).toBeGreaterThan(0)
    expect(row!.lastAccessLinkAt).not.toBeNull()

    const before = (await outboxOf(ctx, buyer.email)).filter((m) => m.kind === 'purchase_claim').length
    const resend = await ctx.app.inject({ method: 'POST', url: API.accounts.admin.unclaimedPurchaseResend(row!.id), headers: { cookie: boss.cookie } })
    expect(resend.statusCode).toBe(200)
    expect(resend.json().message).toBe(UNCLAIMED_MSG.resent)
    expect((await outboxOf(ctx, buyer.email)).filter((m) => m.kind === 'purchase_claim')).toHaveLength(before + 1)
    const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access_link_resent'), eq(auditLog.target, `pending:${row!.id}`)))
    expect(audits).toEqual([expect.objectContaining({ actorUserId: boss.userId, outcome: 'success' })])

    // Once activated it leaves the list, and re-sending answers 404.
    expect((await useAccessLink(ctx, buyer.email)).res.statusCode).toBe(201)
    const after = unclaimedPurchaseListSchema.parse((await ctx.app.inject({ method: 'GET', url: API.accounts.admin.unclaimedPurchases, headers: { cookie: boss.cookie } })).json())
    expect(after.purchases.some((p) => p.email === buyer.email)).toBe(false)
    const gone = await ctx.app.inject({ method: 'POST', url: API.accounts.admin.unclaimedPurchaseResend(row!.id), headers: { cookie: boss.cookie } })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(UNCLAIMED_MSG.notFound)
  })

  it('is for admins only', async () => {
    const person = await listener(ctx)
    const res = await ctx.app.inject({ method: 'GET', url: API.accounts.admin.unclaimedPurchases, headers: { cookie: person.cookie } })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(MSG.generic.forbidden)
  })
})
