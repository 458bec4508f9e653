/**
 * Bad input on every route that reads a JSON body (issue: security suite): malformed payloads and
 * property-based random bodies. Every answer is a 4xx with a pt-BR message, never a 5xx, never a
 * stack trace, and nothing changes in the database. Routes come from the app's own table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import type { DeclaredRoute } from '../../src/plugins/access.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, listener, nextIp, seedSubscription, type Account } from '../helpers/auth.js'
import { confirmationSent } from '../helpers/mailbox.js'
import { changedTables, databaseChecksum } from './support/checksum.js'
import { problemWithRefusal } from './support/error-shape.js'

interface RawPayload {
  name: string
  contentType: string | null
  body: string | Buffer
}

const json = (name: string, body: string): RawPayload => ({ name, contentType: 'application/json', body })
const value = (name: string, data: unknown): RawPayload => json(name, JSON.stringify(data))

const HUGE = 'a'.repeat(1024 * 1024 + 16)
const DEEP = '['.repeat(5_000) + ']'.repeat(5_000)
const DEEP_OBJECT = '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000)

/** The 30+ malformed bodies of the issue, each sent to every JSON route. */
export const MALFORMED: RawPayload[] = [
  { name: 'text/plain', contentType: 'text/plain', body: 'olá' },
  { name: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'email=a%40b.com&role=admin' },
  { name: 'multipart sem partes', contentType: 'multipart/form-data; boundary=x', body: '--x--' },
  { name: 'xml', contentType: 'application/xml', body: '<a>1</a>' },
  { name: 'sem content-type', contentType: null, body: '{"a":1}' },
  json('JSON inválido', '{'),
  json('JSON truncado', '{"email": "a@b.com", "password":'),
  json('corpo vazio', ''),
  json('aspas simples', "{'email': 'a@b.com'}"),
  json('BOM + JSON', '\ufeff{}'),
  json('null', 'null'),
  json('array vazio', '[]'),
  json('array de objetos', '[{"email":"a@b.com","password":"123456"}]'),
  json('string', '"texto"'),
  json('número', '42'),
  json('booleano', 'true'),
  { name: 'corpo de 1 MB', contentType: 'application/json', body: `{"x":"${HUGE}"}` },
  json('aninhamento profundo (array)', DEEP),
  json('aninhamento profundo (objeto)', DEEP_OBJECT),
  json('__proto__', '{"__proto__":{"role":"admin","isAdmin":true}}'),
  json('constructor.prototype', '{"constructor":{"prototype":{"role":"admin"}}}'),
  value('propriedades extras', { role: 'admin', status: 'active', subscribed: true, price: 1, plan: 'anual', user_id: 'x' }),
  value('SQL como corpo', `'; DROP TABLE "user"; --`),
  value('SQL nos campos', { email: "' OR 1=1 --", password: "' OR '1'='1", name: 'x; DELETE FROM plans', id: "1' OR '1'='1" }),
  value('script nos campos', { name: '<script>alert(1)</script>', email: '<img src=x onerror=alert(1)>@x.com', title: '<svg onload=alert(1)>' }),
  value('bytes NUL', { email: 'a\u0000@b.com', password: '\u0000\u0000\u0000\u0000\u0000\u0000', name: 'a\u0000b', title: '\u0000' }),
  json('número enorme', '{"amount":1e400,"priceCents":1e400,"volumePercentage":1e400,"position":1e400,"days":1e400}'),
  value('números fora de faixa', { amount: -1, priceCents: Number.MAX_SAFE_INTEGER * 8, volumePercentage: -999, days: 1e21 }),
  value('strings vazias', { email: '', password: '', name: '', title: '', id: '', sessionId: '', planCode: '' }),
  value('tipos trocados', { email: 123, password: true, name: [], title: {}, id: 5, audioIds: 'todos', planCode: 1, tags: 'a' }),
  json('surrogate solto', '{"name":"\\ud800","email":"\\udfff@b.com"}'),
  value('campo de 200 mil caracteres', { name: 'x'.repeat(200_000), email: `${'x'.repeat(200_000)}@b.com`, title: 'x'.repeat(200_000) }),
  json('chaves duplicadas', '{"role":"user","role":"admin","email":"a@b.com","email":"c@d.com"}'),
  { name: 'charset utf-16', contentType: 'application/json; charset=utf-16', body: Buffer.from('{"a":1}', 'utf16le') },
]

let ctx: TestContext
let adminAccount: Account
let subscriberAccount: Account
let routes: DeclaredRoute[]

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  adminAccount = await admin(ctx)
  subscriberAccount = await listener(ctx)
  await seedSubscription(ctx, subscriberAccount.userId)
  routes = ctx.app.accessTable.filter((route) => route.takesBody)
})
afterAll(() => ctx.close())

const ZERO_UUID = '00000000-0000-4000-8000-000000000000'
const urlOf = (route: DeclaredRoute) => route.url.replace(/:[A-Za-z0-9_]+/g, ZERO_UUID).replace(/\*$/, 'x')

/** Callers that get past each route's guard, so the body itself is what gets judged. */
function cookieFor(route: DeclaredRoute): string | undefined {
  if (route.access === 'public') return undefined
  if (route.access === 'subscriber') return subscriberAccount.cookie
  return adminAccount.cookie
}

function send(route: DeclaredRoute, payload: RawPayload) {
  const headers: Record<string, string> = {}
  const cookie = cookieFor(route)
  if (cookie) headers.cookie = cookie
  if (payload.contentType) headers['content-type'] = payload.contentType
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: urlOf(route),
    headers,
    payload: payload.body,
    remoteAddress: nextIp(),
  }
  return ctx.app.inject(options)
}

describe('malformed bodies on every JSON route', () => {
  it('has JSON routes to attack', () => {
    expect(MALFORMED.length).toBeGreaterThanOrEqual(30)
    expect(routes.length).toBeGreaterThanOrEqual(10)
  })

  it('answers each malformed body with a clean pt-BR 4xx and changes nothing', async () => {
    const problems: string[] = []
    for (const route of routes) {
      const before = await databaseChecksum(ctx.database.db)
      for (const payload of MALFORMED) {
        const res = await send(route, payload)
        const problem = problemWithRefusal(res)
        if (problem) problems.push(`${route.method} ${route.url} [${payload.name}] ${problem}`)
      }
      const changed = changedTables(before, await databaseChecksum(ctx.database.db))
      if (changed.length > 0) problems.push(`${route.method} ${route.url} mudou ${changed.join(', ')}`)
    }
    expect(problems).toEqual([])
  }, 240_000)
})

/**
 * Better Auth's endpoints under /api/auth/* are not in the access table's body routes (they are
 * closed or take no body), but a browser or an attacker can still post to them: the same bodies
 * must get the same clean refusals there (5,000-deep nesting answered 500 on sign-in/email).
 */
const AUTH_PATHS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/update-user',
  '/api/auth/sign-out',
  '/api/auth/get-session',
]

describe('malformed bodies on the /api/auth/* paths', () => {
  it('answers each malformed body with a clean pt-BR 4xx and changes nothing, signed in or not', async () => {
    // A listener of its own: a sign-out here must not end the sign-ins the other tests use.
    const person = await listener(ctx)
    await confirmationSent(ctx, person.email)
    const { cookie } = person
    const problems: string[] = []
    const before = await databaseChecksum(ctx.database.db)
    for (const url of AUTH_PATHS) {
      for (const who of [undefined, cookie]) {
        for (const payload of MALFORMED) {
          const headers: Record<string, string> = {}
          if (who) headers.cookie = who
          if (payload.contentType) headers['content-type'] = payload.contentType
          const res = await ctx.app.inject({ method: 'POST', url, headers, payload: payload.body, remoteAddress: nextIp() })
          const problem = problemWithRefusal(res)
          if (problem) problems.push(`POST ${url} (${who ? 'com sessão' : 'anônimo'}) [${payload.name}] ${problem}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
  }, 120_000)
})

describe('random bodies (property-based)', () => {
  it('never answers a random JSON body with a 5xx, a stack or an English message', async () => {
    const problems: string[] = []
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => {
          const res = await send(route, { name: 'aleatório', contentType: 'application/json', body: JSON.stringify(body) ?? 'null' })
          if (res.statusCode < 400) return true
          const problem = problemWithRefusal(res)
          if (problem) problems.push(`${route.method} ${route.url} ${JSON.stringify(body).slice(0, 120)} → ${problem}`)
          return problem === null
        }),
        { numRuns: 25, seed: 20261122 },
      )
    }
    expect(problems).toEqual([])
  }, 240_000)
})
