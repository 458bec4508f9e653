import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type { HTTPMethods, InjectOptions } from 'fastify'
import { API, AUTH_MSG, MSG } from '@sintonia/contract'
import { auditLog, subscriptions } from '../../src/db/schema/index.js'
import { hasActiveSubscription } from '../../src/modules/commerce/subscriptions-service.js'
import { givesAccessNow, PAST_DUE_GRACE_DAYS, subscriptionGivesAccess } from '../../src/modules/commerce/access-rule.js'
import { countOverview } from '../../src/modules/insights/overview-repository.js'
import { rowsOf } from '../../src/db/rows.js'
import type { DeclaredRoute } from '../../src/plugins/access.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, auditRows, listener, nextIp, seedSubscription, setBanned, type Account } from '../helpers/auth.js'

const FIXTURE_PREFIX = '/api/teste-guarda'
const DAY = 86_400_000

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({
    seed: true,
    // Today no production route needs 'subscriber' or 'admin'; these fixtures prove those levels
    // through the same guard, and every later route of those levels joins the matrix by itself.
    beforeReady: (app) => {
      app.get(`${FIXTURE_PREFIX}/assinante`, { config: { access: 'subscriber' } }, async () => ({ ok: true }))
      app.get(`${FIXTURE_PREFIX}/admin`, { config: { access: 'admin' } }, async () => ({ ok: true }))
      app.post(`${FIXTURE_PREFIX}/admin/:id`, { config: { access: 'admin' } }, async () => ({ ok: true }))
    },
  })
})
afterAll(() => ctx.close())

function urlOf(route: DeclaredRoute): string {
  return route.url.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x')
}

function call(route: DeclaredRoute, cookie?: string) {
  return ctx.app.inject({
    method: route.method as InjectOptions['method'],
    url: urlOf(route),
    headers: cookie ? { cookie } : {},
    remoteAddress: nextIp(),
  })
}

async function deniedAudits(route: DeclaredRoute, reason: string) {
  const rows = await auditRows(ctx, `${route.method} ${route.url}`)
  return rows.filter((row) => row.action === 'access_denied' && row.outcome === 'denied' && (row.details as { reason?: string }).reason === reason)
}

describe('the route-access matrix', () => {
  let people: { listener: Account; subscriber: Account; banned: Account; admin: Account }
  let guarded: DeclaredRoute[]

  beforeAll(async () => {
    people = {
      listener: await listener(ctx),
      subscriber: await listener(ctx),
      banned: await listener(ctx),
      admin: await admin(ctx),
    }
    await seedSubscription(ctx, people.subscriber.userId)
    await seedSubscription(ctx, people.banned.userId)
    await setBanned(ctx, people.banned.userId)
    guarded = ctx.app.accessTable.filter((route) => route.access !== 'public')
  })

  it('knows every /api route and its declared access', () => {
    const table = ctx.app.accessTable
    const key = (r: DeclaredRoute) => `${r.method} ${r.url} ${r.access}`
    const keys = table.map(key)
    for (const expected of [
      `POST ${API.accounts.signUp} public`,
      `POST ${API.accounts.signIn} public`,
      `POST ${API.accounts.signOut} user`,
      `GET ${API.accounts.me} public`,
      `POST ${API.accounts.forgotPassword} public`,
      `POST ${API.accounts.resetPassword} public`,
      `POST ${API.accounts.onboardingPassword} public`,
      `POST ${API.accounts.accessLinkPreview} public`,
      `POST ${API.accounts.verifyEmail} public`,
      `POST ${API.accounts.resendVerification} user`,
      `POST ${API.accounts.changeEmail} user`,
      `PATCH ${API.accounts.profile} user`,
      `POST ${API.accounts.changePassword} user`,
      `POST ${API.commerce.payments.resendAccessLink} public`,
      `GET ${API.accounts.exportData} user`,
      `DELETE ${API.accounts.deleteAccount} user`,
      `GET ${API.commerce.subscription.check} user`,
      // Better Auth's only reachable endpoint (docs/security.md).
      'GET /api/auth/get-session public',
      `GET ${FIXTURE_PREFIX}/assinante subscriber`,
      `GET ${FIXTURE_PREFIX}/admin admin`,
    ]) {
      expect(keys).toContain(expected)
    }
    expect(keys).toContain(`GET ${API.health} public`)
    expect(keys.filter((key) => key.includes(' /api/auth/'))).toEqual(['GET /api/auth/get-session public', 'HEAD /api/auth/get-session public'])
    // The table is filled by the onRoute hook that refuses undeclared routes, so it misses none;
    // and each of its entries is a route the app really serves.
    for (const route of table) expect(ctx.app.hasRoute({ method: route.method as HTTPMethods, url: route.url })).toBe(true)
    expect(guarded.length).toBeGreaterThanOrEqual(8)
  })

  it('refuses anonymous callers with 401 on every non-public route, and audits each refusal', async () => {
    for (const route of guarded) {
      const before = (await deniedAudits(route, 'anonymous')).length
      const res = await call(route)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401)
      if (route.method !== 'HEAD') expect(res.json().message).toBe(MSG.generic.unauthorized)
      expect((await deniedAudits(route, 'anonymous')).length, `auditoria de ${route.method} ${route.url}`).toBe(before + 1)
    }
  })

  it('refuses a banned account with 403 on every non-public route', async () => {
    for (const route of guarded) {
      const before = (await deniedAudits(route, 'banned')).length
      const res = await call(route, people.banned.cookie)
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
      if (route.method !== 'HEAD') expect(res.json().message).toBe(AUTH_MSG.banned)
      expect((await deniedAudits(route, 'banned')).length).toBe(before + 1)
    }
    const [row] = await deniedAudits(guarded[0]!, 'banned')
    expect(row).toMatchObject({ actorUserId: people.banned.userId, ip: expect.any(String) })
    expect(row!.details).toMatchObject({ required: guarded[0]!.access, reason: 'banned' })
  })

  it("refuses a listener without subscription on 'subscriber' routes and lets a subscriber through", async () => {
    const routes = guarded.filter((route) => route.access === 'subscriber')
    expect(routes.length).toBeGreaterThan(0)
    for (const route of routes) {
      const before = (await deniedAudits(route, 'no_subscription')).length
      const refused = await call(route, people.listener.cookie)
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403)
      if (route.method !== 'HEAD') expect(refused.json().message).toBe(AUTH_MSG.subscriptionRequired)
      expect((await deniedAudits(route, 'no_subscription')).length).toBe(before + 1)

      const passed = await call(route, people.subscriber.cookie)
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(passed.statusCode)
      // Admins may check the content they manage without subscribing.
      expect([401, 403]).not.toContain((await call(route, people.admin.cookie)).statusCode)
    }
  })

  it("refuses listeners and subscribers on 'admin' routes and lets an admin through", async () => {
    const routes = guarded.filter((route) => route.access === 'admin')
    expect(routes.length).toBeGreaterThan(0)
    for (const route of routes) {
      const before = (await deniedAudits(route, 'role')).length
      for (const who of [people.listener, people.subscriber]) {
        const res = await call(route, who.cookie)
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
        if (route.method !== 'HEAD') expect(res.json().message).toBe(MSG.generic.forbidden)
      }
      expect((await deniedAudits(route, 'role')).length).toBe(before + 2)
      expect([401, 403], `${route.method} ${route.url}`).not.toContain((await call(route, people.admin.cookie)).statusCode)
    }
  })

  it("lets any signed-in account through 'user' routes", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie: people.listener.cookie } })
    expect(res.statusCode).toBe(200)
    expect((await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie: people.admin.cookie } })).statusCode).toBe(200)
  })

  it('answers the sign-in read for anyone, without a refusal to audit: a visitor reads user null, a suspended account 403', async () => {
    const before = (await deniedAudits({ method: 'GET', url: API.accounts.me } as DeclaredRoute, 'anonymous')).length
    const visitor = await ctx.app.inject({ method: 'GET', url: API.accounts.me })
    expect(visitor.statusCode).toBe(200)
    expect(visitor.json()).toEqual({ user: null })
    expect((await deniedAudits({ method: 'GET', url: API.accounts.me } as DeclaredRoute, 'anonymous')).length).toBe(before)
    const banned = await ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie: people.banned.cookie } })
    expect(banned.statusCode).toBe(403)
    expect(banned.json().message).toBe(AUTH_MSG.banned)
    expect((await ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie: people.listener.cookie } })).json().user.id).toBe(people.listener.userId)
  })

  it('never turns a refusal into an error when the audit write fails', async () => {
    const { db } = ctx.database
    await db.execute(sql`create or replace function sintonia_test_no_audit() returns trigger language plpgsql as $$ begin raise exception 'auditoria indisponível'; end $$`)
    await db.execute(sql`create trigger sintonia_test_no_audit before insert on audit_log for each row execute function sintonia_test_no_audit()`)
    try {
      const res = await ctx.app.inject({ method: 'GET', url: API.accounts.exportData })
      expect(res.statusCode).toBe(401)
      expect(res.json().message).toBe(MSG.generic.unauthorized)
    } finally {
      await db.execute(sql`drop trigger sintonia_test_no_audit on audit_log`)
      await db.execute(sql`drop function sintonia_test_no_audit()`)
    }
  })
})

describe('origin check on mutating requests', () => {
  const post = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: API.accounts.forgotPassword, payload: { email: 'alguem@exemplo.com' }, headers, remoteAddress: nextIp() })

  it('refuses a POST whose Origin is another site, with 403 in pt-BR, and audits it', async () => {
    const res = await post({ origin: 'https://site-malicioso.example' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Origem da requisição não permitida' })
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'origin_denied'), eq(auditLog.target, `POST ${API.accounts.forgotPassword}`)))
    expect(rows.length).toBeGreaterThan(0)
    expect((await post({ origin: 'null' })).statusCode).toBe(403)
  })

  it('refuses DELETE, PUT and PATCH from another origin before anything else, even on unknown routes', async () => {
    const person = await listener(ctx)
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: API.accounts.deleteAccount,
      headers: { cookie: person.cookie, origin: 'https://site-malicioso.example' },
      payload: { password: person.password },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(MSG.generic.originNotAllowed)
    expect((await ctx.app.inject({ method: 'GET', url: API.accounts.me, headers: { cookie: person.cookie } })).statusCode).toBe(200)
    for (const method of ['PUT', 'PATCH'] as const) {
      expect((await ctx.app.inject({ method, url: '/api/qualquer', headers: { origin: 'https://x.example' } })).statusCode).toBe(403)
    }
  })

  it('lets through the PUBLIC_URL origin, the request host origin, requests without Origin, and GETs', async () => {
    expect((await post({ origin: ctx.config.publicUrl })).statusCode).toBe(200)
    expect((await post({ origin: 'http://localhost:5173', host: 'localhost:5173' })).statusCode).toBe(200)
    expect((await post({})).statusCode).toBe(200)
    const get = await ctx.app.inject({ method: 'GET', url: API.health, headers: { origin: 'https://site-malicioso.example' } })
    expect(get.statusCode).toBe(200)
  })
})

describe('hasActiveSubscription (the one subscription rule)', () => {
  const cases: { name: string; status: 'active' | 'past_due' | 'canceled' | 'expired'; end: number | null; grace?: number; pause?: [number, number]; expected: boolean }[] = [
    { name: 'active, period ending later', status: 'active', end: 10 * DAY, expected: true },
    { name: 'active, no period end', status: 'active', end: null, expected: true },
    { name: 'active, period already over', status: 'active', end: -60_000, expected: false },
    { name: 'past_due within the grace period', status: 'past_due', end: -(PAST_DUE_GRACE_DAYS - 1) * DAY, expected: true },
    { name: 'past_due beyond the grace period', status: 'past_due', end: -(PAST_DUE_GRACE_DAYS + 1) * DAY, expected: false },
    { name: 'past_due without a period end', status: 'past_due', end: null, expected: false },
    // The admin's grace days, recorded when the renewal failed, decide instead of the default.
    { name: 'past_due, recorded grace not over (10 days)', status: 'past_due', end: -8 * DAY, grace: 2 * DAY, expected: true },
    { name: 'past_due, recorded grace over (0 days)', status: 'past_due', end: -60_000, grace: -60_000, expected: false },
    // A pause the subscriber chose (the renewal moved to its end): no access while it runs, access again after.
    { name: 'active, inside a pause', status: 'active', end: 40 * DAY, pause: [-DAY, 40 * DAY], expected: false },
    { name: 'active, pause not started yet', status: 'active', end: 70 * DAY, pause: [10 * DAY, 40 * DAY], expected: true },
    { name: 'active, pause over', status: 'active', end: 70 * DAY, pause: [-40 * DAY, -DAY], expected: true },
    { name: 'canceled', status: 'canceled', end: 10 * DAY, expected: false },
    { name: 'expired', status: 'expired', end: 10 * DAY, expected: false },
  ]

  it.each(cases)('$name → $expected (in SQL and in memory)', async ({ status, end, grace, pause, expected }) => {
    const person = await listener(ctx)
    const before = (await countOverview(ctx.database.db)).activeSubscribers
    const row = await seedSubscription(ctx, person.userId, {
      status,
      currentPeriodEnd: end === null ? null : new Date(Date.now() + end),
      graceEndsAt: grace === undefined ? null : new Date(Date.now() + grace),
      pauseStartsAt: pause ? new Date(Date.now() + pause[0]) : null,
      pauseEndsAt: pause ? new Date(Date.now() + pause[1]) : null,
    })
    expect(await hasActiveSubscription(ctx.database.db, person.userId)).toBe(expected)
    expect(subscriptionGivesAccess(row)).toBe(expected)
    // The SQL form every set-wise query uses (admin counts, campaign segments, MRR).
    const [asSql] = rowsOf<{ gives: boolean }>(await ctx.database.db.execute(sql`select ${givesAccessNow()} as gives from subscriptions where id = ${row.id}`))
    expect(asSql?.gives).toBe(expected)
    expect((await countOverview(ctx.database.db)).activeSubscribers).toBe(before + (expected ? 1 : 0))
    const check = await ctx.app.inject({ method: 'GET', url: API.commerce.subscription.check, headers: { cookie: person.cookie } })
    expect(check.json()).toMatchObject({ subscribed: expected, subscription_status: status, subscription_tier: 'anual' })
    // The guard reads the rule with the sign-in, in the same query (plugins/auth.ts): same answer.
    const guarded = await ctx.app.inject({ method: 'GET', url: `${FIXTURE_PREFIX}/assinante`, headers: { cookie: person.cookie } })
    expect(guarded.statusCode).toBe(expected ? 200 : 403)
  })

  it('a subscription that ends counts on the next request of the same sign-in', async () => {
    const person = await listener(ctx)
    const row = await seedSubscription(ctx, person.userId)
    const guarded = () => ctx.app.inject({ method: 'GET', url: `${FIXTURE_PREFIX}/assinante`, headers: { cookie: person.cookie } })
    expect((await guarded()).statusCode).toBe(200)
    await ctx.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, row.id))
    expect((await guarded()).statusCode).toBe(403)
  })

  it('answers for the right user only', async () => {
    const [a, b] = [await listener(ctx), await listener(ctx)]
    await seedSubscription(ctx, a.userId)
    expect(await hasActiveSubscription(ctx.database.db, a.userId)).toBe(true)
    expect(await hasActiveSubscription(ctx.database.db, b.userId)).toBe(false)
    const rows = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, b.userId))
    expect(rows).toEqual([])
  })
})
