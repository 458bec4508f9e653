import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { API, AUTH_MSG, MSG, meSchema } from '@sintonia/contract'
import { account, analyticsEvents, auditLog, checkouts, emailOutbox, leads, payments, pendingSubscriptions, session, subscriptions, user } from '../../src/db/schema/index.js'
import { DELETED_ACCOUNT_EMAIL } from '../../src/modules/accounts/service.js'
import { RATE_LIMITS } from '../../src/lib/http/rate-limits.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import {
  admin,
  cookieHeader,
  countRows,
  listener,
  nextIp,
  seedPending,
  seedSubscription,
  signInCookieOf,
  setBanned,
  setCookies,
  signIn,
  signUp,
  uniqueEmail,
} from '../helpers/auth.js'
import { CARDS, payWithCard, startAuthFirst } from '../helpers/commerce.js'
import { confirmAndChoosePassword, confirmEmail, useAccessLink } from '../helpers/mailbox.js'
import { sendAccessLink } from '../../src/modules/accounts/mailbox.js'

const logLines: string[] = []
let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({
    seed: true,
    mailer: { autoDispatch: false },
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk))
          done()
        },
      }),
    },
  })
})
afterAll(() => ctx.close())

const me = (cookie?: string) => ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: cookie ? { cookie } : {} })

/** A listener who proved the mailbox (confirmation, then the password chosen through it, ADR 023), signed in anew. */
async function provenListener() {
  const person = await listener(ctx)
  const { cookie } = await confirmAndChoosePassword(ctx, person.email, person.password)
  return { ...person, cookie }
}

async function signInsOf(userId: string) {
  return ctx.database.db.select().from(session).where(eq(session.userId, userId))
}

describe('sign-up', () => {
  it('creates a listener, answers meSchema with the default display name and sets an HttpOnly, SameSite=Lax sign-in cookie', async () => {
    const { res, email, cookie } = await signUp(ctx, { email: `  Maria.Silva.${Date.now()}@Exemplo.COM ` })
    expect(res.statusCode).toBe(201)
    const body = meSchema.parse(res.json())
    expect(body.user).toEqual({ id: expect.any(String), email: email.trim(), emailVerified: false, displayName: email.trim().split('@')[0], role: 'user' })
    expect(body.user.email).toBe(body.user.email.toLowerCase())
    const line = signInCookieOf(res)!
    expect(line).toMatch(/^sintonia\.session_token=/)
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/SameSite=Lax/i)
    expect(line).not.toMatch(/Secure/)
    expect(res.json()).not.toHaveProperty('token')

    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, body.user.id))
    expect(row).toMatchObject({ role: 'user', banned: false, name: body.user.displayName })
    const [credential] = await ctx.database.db.select().from(account).where(eq(account.userId, body.user.id))
    expect(credential!.providerId).toBe('credential')
    expect(credential!.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/) // Better Auth's scrypt salt:key, never the password
    expect(credential!.password).not.toContain('senha-segura-1')

    const who = await me(cookie)
    expect(who.statusCode).toBe(200)
    expect(who.json()).toEqual(body)
  })

  it('keeps a given name as the display name', async () => {
    const { res } = await signUp(ctx, { name: '  Ana Souza  ' })
    expect(res.statusCode).toBe(201)
    expect(res.json().user.displayName).toBe('Ana Souza')
  })

  it('refuses an e-mail that already has an account (any case) with 409 and the catalogue message', async () => {
    const first = await listener(ctx)
    const users = await countRows(ctx, 'user')
    const { res } = await signUp(ctx, { email: first.email.toUpperCase() })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: AUTH_MSG.alreadyRegistered })
    expect(setCookies(res)).toEqual([])
    expect(await countRows(ctx, 'user')).toBe(users)
  })

  it('refuses a short password and a malformed e-mail with the catalogue messages', async () => {
    const short = await signUp(ctx, { password: '12345' })
    expect(short.res.statusCode).toBe(400)
    expect(short.res.json().message).toBe(`password: ${AUTH_MSG.passwordTooShort}`)
    const bad = await signUp(ctx, { email: 'nao-e-email' })
    expect(bad.res.statusCode).toBe(400)
    expect(bad.res.json().message).toBe(`email: ${AUTH_MSG.invalidEmail}`)
  })
})

describe('sign-in, me and sign-out', () => {
  it('signs in with the right password, carries the cookie to /me, and signs out', async () => {
    const person = await listener(ctx)
    const { res, cookie } = await signIn(ctx, person.email, person.password, 'user')
    expect(res.statusCode).toBe(200)
    expect(meSchema.parse(res.json()).user.id).toBe(person.userId)
    expect(signInCookieOf(res)).toMatch(/HttpOnly/)
    expect((await me(cookie)).statusCode).toBe(200)

    const out = await ctx.app.inject({ method: 'POST', url: API.accounts.signOut, headers: { cookie } })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ message: AUTH_MSG.logoutSuccess })
    expect(signInCookieOf(out)).toMatch(/Max-Age=0/)
    expect(cookieHeader(out, cookie)).toBe('')
    // The old cookie is dead server-side too, not only forgotten by the browser.
    const again = await me(cookie)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ user: null })
    // The sign-in opened at sign-up is still alive: sign-out ends only the current one.
    expect((await me(person.cookie)).statusCode).toBe(200)
  })

  it('answers /me with user null (200, never a 401 that every visitor page would log) and refuses sign-out without a sign-in', async () => {
    const res = await me()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ user: null })
    expect(res.headers['cache-control']).toBe('no-store')
    const forged = await me('sintonia.session_token=forjado.assinatura')
    expect(forged.statusCode).toBe(200)
    expect(forged.json()).toEqual({ user: null })
    expect((await ctx.app.inject({ method: 'POST', url: API.accounts.signOut })).statusCode).toBe(401)
  })

  it('refuses a wrong password and an unknown e-mail alike with 401 and no cookie', async () => {
    const person = await listener(ctx)
    const wrong = await signIn(ctx, person.email, 'senha-errada', 'user')
    const unknown = await signIn(ctx, uniqueEmail('ninguem'), 'senha-errada', 'user')
    for (const { res } of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: AUTH_MSG.invalidCredentials })
      expect(setCookies(res)).toEqual([])
    }
  })

  it('refuses an admin on the listener portal with 403 and leaves no sign-in behind', async () => {
    const boss = await admin(ctx)
    const before = (await signInsOf(boss.userId)).length
    const { res } = await signIn(ctx, boss.email, boss.password, 'user')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(AUTH_MSG.adminMustUseAdminLogin)
    expect(setCookies(res)).toEqual([])
    expect((await signInsOf(boss.userId)).length).toBe(before)
  })

  it('refuses a listener on the admin portal with 403 and leaves no sign-in behind', async () => {
    const person = await listener(ctx)
    const before = (await signInsOf(person.userId)).length
    const { res } = await signIn(ctx, person.email, person.password, 'admin')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(AUTH_MSG.userMustUseUserLogin)
    expect(setCookies(res)).toEqual([])
    expect((await signInsOf(person.userId)).length).toBe(before)
  })

  it('lets an admin in on the admin portal, with role admin', async () => {
    const boss = await admin(ctx)
    const res = await me(boss.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.role).toBe('admin')
  })

  it('refuses a banned account with 403 (after the password check) and opens no sign-in', async () => {
    const person = await listener(ctx)
    await setBanned(ctx, person.userId)
    const before = (await signInsOf(person.userId)).length
    const right = await signIn(ctx, person.email, person.password, 'user')
    expect(right.res.statusCode).toBe(403)
    expect(right.res.json().message).toBe(AUTH_MSG.banned)
    expect(setCookies(right.res)).toEqual([])
    expect((await signInsOf(person.userId)).length).toBe(before)
    // A wrong password says nothing about the ban.
    expect((await signIn(ctx, person.email, 'senha-errada', 'user')).res.statusCode).toBe(401)
    // The sign-in opened before the ban no longer works either.
    const old = await me(person.cookie)
    expect(old.statusCode).toBe(403)
    expect(old.json().message).toBe(AUTH_MSG.banned)
  })

  it('lets a user in again once a temporary ban has expired', async () => {
    const person = await listener(ctx)
    await setBanned(ctx, person.userId, true, new Date(Date.now() - 60_000))
    expect((await me(person.cookie)).statusCode).toBe(200)
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(200)
  })

  it('limits sign-in and sign-up to 10 per minute per IP', async () => {
    const ip = nextIp()
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: API.accounts.signIn, payload: { email: uniqueEmail(), password: 'x', portal: 'user' }, remoteAddress: ip })
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) expect((await attempt()).statusCode).toBe(401)
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(AUTH_MSG.tooManyAttempts)

    const signUpIp = nextIp()
    const create = () =>
      ctx.app.inject({ method: 'POST', url: API.accounts.signUp, payload: { email: 'x', password: 'y' }, remoteAddress: signUpIp })
    for (let i = 0; i < RATE_LIMITS.signUp.max; i++) expect((await create()).statusCode).toBe(400)
    expect((await create()).statusCode).toBe(429)
  })
})

describe('pending subscription merge (only for a proven mailbox)', () => {
  const check = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie } })
  const pendingRow = (id: string) => ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.id, id))

  it('on sign-up with session_id nothing is attached; the confirmation link leads to the access link, which activates it', async () => {
    const email = uniqueEmail('pagou')
    const pending = await seedPending(ctx, email.toUpperCase())
    const { res, cookie } = await signUp(ctx, { email, checkoutId: pending.checkoutId })
    expect(res.statusCode).toBe(201)
    expect(res.json().user.emailVerified).toBe(false)
    const userId = res.json().user.id as string
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toEqual([])
    expect(await pendingRow(pending.id)).toHaveLength(1)
    expect((await check(cookie)).json()).toMatchObject({ subscribed: false })

    const confirmed = await confirmEmail(ctx, email)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ message: AUTH_MSG.emailVerified, email, accessToken: expect.any(String) })
    // Confirming alone attaches nothing: the account's password may have been chosen by someone else.
    expect(await pendingRow(pending.id)).toHaveLength(1)

    const token = confirmed.json().accessToken as string
    const activated = await ctx.app.inject({
      method: 'POST',
      url: API.accounts.onboardingPassword,
      payload: { token, password: 'senha-da-compra', confirmPassword: 'senha-da-compra' },
      remoteAddress: nextIp(),
    })
    expect(activated.statusCode).toBe(201)
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      status: 'active',
      planCode: pending.planCode,
      provider: 'sandbox',
      providerCustomerId: pending.providerCustomerId,
      providerSubscriptionId: pending.providerSubscriptionId,
      email,
    })
    expect(rows[0]!.currentPeriodEnd!.toISOString()).toBe(pending.currentPeriodEnd!.toISOString())
    expect(await pendingRow(pending.id)).toEqual([])
    expect((await check(cookieHeader(activated))).json()).toEqual({
      subscribed: true,
      subscription_tier: 'semestral',
      subscription_end: pending.currentPeriodEnd!.toISOString(),
      subscription_status: 'active',
    })
  })

  it('on sign-in with session_id: nothing merged before the mailbox is proven; proving it activates what waits, and later purchases merge by checkout', async () => {
    const person = await listener(ctx)
    expect((await check(person.cookie)).json()).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      subscription_status: 'none',
    })
    const pending = await seedPending(ctx, person.email, { planCode: 'anual' })
    const unproven = await signIn(ctx, person.email, person.password, 'user', { checkoutId: pending.checkoutId })
    expect(unproven.res.statusCode).toBe(200)
    expect((await check(unproven.cookie)).json()).toMatchObject({ subscribed: false })
    expect(await pendingRow(pending.id)).toHaveLength(1)

    // The proof (confirmation, then the password chosen through it) activates what waited (ADR 023).
    const proven = await confirmAndChoosePassword(ctx, person.email, person.password)
    expect(proven.chosen.json().user.emailVerified).toBe(true)
    expect((await check(proven.cookie)).json()).toMatchObject({ subscribed: true, subscription_tier: 'anual', subscription_status: 'active' })
    expect(await pendingRow(pending.id)).toEqual([])

    // A purchase paid afterwards for the confirmed e-mail joins through a sign-in with its checkout.
    await ctx.database.db.delete(subscriptions).where(eq(subscriptions.userId, person.userId))
    const later = await seedPending(ctx, person.email, { planCode: 'trimestral' })
    const { res, cookie } = await signIn(ctx, person.email, person.password, 'user', { checkoutId: later.checkoutId })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.emailVerified).toBe(true)
    expect((await check(cookie)).json()).toMatchObject({ subscribed: true, subscription_tier: 'trimestral', subscription_status: 'active' })
    expect(await pendingRow(later.id)).toEqual([])
  })

  it("does not merge another checkout's pending row, nor another e-mail's", async () => {
    const email = uniqueEmail('outro')
    const { res } = await signUp(ctx, { email, checkoutId: 'cs_sessao_diferente' })
    expect(res.statusCode).toBe(201)
    const userId = res.json().user.id as string
    await confirmAndChoosePassword(ctx, email, 'senha-segura-1')
    // Paid after the account proved the address: only a sign-in with their own checkout merges them.
    const pending = await seedPending(ctx, email)
    const withoutCheckout = await seedPending(ctx, email, { checkoutId: null })
    const foreign = await seedPending(ctx, uniqueEmail('alheio'), { checkoutId: 'cs_alheio_123' })
    expect((await signIn(ctx, email, 'senha-segura-1', 'user', { checkoutId: 'cs_sessao_diferente' })).res.statusCode).toBe(200)
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toEqual([])
    for (const row of [pending, withoutCheckout]) expect(await pendingRow(row.id)).toHaveLength(1)

    const other = await signUp(ctx, { checkoutId: foreign.checkoutId })
    expect(other.res.statusCode).toBe(201)
    expect(await pendingRow(foreign.id)).toHaveLength(1)
  })

  it('is atomic: when the activation fails, no account is created, the pending row stays and the link still works', async () => {
    const { db } = ctx.database
    const email = uniqueEmail('atomico')
    const pending = await seedPending(ctx, email)
    await db.transaction((tx) => sendAccessLink(tx, { mailer: ctx.app.mailer, publicUrl: ctx.config.publicUrl }, email, 'resend'))
    await db.execute(sql`create or replace function sintonia_test_fail() returns trigger language plpgsql as $$ begin raise exception 'falha simulada'; end $$`)
    await db.execute(sql`create trigger sintonia_test_fail before insert on subscriptions for each row execute function sintonia_test_fail()`)
    try {
      const users = await countRows(ctx, 'user')
      const { res } = await useAccessLink(ctx, email)
      expect(res.statusCode).toBe(500)
      expect(res.json().message).toBe(MSG.generic.internal)
      expect(setCookies(res)).toEqual([])
      expect(await countRows(ctx, 'user')).toBe(users)
      expect(await db.select().from(user).where(eq(user.email, email))).toEqual([])
      expect(await pendingRow(pending.id)).toHaveLength(1)
    } finally {
      await db.execute(sql`drop trigger sintonia_test_fail on subscriptions`)
      await db.execute(sql`drop function sintonia_test_fail()`)
    }
    expect((await useAccessLink(ctx, email)).res.statusCode).toBe(201)
    expect(await pendingRow(pending.id)).toEqual([])
  })
})

describe('password reset', () => {
  const forgot = (email: string, remoteAddress = nextIp()) =>
    ctx.app.inject({ method: 'POST', url: API.accounts.forgotPassword, payload: { email }, remoteAddress })
  const reset = (token: string, newPassword: string) =>
    ctx.app.inject({ method: 'POST', url: API.accounts.resetPassword, payload: { token, newPassword }, remoteAddress: nextIp() })

  async function resetMailsTo(email: string) {
    return ctx.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password_reset')))
  }

  it('always answers the same 200, and sends nothing for an unknown e-mail', async () => {
    const email = uniqueEmail('desconhecido')
    const res = await forgot(email)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: AUTH_MSG.resetEmailSent })
    expect(await resetMailsTo(email)).toEqual([])
  })

  it('e-mails a pt-BR link; the token resets the password once, revokes every old sign-in, and is never logged', async () => {
    const person = await listener(ctx, { name: 'Joana Prado' })
    const second = await signIn(ctx, person.email, person.password, 'user')
    const res = await forgot(person.email)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: AUTH_MSG.resetEmailSent })

    const [mail] = await resetMailsTo(person.email)
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe('Redefinição de senha — Sintonia')
    // Unconfirmed: the name was typed at sign-up, maybe by someone else, so the e-mail greets by the address.
    expect(mail!.textBody).toContain(`Olá, ${person.email.split('@')[0]}!`)
    expect(mail!.textBody).not.toContain('Joana')
    const match = mail!.textBody.match(new RegExp(`${ctx.config.publicUrl}/redefinir-senha\\?token=([A-Za-z0-9_-]+)`))
    expect(match).not.toBeNull()
    const token = match![1]!
    expect(mail!.htmlBody).toContain(`href="${ctx.config.publicUrl}/redefinir-senha?token=${token}"`)

    const done = await reset(token, 'nova-senha-forte')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ message: AUTH_MSG.resetDone })

    expect((await me(person.cookie)).json().user).toBeNull()
    expect((await me(second.cookie)).json().user).toBeNull()
    expect(await signInsOf(person.userId)).toEqual([])
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(401)
    expect((await signIn(ctx, person.email, 'nova-senha-forte', 'user')).res.statusCode).toBe(200)

    const reused = await reset(token, 'outra-senha-123')
    expect(reused.statusCode).toBe(400)
    expect(reused.json().message).toBe(AUTH_MSG.resetInvalidToken)

    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toContain(token)
  })

  it('refuses an invalid token and a short new password', async () => {
    const bad = await reset('token-que-nao-existe', 'nova-senha-forte')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe(AUTH_MSG.resetInvalidToken)
    const short = await reset('token-que-nao-existe', '123')
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe(`newPassword: ${AUTH_MSG.passwordTooShort}`)
  })

  it('limits forgot-password to 5 per minute per IP', async () => {
    const ip = nextIp()
    for (let i = 0; i < RATE_LIMITS.forgotPassword.max; i++) expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(200)
    const limited = await forgot(uniqueEmail(), ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(AUTH_MSG.tooManyAttempts)
  })
})

describe('LGPD export', () => {
  it('downloads a JSON attachment with everything about the user and no password hash nor token', async () => {
    // Rows recorded for the e-mail (the lead) belong to the account once it proved the address.
    const person = await provenListener()
    const lead = await ctx.app.inject({
      method: 'POST',
      url: API.communication.leads,
      payload: { name: 'Pessoa Teste', email: person.email, consent: true },
      remoteAddress: nextIp(),
    })
    expect(lead.statusCode).toBe(201)
    const events = await ctx.app.inject({
      method: 'POST',
      url: API.insights.events,
      headers: { cookie: person.cookie },
      payload: { sessionId: 'sessao-navegador-1', events: [{ eventType: 'page_view', eventData: { path: '/dashboard' } }] },
      remoteAddress: nextIp(),
    })
    expect(events.statusCode).toBe(202)
    await seedSubscription(ctx, person.userId, { planCode: 'trimestral' })

    const res = await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie: person.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="sintonia-meus-dados.json"')
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const data = res.json()
    expect(data.account).toMatchObject({ id: person.userId, email: person.email, role: 'user' })
    expect(data.account.loginMethods).toEqual([expect.objectContaining({ providerId: 'credential' })])
    expect(data.sessions.length).toBeGreaterThan(0)
    expect(data.subscriptions).toEqual([expect.objectContaining({ planCode: 'trimestral', status: 'active' })])
    expect(data.leads).toEqual([expect.objectContaining({ name: 'Pessoa Teste', email: person.email })])
    expect(data.analyticsEvents).toEqual([expect.objectContaining({ eventType: 'page_view' })])

    const [credential] = await ctx.database.db.select().from(account).where(eq(account.userId, person.userId))
    const tokens = (await signInsOf(person.userId)).map((s) => s.token)
    expect(res.body).not.toContain(credential!.password!)
    for (const token of tokens) expect(res.body).not.toContain(token)
    expect(res.body).not.toMatch(/"password"|"token"/)
  })

  it('answers 401 without a sign-in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: API.accounts.exportData })).statusCode).toBe(401)
  })
})

describe('account deletion', () => {
  const remove = (cookie: string, password: string) =>
    ctx.app.inject({ method: 'DELETE', url: API.accounts.deleteAccount, headers: { cookie }, payload: { password } })

  it('refuses a wrong password with 403 and changes nothing', async () => {
    const person = await listener(ctx)
    const res = await remove(person.cookie, 'senha-errada')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(AUTH_MSG.deleteConfirmationWrong)
    expect(await ctx.database.db.select().from(user).where(eq(user.id, person.userId))).toHaveLength(1)
    expect((await me(person.cookie)).statusCode).toBe(200)
  })

  it('deletes the account, its sign-ins and lead, anonymises analytics and detaches subscriptions, in one go', async () => {
    // Rows recorded for the e-mail (the lead) belong to the account once it proved the address.
    const person = await provenListener()
    const other = await signIn(ctx, person.email, person.password, 'user')
    await ctx.app.inject({
      method: 'POST',
      url: API.communication.leads,
      payload: { name: 'Quem Sai', email: person.email.toUpperCase(), consent: true },
      remoteAddress: nextIp(),
    })
    await ctx.app.inject({
      method: 'POST',
      url: API.insights.events,
      headers: { cookie: person.cookie },
      payload: { sessionId: 'sessao-navegador-2', events: [{ eventType: 'page_view', eventData: {} }] },
      remoteAddress: nextIp(),
    })
    const subscription = await seedSubscription(ctx, person.userId)

    const res = await remove(person.cookie, person.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: AUTH_MSG.accountDeleted })
    expect(signInCookieOf(res)).toMatch(/Max-Age=0/)

    const { db } = ctx.database
    expect(await db.select().from(user).where(eq(user.id, person.userId))).toEqual([])
    expect(await db.select().from(account).where(eq(account.userId, person.userId))).toEqual([])
    expect(await signInsOf(person.userId)).toEqual([])
    expect(await db.select().from(leads).where(sql`lower(${leads.email}) = ${person.email}`)).toEqual([])
    expect(await db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, person.userId))).toEqual([])
    expect(await db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, 'sessao-navegador-2'))).toEqual([
      expect.objectContaining({ userId: null }),
    ])
    const [kept] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(kept).toMatchObject({ userId: null, email: DELETED_ACCOUNT_EMAIL })

    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'account_deleted'), eq(auditLog.target, `user:${person.userId}`)))
    expect(audit).toMatchObject({ actorUserId: person.userId, outcome: 'success' })
    expect(JSON.stringify(audit!.details)).not.toContain(person.email)

    expect((await me(person.cookie)).json().user).toBeNull()
    expect((await me(other.cookie)).json().user).toBeNull()
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(401)
  })
})

describe("Better Auth's own routes under /api/auth", () => {
  it('only get-session is reachable, and it never puts the sign-in token in a body', async () => {
    const person = await listener(ctx)
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: person.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.id).toBe(person.userId)
    expect(res.body).not.toMatch(/"token"/)

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: person.email, password: 'senha-errada' },
      remoteAddress: nextIp(),
    })
    // A second sign-in path would double the guesses the app's own limit allows (docs/security.md).
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().message).toBe(MSG.generic.routeNotFound)
    expect(setCookies(wrong)).toEqual([])
  })

  it('do not offer a second sign-up path', async () => {
    const email = uniqueEmail('atalho')
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'senha-segura-1', name: 'x' } })
    expect(res.statusCode).toBe(404)
    expect(await ctx.database.db.select().from(user).where(eq(user.email, email))).toEqual([])
  })
})

describe('production cookies', () => {
  it('are HttpOnly, SameSite=Lax and Secure', async () => {
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://sintonia.exemplo.com.br',
        SANDBOX_WEBHOOK_SECRET: 'y'.repeat(32),
      },
    })
    try {
      const { res, cookie } = await signUp(prod)
      expect(res.statusCode).toBe(201)
      const line = signInCookieOf(res)!
      expect(line).toMatch(/^__Secure-sintonia\.session_token=/)
      expect(line).toMatch(/; HttpOnly/)
      expect(line).toMatch(/; SameSite=Lax/i)
      expect(line).toMatch(/; Secure/)
      expect((await prod.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie } })).statusCode).toBe(200)
    } finally {
      await prod.close()
    }
  })
})

describe('LGPD and purchases', () => {
  it('the export carries the checkouts, payments and guarantee requests; deletion keeps them for accounting without the person', async () => {
    const person = await listener(ctx)
    const { checkoutId } = await startAuthFirst(ctx, person, 'semestral')
    expect((await payWithCard(ctx, checkoutId, CARDS.ok)).statusCode).toBe(303)
    const refund = await ctx.app.inject({
      method: 'POST',
      url: API.commerce.subscription.refundRequest,
      headers: { cookie: person.cookie },
      payload: { reason: 'Mudei de ideia, motivo pessoal' },
    })
    expect(refund.statusCode).toBeLessThan(300)

    const exported = (await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie: person.cookie } })).json()
    expect(exported.checkouts).toEqual([expect.objectContaining({ planCode: 'semestral', paymentStatus: 'paid' })])
    // The checkout id is the buyer's secret (it proves the payment at sign-in): never in an answer.
    expect(JSON.stringify(exported)).not.toContain(checkoutId)
    expect(exported.payments).toEqual([expect.objectContaining({ planCode: 'semestral', status: 'paid', method: 'card' })])
    expect(exported.refundRequests).toEqual([expect.objectContaining({ reason: 'Mudei de ideia, motivo pessoal', status: 'pending' })])

    const deleted = await ctx.app.inject({ method: 'DELETE', url: API.accounts.deleteAccount, headers: { cookie: person.cookie }, payload: { password: person.password } })
    expect(deleted.statusCode).toBe(200)
    const { db } = ctx.database
    const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
    expect(checkout).toMatchObject({ userId: null, email: DELETED_ACCOUNT_EMAIL, customerName: null, paymentStatus: 'paid' })
    const paid = await db.select().from(payments).where(eq(payments.providerSubscriptionId, checkout!.providerSubscriptionId!))
    expect(paid).toEqual([expect.objectContaining({ userId: null, email: DELETED_ACCOUNT_EMAIL, amountCents: checkout!.amountCents })])
    const leftovers = await db.execute(sql`select count(*)::int as n from refund_requests where lower(email) = lower(${person.email}) or reason like '%motivo pessoal%'`)
    expect(Number((leftovers as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0)
  })
})
