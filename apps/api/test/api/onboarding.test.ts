import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { API, AUTH_MSG, meSchema } from '@sintonia/contract'
import { accessLinks, auditLog, pendingSubscriptions, subscriptions, user } from '../../src/db/schema/index.js'
import { sendAccessLink } from '../../src/modules/accounts/mailbox.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { cookieHeader, listener, nextIp, seedPending, signInCookieOf, setCookies, signIn, uniqueEmail } from '../helpers/auth.js'
import { outboxOf } from '../helpers/commerce.js'
import { accessLinkToken, useAccessLink } from '../helpers/mailbox.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, mailer: { autoDispatch: false } })
})
afterAll(() => ctx.close())

const mail = () => ({ mailer: ctx.app.mailer, publicUrl: ctx.config.publicUrl })
const sendLink = (email: string) => ctx.database.db.transaction((tx) => sendAccessLink(tx, mail(), email, 'purchase'))
const onboard = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: API.accounts.onboardingPassword, payload: body, remoteAddress: nextIp() })
const preview = (token: string) => ctx.app.inject({ method: 'POST', url: API.accounts.accessLinkPreview, payload: { token }, remoteAddress: nextIp() })
const usersWith = (email: string) => ctx.database.db.select().from(user).where(eq(user.email, email))
const pendingRow = (id: string) => ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.id, id))
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie } })

describe('the access link of a paid purchase (/onboarding/definir-senha?token=)', () => {
  it('creates the account, activates the purchase, deletes the pending row and signs in', async () => {
    const email = uniqueEmail('comprador')
    const pending = await seedPending(ctx, email, { planCode: 'trimestral' })
    expect(await sendLink(email)).toBe(true)
    const token = (await accessLinkToken(ctx, email))!

    const shown = await preview(token)
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toEqual({ email, displayName: email.split('@')[0], plans: ['Trimestral'], accountExists: false })

    const res = await onboard({ token, password: 'minha-senha', confirmPassword: 'minha-senha' })
    expect(res.statusCode).toBe(201)
    const body = meSchema.parse(res.json())
    expect(body.user).toMatchObject({ email, role: 'user', emailVerified: true, displayName: email.split('@')[0] })
    expect(signInCookieOf(res)).toMatch(/HttpOnly/)

    const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, body.user.id))
    expect(sub).toMatchObject({ status: 'active', planCode: 'trimestral', providerSubscriptionId: pending.providerSubscriptionId })
    expect(await pendingRow(pending.id)).toEqual([])
    const check = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie: cookieHeader(res) } })
    expect(check.json()).toMatchObject({ subscribed: true, subscription_tier: 'trimestral', subscription_status: 'active' })
    // The password works for later sign-ins; the link is gone.
    expect((await signIn(ctx, email, 'minha-senha', 'user')).res.statusCode).toBe(200)
    expect(await ctx.database.db.select().from(accessLinks).where(sql`lower(${accessLinks.email}) = ${email}`)).toEqual([])
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access_link_used'), eq(auditLog.actorUserId, body.user.id)))
    expect(audit?.details).toMatchObject({ accountCreated: true, purchasesActivated: 1, sessionsRevoked: 0 })
  })

  it('works once: the same link a second time is refused and changes nothing', async () => {
    const email = uniqueEmail('duas-vezes')
    await seedPending(ctx, email)
    await sendLink(email)
    const token = (await accessLinkToken(ctx, email))!
    expect((await onboard({ token, password: 'minha-senha', confirmPassword: 'minha-senha' })).statusCode).toBe(201)
    const again = await onboard({ token, password: 'outra-senha', confirmPassword: 'outra-senha' })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(AUTH_MSG.accessLinkInvalid)
    expect(setCookies(again)).toEqual([])
    expect((await signIn(ctx, email, 'outra-senha', 'user')).res.statusCode).toBe(401)
    expect(await usersWith(email)).toHaveLength(1)
  })

  it('refuses an unknown, malformed or expired link with the same message, creating nothing', async () => {
    const email = uniqueEmail('expirado')
    const pending = await seedPending(ctx, email)
    await sendLink(email)
    const token = (await accessLinkToken(ctx, email))!
    await ctx.database.db.update(accessLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`lower(${accessLinks.email}) = ${email}`)
    for (const candidate of [token, 'x'.repeat(43), 'curto', '../../etc/passwd-aaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await onboard({ token: candidate, password: 'minha-senha', confirmPassword: 'minha-senha' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(AUTH_MSG.accessLinkInvalid)
      expect((await preview(candidate)).statusCode).toBe(400)
    }
    expect(await usersWith(email)).toEqual([])
    expect(await pendingRow(pending.id)).toHaveLength(1)
  })

  it('refuses the old proof: an e-mail and a checkout id create nothing', async () => {
    const email = uniqueEmail('antigo')
    const pending = await seedPending(ctx, email)
    const res = await onboard({ email, password: 'minha-senha', confirmPassword: 'minha-senha', checkoutId: pending.checkoutId })
    expect(res.statusCode).toBe(400)
    expect(await usersWith(email)).toEqual([])
    expect(await pendingRow(pending.id)).toHaveLength(1)
  })

  it('the mailbox owner wins over a stranger who registered the e-mail first: their sign-ins end and the purchase goes to the owner', async () => {
    const stranger = await listener(ctx, { name: 'Estranho' })
    const strangerElsewhere = await signIn(ctx, stranger.email, stranger.password, 'user')
    const pending = await seedPending(ctx, stranger.email, { planCode: 'anual' })
    await sendLink(stranger.email)
    const token = (await accessLinkToken(ctx, stranger.email))!
    expect((await preview(token)).json()).toMatchObject({ accountExists: true, plans: ['Anual'] })

    const owner = await onboard({ token, password: 'senha-do-dono', confirmPassword: 'senha-do-dono' })
    expect(owner.statusCode).toBe(201)
    expect(owner.json().user).toMatchObject({ id: stranger.userId, emailVerified: true })
    for (const cookie of [stranger.cookie, strangerElsewhere.cookie]) expect((await me(cookie)).json().user).toBeNull()
    expect((await signIn(ctx, stranger.email, stranger.password, 'user')).res.statusCode).toBe(401)
    expect((await me(cookieHeader(owner))).statusCode).toBe(200)
    const check = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie: cookieHeader(owner) } })
    expect(check.json()).toMatchObject({ subscribed: true, subscription_tier: 'anual' })
    expect(await pendingRow(pending.id)).toEqual([])
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'access_link_used'), eq(auditLog.actorUserId, stranger.userId)))
    expect(audit?.details).toMatchObject({ accountCreated: false, purchasesActivated: 1, sessionsRevoked: 2 })
  })

  it('validates the password with the product messages', async () => {
    const email = uniqueEmail('validacao')
    await seedPending(ctx, email)
    await sendLink(email)
    const token = (await accessLinkToken(ctx, email))!
    const short = await onboard({ token, password: '12345', confirmPassword: '12345' })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe(`password: ${AUTH_MSG.onboardingPasswordTooShort}`)
    const mismatch = await onboard({ token, password: 'minha-senha', confirmPassword: 'outra-senha' })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().message).toBe(`confirmPassword: ${AUTH_MSG.onboardingPasswordMismatch}`)
    expect(await usersWith(email)).toEqual([])
    // The link is still good after refused attempts.
    expect((await onboard({ token, password: 'minha-senha', confirmPassword: 'minha-senha' })).statusCode).toBe(201)
  })
})

describe('"Esqueci minha senha" for an e-mail whose purchase waits', () => {
  const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: API.accounts.forgotPassword, payload: { email }, remoteAddress: nextIp() })

  it('sends the access link instead of nothing when the buyer has no account, with the usual answer', async () => {
    const email = uniqueEmail('voltou')
    await seedPending(ctx, email, { planCode: 'semestral' })
    const res = await forgot(email)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(AUTH_MSG.resetEmailSent)
    const mails = await outboxOf(ctx, email)
    expect(mails.map((m) => m.kind)).toEqual(['purchase_claim'])
    expect(mails[0]!.textBody).toContain('Encontramos o pagamento do plano Semestral')
    const { res: activated } = await useAccessLink(ctx, email)
    expect(activated.statusCode).toBe(201)
  })

  it('sends the access link to an unconfirmed account (a stranger may have chosen its password)', async () => {
    const stranger = await listener(ctx)
    await seedPending(ctx, stranger.email)
    expect((await forgot(stranger.email)).statusCode).toBe(200)
    const kinds = (await outboxOf(ctx, stranger.email)).map((m) => m.kind)
    expect(kinds).toContain('purchase_claim')
    expect(kinds).not.toContain('password_reset')
  })

  it('sends nothing and answers the same for an unknown e-mail', async () => {
    const email = uniqueEmail('ninguem')
    const res = await forgot(email)
    expect(res.json().message).toBe(AUTH_MSG.resetEmailSent)
    expect(await outboxOf(ctx, email)).toEqual([])
  })
})
