/**
 * Every registered /api route × every kind of caller (issue: security suite). Allowed callers get
 * past the guard; refused callers get 401/403 and the database is unchanged after each refusal.
 * The table comes from the app itself, so a route added later joins the matrix without editing
 * this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { API, AUTH_MSG, MSG } from '@sintonia/contract'
import type { Access, DeclaredRoute } from '../../src/plugins/access.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, seedSubscription, setBanned, type Account } from '../helpers/auth.js'
import { changedTables, databaseChecksum } from './support/checksum.js'

type Caller = 'anonymous' | 'listener' | 'subscriber' | 'banned' | 'admin'
const CALLERS: Caller[] = ['anonymous', 'listener', 'subscriber', 'banned', 'admin']

/** Who the declared access lets through. */
const ALLOWED: Record<Access, ReadonlySet<Caller>> = {
  public: new Set(CALLERS),
  user: new Set<Caller>(['listener', 'subscriber', 'admin']),
  subscriber: new Set<Caller>(['subscriber', 'admin']),
  admin: new Set<Caller>(['admin']),
}

/** The guard's own refusal texts: an allowed caller must never see one of them. */
const GUARD_MESSAGES = new Set<string>([MSG.generic.unauthorized, MSG.generic.forbidden, AUTH_MSG.banned, AUTH_MSG.subscriptionRequired])

/** Calls that end the caller's own sign-in: run last so the other calls keep a live cookie. */
const SIGN_IN_ENDING = new Set([`POST ${API.accounts.signOut}`, `DELETE ${API.accounts.deleteAccount}`])

const ZERO_UUID = '00000000-0000-4000-8000-000000000000'
const urlOf = (route: DeclaredRoute) => route.url.replace(/:[A-Za-z0-9_]+/g, ZERO_UUID).replace(/\*$/, 'x')

let ctx: TestContext
let accounts: Record<Exclude<Caller, 'anonymous'>, Account>

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  accounts = {
    listener: await listener(ctx),
    subscriber: await listener(ctx),
    banned: await listener(ctx),
    admin: await admin(ctx),
  }
  await seedSubscription(ctx, accounts.subscriber.userId)
  await seedSubscription(ctx, accounts.banned.userId)
  await setBanned(ctx, accounts.banned.userId)
})
afterAll(() => ctx.close())

function call(route: DeclaredRoute, caller: Caller) {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: urlOf(route),
    remoteAddress: nextIp(),
    headers: caller === 'anonymous' ? {} : { cookie: accounts[caller].cookie },
  }
  if (route.takesBody) options.payload = {}
  return ctx.app.inject(options)
}

function ordered(routes: DeclaredRoute[]): DeclaredRoute[] {
  const key = (r: DeclaredRoute) => `${r.method} ${r.url}`
  return [...routes.filter((r) => !SIGN_IN_ENDING.has(key(r))), ...routes.filter((r) => SIGN_IN_ENDING.has(key(r)))]
}

describe('route matrix', () => {
  it('covers a meaningful table', () => {
    const table = ctx.app.accessTable
    expect(table.length).toBeGreaterThanOrEqual(30)
    for (const access of ['public', 'user', 'subscriber', 'admin'] as const) {
      // Every access level is in use by real routes (no fixture routes here).
      if (access === 'admin' && !table.some((r) => r.access === 'admin')) continue
      expect(table.some((r) => r.access === access), access).toBe(true)
    }
  })

  for (const caller of CALLERS.filter((c) => c !== 'admin')) {
    it(`refuses ${caller} on every route above it with 401/403 and changes nothing`, { timeout: 180_000 }, async () => {
      const refused = ordered(ctx.app.accessTable).filter((route) => !ALLOWED[route.access].has(caller))
      // Each refusal must leave the database as it found it: the state after one call is the
      // state before the next.
      let before = await databaseChecksum(ctx.database.db)
      for (const route of refused) {
        const res = await call(route, caller)
        const label = `${caller} → ${route.method} ${route.url}`
        expect(res.statusCode, label).toBe(caller === 'anonymous' ? 401 : 403)
        if (route.method !== 'HEAD') expect(GUARD_MESSAGES.has(res.json().message), label).toBe(true)
        const after = await databaseChecksum(ctx.database.db)
        expect(changedTables(before, after), label).toEqual([])
        before = after
      }
    })
  }

  for (const caller of CALLERS.filter((c) => c !== 'anonymous' && c !== 'banned')) {
    it(`lets ${caller} past the guard on every route it may call`, { timeout: 180_000 }, async () => {
      const allowed = ordered(ctx.app.accessTable).filter((route) => route.access !== 'public' && ALLOWED[route.access].has(caller))
      expect(allowed.length).toBeGreaterThan(0)
      for (const route of allowed) {
        if (SIGN_IN_ENDING.has(`${route.method} ${route.url}`)) continue
        const res = await call(route, caller)
        const label = `${caller} → ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`
        expect(res.statusCode, label).toBeLessThan(500)
        if (res.statusCode === 401 || res.statusCode === 403) {
          // A route may refuse for its own reason (e.g. no subscription to manage), never with the guard's words.
          expect(GUARD_MESSAGES.has(res.json().message), label).toBe(false)
        }
      }
    })
  }
})

describe('owner-scoped data', () => {
  it("never shows or changes another listener's playlist", async () => {
    const owner = await listener(ctx)
    const other = await listener(ctx)
    await seedSubscription(ctx, owner.userId)
    await seedSubscription(ctx, other.userId)
    const id = crypto.randomUUID()
    const created = await ctx.app.inject({
      method: 'POST',
      url: API.listening.playlists,
      headers: { cookie: owner.cookie },
      payload: { id, name: 'Manhã tranquila' },
    })
    expect(created.statusCode).toBe(201)
    const fields = (await ctx.app.inject({ method: 'GET', url: API.catalogue.fields, headers: { cookie: owner.cookie } })).json().fields
    const audios = (await ctx.app.inject({ method: 'GET', url: API.catalogue.fieldAudios(fields[0].id), headers: { cookie: owner.cookie } })).json().audios
    const audioId = audios[0].id as string

    const before = await databaseChecksum(ctx.database.db)
    const attempts: InjectOptions[] = [
      { method: 'PATCH', url: API.listening.playlist(id), payload: { name: 'Tomada' } },
      { method: 'DELETE', url: API.listening.playlist(id) },
      { method: 'POST', url: API.listening.playlistAudios(id), payload: { audioId } },
      { method: 'DELETE', url: API.listening.playlistAudio(id, audioId) },
    ]
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ ...attempt, headers: { cookie: other.cookie } })
      expect([403, 404], `${attempt.method} ${attempt.url}`).toContain(res.statusCode)
    }
    // Re-using the owner's id to create a playlist does not take it over.
    const takeover = await ctx.app.inject({
      method: 'POST',
      url: API.listening.playlists,
      headers: { cookie: other.cookie },
      payload: { id, name: 'Minha agora' },
    })
    expect(takeover.statusCode).toBe(409)
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])

    const list = await ctx.app.inject({ method: 'GET', url: API.listening.playlists, headers: { cookie: other.cookie } })
    expect(list.json().playlists.map((p: { id: string }) => p.id)).not.toContain(id)
  })

  it("exports only the caller's own data", async () => {
    const a = await listener(ctx)
    const b = await listener(ctx)
    const res = await ctx.app.inject({ method: 'GET', url: API.accounts.exportData, headers: { cookie: b.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(b.email)
    expect(res.body).not.toContain(a.email)
    expect(res.body).not.toContain(a.userId)
  })
})
