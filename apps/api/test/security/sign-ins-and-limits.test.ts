/**
 * Sign-ins, cross-site requests and rate limits in production mode (issue: security suite).
 * Cookie flags, reset revocation and the origin check's details are in test/api/accounts.test.ts
 * and access-guard.test.ts; this file proves the rules across every route and against spoofed
 * client addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { API, MSG } from '@sintonia/contract'
import type { DeclaredRoute } from '../../src/plugins/access.js'
import { RATE_LIMITS } from '../../src/lib/http/rate-limits.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp, seedSubscription, setBanned, uniqueEmail } from '../helpers/auth.js'
import { confirmationSent } from '../helpers/mailbox.js'
import { changedTables, databaseChecksum } from './support/checksum.js'

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'segredo-de-producao-'.repeat(3),
  PUBLIC_URL: 'https://sintonia.exemplo.com.br',
  SANDBOX_WEBHOOK_SECRET: 'segredo-do-webhook-'.repeat(3),
}
const ZERO_UUID = '00000000-0000-4000-8000-000000000000'
const urlOf = (route: DeclaredRoute) => route.url.replace(/:[A-Za-z0-9_]+/g, ZERO_UUID).replace(/\*$/, 'x')

describe('a sign-in cookie after sign-out or ban', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: true })
  })
  afterAll(() => ctx.close())

  const signedInRoutes = () => ctx.app.accessTable.filter((route) => route.access === 'user' || route.access === 'subscriber')
  const replay = (route: DeclaredRoute, cookie: string) =>
    ctx.app.inject({
      method: route.method as InjectOptions['method'],
      url: urlOf(route),
      headers: { cookie },
      remoteAddress: nextIp(),
      ...(route.takesBody ? { payload: {} } : {}),
    })

  it('opens nothing once the listener signed out, on any route', async () => {
    const person = await listener(ctx)
    await confirmationSent(ctx, person.email)
    await seedSubscription(ctx, person.userId)
    const out = await ctx.app.inject({ method: 'POST', url: API.accounts.signOut, headers: { cookie: person.cookie } })
    expect(out.statusCode).toBe(200)
    const before = await databaseChecksum(ctx.database.db)
    for (const route of signedInRoutes()) {
      expect((await replay(route, person.cookie)).statusCode, `${route.method} ${route.url}`).toBe(401)
    }
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
  })

  it('opens nothing for a banned listener, on any route', async () => {
    const person = await listener(ctx)
    await confirmationSent(ctx, person.email)
    await seedSubscription(ctx, person.userId)
    await setBanned(ctx, person.userId)
    const before = await databaseChecksum(ctx.database.db)
    for (const route of signedInRoutes()) {
      expect((await replay(route, person.cookie)).statusCode, `${route.method} ${route.url}`).toBe(403)
    }
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
  })

  it('refuses a forged or truncated cookie like no cookie at all', async () => {
    const person = await listener(ctx)
    const [name, value = ''] = person.cookie.split('=')
    for (const cookie of [`${name}=${value.slice(0, -4)}abcd`, `${name}=${value.split('.')[0]}`, `${name}=`, `${name}=${'A'.repeat(4096)}`]) {
      expect((await ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie } })).json()).toEqual({ user: null })
      expect((await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie } })).statusCode).toBe(401)
    }
  })
})

describe('sign-in rate limit in production mode', () => {
  const signIn = (app: TestContext['app'], remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: API.accounts.signIn,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: uniqueEmail('forca-bruta'), password: 'chute-errado', portal: 'user' },
    })

  it('answers 429 after the limit, however X-Forwarded-For rotates, when no proxy is trusted', async () => {
    const prod = await buildTestApp({ env: PRODUCTION_ENV })
    try {
      const statuses: number[] = []
      for (let i = 0; i <= RATE_LIMITS.signIn.max; i++) statuses.push((await signIn(prod.app, '198.51.100.7', `203.0.113.${i}`)).statusCode)
      expect(statuses.slice(0, RATE_LIMITS.signIn.max).every((s) => s === 401)).toBe(true)
      const limited = await signIn(prod.app, '198.51.100.7', '203.0.113.250')
      expect(limited.statusCode).toBe(429)
      expect(limited.json().message).toBe(MSG.generic.tooManyRequests)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await prod.close()
    }
  })

  it('trusts X-Forwarded-For only from the configured proxy', async () => {
    const prod = await buildTestApp({ env: { ...PRODUCTION_ENV, TRUST_PROXY: '10.0.0.1' } })
    try {
      // Through the trusted proxy, each real client has its own budget…
      for (let i = 0; i < RATE_LIMITS.signIn.max * 2; i++) {
        expect((await signIn(prod.app, '10.0.0.1', `203.0.113.${i}`)).statusCode).toBe(401)
      }
      // …and one client behind it is limited however often it retries.
      for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signIn(prod.app, '10.0.0.1', '203.0.113.99')
      expect((await signIn(prod.app, '10.0.0.1', '203.0.113.99')).statusCode).toBe(429)
      // A peer that is not the proxy cannot pick its address with the header.
      for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signIn(prod.app, '198.51.100.8', `192.0.2.${i}`)
      expect((await signIn(prod.app, '198.51.100.8', '192.0.2.200')).statusCode).toBe(429)
    } finally {
      await prod.close()
    }
  })
})
