/**
 * The test clock's door (modules/practice/internal-routes.ts): outside production, a loopback
 * caller with the body signed by the auth secret moves the server's "now"; anyone else, and any
 * production server, gets the 404 of an unknown route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, MSG } from '@sintonia/contract'
import { CLI_SIGNATURE_HEADER, signCliBody } from '../../src/lib/cli-signature.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { INTERNAL_CLOCK_PATH } from '../../src/modules/practice/internal-routes.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, subscriber } from '../helpers/callers.js'

let ctx: TestContext
const clock = new AdjustableClock()
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, clock })
})
afterAll(() => ctx.close())

function send(target: TestContext, body: string, options: { sign?: boolean; remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers }
  if (options.sign !== false && !headers[CLI_SIGNATURE_HEADER]) headers[CLI_SIGNATURE_HEADER] = signCliBody(target.config.secrets.auth, body)
  return target.app.inject({ method: 'POST', url: INTERNAL_CLOCK_PATH, payload: body, headers, remoteAddress: options.remoteAddress ?? '127.0.0.1' })
}

describe('the test clock', () => {
  it("moves the server's now, which keeps ticking, and today follows it; reset puts real time back", async () => {
    const res = await send(ctx, JSON.stringify({ now: '2026-03-10T12:00:00.000Z' }))
    expect(res.statusCode).toBe(200)
    expect(Date.parse(res.json().now) - Date.parse('2026-03-10T12:00:00Z')).toBeLessThan(5_000)
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2026-03-10T12:00:00Z'))
    const person = await subscriber(ctx)
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.today })).json().date).toBe('2026-03-10')

    await send(ctx, JSON.stringify({ now: '2026-03-11T03:00:00-03:00' }))
    expect((await callAs(ctx, person, { method: 'GET', url: API.practice.today })).json().date).toBe('2026-03-11')

    const reset = await send(ctx, JSON.stringify({ reset: true }))
    expect(reset.statusCode).toBe(200)
    expect(Math.abs(Date.parse(reset.json().now) - Date.now())).toBeLessThan(5_000)
  })

  it('is the 404 of an unknown route to an unsigned, wrongly signed or distant caller, or through a proxy', async () => {
    const body = JSON.stringify({ now: '2030-01-01T00:00:00Z' })
    const before = clock.now().getTime()
    for (const res of [
      await send(ctx, body, { sign: false }),
      await send(ctx, body, { headers: { [CLI_SIGNATURE_HEADER]: signCliBody('outro-segredo', body) } }),
      await send(ctx, body, { remoteAddress: '203.0.113.9' }),
      await send(ctx, body, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(MSG.generic.routeNotFound)
    }
    expect(clock.now().getTime() - before).toBeLessThan(5_000)
  })

  it('refuses a signed body it cannot read', async () => {
    expect((await send(ctx, '{')).statusCode).toBe(400)
    expect((await send(ctx, JSON.stringify({ now: 'amanhã' }))).statusCode).toBe(400)
    expect((await send(ctx, JSON.stringify({ now: '2026-03-10T12:00:00Z', reset: true }))).statusCode).toBe(400)
  })

  it('does not exist in production, nor on a server without an adjustable clock', async () => {
    const production = await buildTestApp({
      clock: new AdjustableClock(),
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://sintonia.exemplo.com.br', SANDBOX_WEBHOOK_SECRET: 'y'.repeat(32) },
    })
    const fixed = await buildTestApp()
    try {
      for (const target of [production, fixed]) {
        const res = await send(target, JSON.stringify({ now: '2026-03-10T12:00:00Z' }))
        expect(res.statusCode).toBe(404)
        expect(target.app.accessTable.some((route) => route.url === INTERNAL_CLOCK_PATH)).toBe(false)
      }
    } finally {
      await production.close()
      await fixed.close()
    }
  })
})
