import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { healthSchema } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'

describe('/api/health with the database up', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('GET answers 200 ok/up, never cached', async () => {
    const res = await ctx.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const body = healthSchema.parse(res.json())
    expect(body).toMatchObject({ status: 'ok', database: 'up' })
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0)
  })

  it('HEAD answers 200 with the same headers (the browser connectivity check)', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })

  it('HEAD over real HTTP carries no body', async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 })
    const res = await fetch(`${address}/api/health`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })

  it('is public: no cookie or token is needed, and a trailing slash is fine', async () => {
    const res = await ctx.app.inject({ url: '/api/health/' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok' })
  })
})

describe('/api/health with the database down', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
    // Up first, so the 503 below is caused by closing the database and nothing else.
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    await ctx.database.close()
  })
  afterAll(() => ctx.close())

  it('GET answers 503 degraded/down, not 500', async () => {
    const res = await ctx.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = healthSchema.parse(res.json())
    expect(body).toMatchObject({ status: 'degraded', database: 'down' })
  })

  it('HEAD answers 503 too', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('other routes that need the database fail cleanly with a pt-BR message, not a stack trace', async () => {
    const res = await ctx.app.inject({ url: '/api/public/fields' })
    expect(res.statusCode).toBeGreaterThanOrEqual(500)
    const body = res.json()
    expect(['Erro interno do servidor', 'Serviço temporariamente indisponível. Tente novamente em instantes.']).toContain(body.message)
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/)
  })
})
