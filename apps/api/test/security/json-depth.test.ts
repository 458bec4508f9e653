/**
 * Deeply nested JSON never becomes a 500 (outside attack, 2026-11): `POST /api/auth/sign-in/email`
 * with 5,000 nested brackets answered 500 (a stack overflow where the parsed body was walked
 * again). Bodies nested deeper than 32 levels are now refused with 400 before they are parsed,
 * on every route.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, MSG } from '@sintonia/contract'
import { MAX_JSON_DEPTH } from '../../src/lib/http/json-body.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, nextIp } from '../helpers/auth.js'
import { confirmationToken } from '../helpers/mailbox.js'
import { changedTables, databaseChecksum } from './support/checksum.js'
import { problemWithRefusal } from './support/error-shape.js'

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
/** An object body whose `email` field holds the nesting, so it reaches a route's fields. */
const inField = (depth: number) => `{"email":${arrays(depth)},"password":"senha-qualquer-1"}`

/** Better Auth's endpoints as a browser or an attacker would call them. */
const AUTH_PATHS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/sign-out', '/api/auth/update-user']

const ECHO = '/api/teste-eco'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({
    seed: true,
    // Re-serialises its body, as the Better Auth passthrough did (JSON.stringify overflows at 5,000 levels).
    beforeReady: (app) => {
      app.post(ECHO, { config: { access: 'public' } }, async (request) => ({ length: JSON.stringify(request.body).length }))
    },
  })
})
afterAll(() => ctx.close())

function post(url: string, body: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: body,
    remoteAddress: nextIp(),
  })
}

describe('deeply nested JSON bodies', () => {
  it('5,000 nested brackets on /api/auth/* get a clean 4xx, never a 500', async () => {
    const person = await listener(ctx)
    // The sign-up's confirmation e-mail reaches the outbox after the answer: start from the state
    // once it is there and nothing moves any more, so the attack alone is compared.
    await vi.waitFor(async () => expect(await confirmationToken(ctx, person.email)).not.toBeNull())
    let before = await databaseChecksum(ctx.database.db)
    await vi.waitFor(async () => {
      const now = await databaseChecksum(ctx.database.db)
      const settled = now === before
      before = now
      expect(settled).toBe(true)
    })
    const problems: string[] = []
    for (const url of AUTH_PATHS) {
      for (const body of [arrays(5_000), objects(5_000), inField(5_000)]) {
        for (const cookie of [undefined, person.cookie]) {
          const res = await post(url, body, cookie)
          const problem = problemWithRefusal(res)
          if (problem) problems.push(`${url}: ${problem}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
  })

  it('a handler that re-serialises its body gets 400 for 5,000 levels, not a 500', async () => {
    for (const body of [arrays(5_000), objects(5_000)]) {
      const res = await post(ECHO, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(MSG.generic.badRequest)
    }
    expect((await post(ECHO, arrays(MAX_JSON_DEPTH))).json()).toEqual({ length: MAX_JSON_DEPTH * 2 })
  })

  it(`refuses more than ${MAX_JSON_DEPTH} levels on app routes with 400 'Requisição inválida', before validation`, async () => {
    for (const url of [API.accounts.signIn, API.communication.leads, API.accounts.forgotPassword]) {
      for (const body of [arrays(5_000), objects(5_000), inField(5_000), arrays(MAX_JSON_DEPTH + 1), inField(MAX_JSON_DEPTH)]) {
        const res = await post(url, body)
        expect(res.statusCode, `${url} ${body.slice(0, 20)}`).toBe(400)
        expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MSG.generic.badRequest })
      }
    }
  })

  it(`parses ${MAX_JSON_DEPTH} levels and brackets inside strings as before`, async () => {
    // Reaches validation: the answer names the field, not the generic refusal.
    const deepButAllowed = await post(API.accounts.signIn, inField(MAX_JSON_DEPTH - 1))
    expect(deepButAllowed.statusCode).toBe(400)
    expect(deepButAllowed.json().message).not.toBe(MSG.generic.badRequest)
    expect(deepButAllowed.json().message).toMatch(/^email: /)

    const bracketsInText = await post(API.accounts.signIn, JSON.stringify({ email: `${'['.repeat(5_000)}@exemplo.com`, password: 'x'.repeat(8) }))
    expect(bracketsInText.statusCode).toBe(400)
    expect(bracketsInText.json().message).toMatch(/^email: /)

    const person = await listener(ctx)
    const signIn = await post(API.accounts.signIn, JSON.stringify({ email: person.email, password: person.password, portal: 'user' }))
    expect(signIn.statusCode).toBe(200)
  })

  it('keeps refusing __proto__ and constructor.prototype bodies', async () => {
    for (const body of ['{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}']) {
      const res = await post(API.communication.leads, body)
      expect(res.statusCode).toBe(400)
      expect(problemWithRefusal(res)).toBeNull()
    }
  })
})
