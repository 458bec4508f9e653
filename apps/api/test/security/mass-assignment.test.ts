/**
 * Mass assignment (issue: security suite): a client may not set what a route does not own —
 * role, status, subscription, price, plan, owner. Proved two ways: no JSON body schema lets unknown
 * keys through (each refuses them, or strips them like the landing content, ADR 007) and no
 * listener-facing body even has such a key; and live calls with valid bodies
 * plus those keys are refused without a trace in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { API } from '@sintonia/contract'
import { leads, user } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp, seedSubscription, uniqueEmail } from '../helpers/auth.js'
import { confirmationSent } from '../helpers/mailbox.js'
import { changedTables, databaseChecksum } from './support/checksum.js'

/** Keys a client must never set on routes that are not the admin's. */
const PRIVILEGED_KEYS = [
  'role', 'status', 'subscribed', 'subscriptionStatus', 'price', 'priceCents', 'amount', 'amountCents', 'currency',
  'user_id', 'userId', 'ownerId', 'isAdmin', 'admin', 'banned', 'paid', 'paymentStatus', 'source', 'currentPeriodEnd',
]
const EXTRAS = { role: 'admin', status: 'active', subscribed: true, price: 1, plan: 'anual', user_id: 'outra-pessoa', userId: 'outra-pessoa' }

/** The object schema inside a body schema (through pipes, refinements and defaults). */
function objectOf(schema: unknown): z.ZodObject | null {
  let current = schema as z.ZodType | undefined
  for (let depth = 0; current && depth < 10; depth++) {
    if (current instanceof z.ZodObject) return current
    const def = (current as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def
    current = (def?.in ?? def?.innerType ?? def?.schema) as z.ZodType | undefined
  }
  return null
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
})
afterAll(() => ctx.close())

describe('body schemas', () => {
  it('let no unknown key through on any JSON route', () => {
    const loose = ctx.app.accessTable
      .filter((route) => route.takesBody)
      .filter((route) => {
        const object = objectOf(route.bodySchema)
        if (!object) return false
        // No catchall: unknown keys are stripped; ZodNever: refused. Anything else passes them on.
        const catchall = object._zod.def.catchall
        return catchall !== undefined && !(catchall instanceof z.ZodNever)
      })
      .map((route) => `${route.method} ${route.url}`)
    expect(loose).toEqual([])
  })

  it('give no listener-facing route a key it does not own', () => {
    const offenders: string[] = []
    for (const route of ctx.app.accessTable.filter((r) => r.takesBody && r.access !== 'admin')) {
      const keys = Object.keys(objectOf(route.bodySchema)?.shape ?? {})
      for (const key of keys.filter((k) => PRIVILEGED_KEYS.includes(k))) offenders.push(`${route.method} ${route.url}: ${key}`)
    }
    expect(offenders).toEqual([])
  })
})

describe('valid bodies carrying privileged keys', () => {
  it('sign-up creates nothing', async () => {
    const email = uniqueEmail('intrusa')
    const res = await ctx.app.inject({
      method: 'POST',
      url: API.accounts.signUp,
      remoteAddress: nextIp(),
      payload: { email, password: 'senha-segura-1', ...EXTRAS },
    })
    expect(res.statusCode).toBe(400)
    expect(await ctx.database.db.select().from(user).where(eq(user.email, email))).toEqual([])
  })

  it('lead capture, playlists, listening and checkout refuse them and change nothing', async () => {
    const person = await listener(ctx)
    await confirmationSent(ctx, person.email)
    await seedSubscription(ctx, person.userId)
    const before = await databaseChecksum(ctx.database.db)
    const calls = [
      { url: API.communication.leads, payload: { name: 'Ana', email: uniqueEmail('lead'), consent: true, ...EXTRAS } },
      { url: API.listening.playlists, payload: { id: crypto.randomUUID(), name: 'Minha', ...EXTRAS } },
      { url: API.listening.events, payload: { events: [], ...EXTRAS } },
      { url: API.commerce.payments.checkout, payload: { email: uniqueEmail('compra'), name: 'Ana Souza', planCode: 'anual', amount: 1, priceCents: 1, ...EXTRAS } },
      { url: API.commerce.subscription.checkout, payload: { planCode: 'anual', priceCents: 1, ...EXTRAS } },
    ]
    for (const call of calls) {
      const res = await ctx.app.inject({ method: 'POST', url: call.url, payload: call.payload, headers: { cookie: person.cookie }, remoteAddress: nextIp() })
      expect(res.statusCode, call.url).toBe(400)
    }
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(await ctx.database.db.select().from(leads).where(eq(leads.source, 'admin'))).toEqual([])
  })
})
