import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, AUTH_MSG, meSchema } from '@sintonia/contract'
import { pendingSubscriptions, subscriptions, user } from '../../src/db/schema.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp, seedPending, sessionCookieOf, setCookies, signIn, uniqueEmail, cookieHeader } from '../helpers/auth.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
})
afterAll(() => ctx.close())

function onboard(body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: API.auth.onboardingPassword, payload: body, remoteAddress: nextIp() })
}

const usersWith = (email: string) => ctx.database.db.select().from(user).where(eq(user.email, email))

describe('POST /api/onboarding/password (pay-first buyers)', () => {
  it('creates the account with the password, merges the paid subscription, deletes the pending row and signs in', async () => {
    const email = uniqueEmail('comprador')
    const pending = await seedPending(ctx, email, { planCode: 'trimestral' })
    const res = await onboard({
      email: email.toUpperCase(),
      password: 'minha-senha',
      confirmPassword: 'minha-senha',
      sessionId: pending.checkoutSessionId,
    })
    expect(res.statusCode).toBe(201)
    const body = meSchema.parse(res.json())
    expect(body.user).toMatchObject({ email, role: 'user', displayName: email.split('@')[0] })
    expect(sessionCookieOf(res)).toMatch(/HttpOnly/)

    const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, body.user.id))
    expect(sub).toMatchObject({ status: 'active', planCode: 'trimestral', providerSubscriptionId: pending.providerSubscriptionId })
    expect(await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.id, pending.id))).toEqual([])

    const cookie = cookieHeader(res)
    const check = await ctx.app.inject({ method: 'GET', url: API.subscription.check, headers: { cookie } })
    expect(check.json()).toMatchObject({ subscribed: true, subscription_tier: 'trimestral', subscription_status: 'active' })
    // The password works for later sign-ins.
    expect((await signIn(ctx, email, 'minha-senha', 'user')).res.statusCode).toBe(200)
  })

  it('refuses the e-mail alone: whoever knows a buyer’s address cannot claim the paid access', async () => {
    const email = uniqueEmail('comprador')
    const pending = await seedPending(ctx, email)
    const res = await onboard({ email, password: 'minha-senha', confirmPassword: 'minha-senha' })
    expect(res.statusCode).toBe(400)
    expect(await usersWith(email)).toEqual([])
    expect(await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.id, pending.id))).toHaveLength(1)
  })

  it('refuses with 403, creating nothing, when no payment is pending for the e-mail', async () => {
    const email = uniqueEmail('sem-pagamento')
    const res = await onboard({ email, password: 'minha-senha', confirmPassword: 'minha-senha', sessionId: 'cs_inventado_123' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(AUTH_MSG.onboardingNotAllowed)
    expect(setCookies(res)).toEqual([])
    expect(await usersWith(email)).toEqual([])
  })

  it('refuses with 403 when the pending payment belongs to another checkout session', async () => {
    const email = uniqueEmail('outra-sessao')
    const pending = await seedPending(ctx, email)
    const res = await onboard({ email, password: 'minha-senha', confirmPassword: 'minha-senha', sessionId: 'cs_de_outra_pessoa' })
    expect(res.statusCode).toBe(403)
    expect(await usersWith(email)).toEqual([])
    expect(await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.id, pending.id))).toHaveLength(1)
  })

  it('refuses with 403 when an account already uses the e-mail, leaving its password and the pending row alone', async () => {
    const person = await listener(ctx)
    const pending = await seedPending(ctx, person.email)
    const res = await onboard({
      email: person.email,
      password: 'tomada-de-conta',
      confirmPassword: 'tomada-de-conta',
      sessionId: pending.checkoutSessionId,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(AUTH_MSG.onboardingNotAllowed)
    expect((await signIn(ctx, person.email, 'tomada-de-conta', 'user')).res.statusCode).toBe(401)
    expect((await signIn(ctx, person.email, person.password, 'user')).res.statusCode).toBe(200)
    expect(await ctx.database.db.select().from(pendingSubscriptions).where(eq(pendingSubscriptions.id, pending.id))).toHaveLength(1)
  })

  it('works once: a second attempt for the same e-mail is refused', async () => {
    const email = uniqueEmail('duas-vezes')
    const { checkoutSessionId: sessionId } = await seedPending(ctx, email)
    expect((await onboard({ email, password: 'minha-senha', confirmPassword: 'minha-senha', sessionId })).statusCode).toBe(201)
    const again = await onboard({ email, password: 'outra-senha', confirmPassword: 'outra-senha', sessionId })
    expect(again.statusCode).toBe(403)
    expect(await usersWith(email)).toHaveLength(1)
  })

  it('validates the password with the spec messages', async () => {
    const email = uniqueEmail('validacao')
    const { checkoutSessionId: sessionId } = await seedPending(ctx, email)
    const short = await onboard({ email, password: '12345', confirmPassword: '12345', sessionId })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe(`password: ${AUTH_MSG.onboardingPasswordTooShort}`)
    const mismatch = await onboard({ email, password: 'minha-senha', confirmPassword: 'outra-senha', sessionId })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().message).toBe(`confirmPassword: ${AUTH_MSG.onboardingPasswordMismatch}`)
    expect(await usersWith(email)).toEqual([])
  })
})
