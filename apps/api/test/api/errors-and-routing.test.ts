import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HttpError } from '../../src/lib/http/errors.js'
import type { App } from '../../src/app.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

const ECHO = '/api/__test/echo'
const SECRET_DETAIL = 'detalhe-interno-xyz'

/** Test-only routes, registered on the real app before it is ready. */
function registerTestRoutes(app: App) {
  app.post(
    ECHO,
    {
      config: { access: 'public' },
      schema: { body: z.object({ name: z.string().min(2), age: z.number().int() }) },
    },
    async (request) => ({ received: request.body }),
  )
  app.get('/api/__test/crash', { config: { access: 'public' } }, async () => {
    throw new Error(`Cannot read properties of undefined (reading 'id') ${SECRET_DETAIL}`)
  })
  app.get('/api/__test/type-error', { config: { access: 'public' } }, async () => {
    const missing = undefined as unknown as { deep: { value: string } }
    return missing.deep.value
  })
  app.get('/api/__test/db-down', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error(`connect ECONNREFUSED 10.0.0.5:5432 ${SECRET_DETAIL}`), { code: 'ECONNREFUSED' })
  })
  app.get('/api/__test/db-admin-shutdown', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
  })
  app.get('/api/__test/conflict', { config: { access: 'public' } }, async () => {
    throw new HttpError(409, 'Este e-mail já está cadastrado')
  })
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ beforeReady: registerTestRoutes })
})
afterAll(() => ctx.close())

function expectCleanBody(body: string) {
  expect(body).not.toContain(SECRET_DETAIL)
  expect(body).not.toMatch(/Cannot read|undefined|TypeError|ECONNREFUSED|stack/i)
  expect(body).not.toMatch(/\bat .+:\d+:\d+/)
}

describe('unknown routes', () => {
  it('answer a JSON 404 under /api', async () => {
    for (const [method, url] of [
      ['GET', '/api/nao-existe'],
      ['GET', '/api/public/fields/extra/partes'],
      ['POST', '/api/nao-existe'],
      ['DELETE', '/api/health'],
    ] as const) {
      const res = await ctx.app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Rota não encontrada' })
    }
  })
})

describe('request bodies', () => {
  it('accepts a valid JSON body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: ECHO, payload: { name: 'Ana', age: 30 } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: { name: 'Ana', age: 30 } })
  })

  it('refuses invalid JSON with 400 in pt-BR', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ECHO,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ana",',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'O corpo da requisição não é um JSON válido' })
    expect(res.body).not.toMatch(/Unexpected|JSON at position/)
  })

  it('refuses a text/plain body with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ECHO,
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Ana',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ statusCode: 415, message: 'Tipo de conteúdo não suportado' })
  })

  it('refuses other content types with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ECHO,
      headers: { 'content-type': 'application/xml' },
      payload: '<name>Ana</name>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe('Tipo de conteúdo não suportado')
  })

  it('refuses a body over 1 MB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ECHO,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024), age: 1 }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ statusCode: 413, message: 'O corpo da requisição é grande demais' })
  })

  it('accepts a body just under 1 MB', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ECHO,
      payload: { name: 'x'.repeat(1024 * 1024 - 100), age: 1 },
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers zod failures with 400 and pt-BR issues per field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: ECHO, payload: { name: 'A' } })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'name: Deve ter pelo menos 2 caracteres' })
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Deve ter pelo menos 2 caracteres' },
        { path: 'age', message: 'Campo obrigatório' },
      ]),
    )
  })

  it('names the expected type in pt-BR', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: ECHO, payload: { name: 'Ana', age: 1.5 } })
    expect(res.statusCode).toBe(400)
    expect(res.json().issues).toEqual([{ path: 'age', message: 'Valor inválido: esperado um número inteiro, recebido um número' }])
    const wrongType = await ctx.app.inject({ method: 'POST', url: ECHO, payload: { name: 'Ana', age: 'trinta' } })
    expect(wrongType.json().issues).toEqual([{ path: 'age', message: 'Valor inválido: esperado um número, recebido um texto' }])
  })

  it('refuses a missing body with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: ECHO })
    expect(res.statusCode).toBe(400)
    expect(res.json().statusCode).toBe(400)
  })
})

describe('thrown errors', () => {
  it('a plain Error becomes a bare 500 in pt-BR', async () => {
    const res = await ctx.app.inject({ url: '/api/__test/crash' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Erro interno do servidor' })
    expectCleanBody(res.body)
  })

  it('a TypeError from a bug becomes the same bare 500', async () => {
    const res = await ctx.app.inject({ url: '/api/__test/type-error' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Erro interno do servidor' })
    expectCleanBody(res.body)
  })

  it('a refused database connection becomes 503 with Retry-After', async () => {
    const res = await ctx.app.inject({ url: '/api/__test/db-down' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.json()).toMatchObject({
      statusCode: 503,
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    })
    expectCleanBody(res.body)
  })

  it('a server-side connection termination (SQLSTATE 57P01) is a 503 as well', async () => {
    const res = await ctx.app.inject({ url: '/api/__test/db-admin-shutdown' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
  })

  it('an HttpError keeps its status and message', async () => {
    const res = await ctx.app.inject({ url: '/api/__test/conflict' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Este e-mail já está cadastrado' })
  })
})

describe('route access declarations', () => {
  it('an /api route without config.access stops the app from starting', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          app.get('/api/__test/sem-acesso', async () => ({ ok: true }))
        },
      }),
    ).rejects.toThrow(/A rota GET \/api\/__test\/sem-acesso não declara config\.access/)
  })

  it('also when the route is declared inside a plugin', async () => {
    await expect(
      buildTestApp({
        beforeReady: async (app) => {
          await app.register(async (child) => {
            child.post('/api/__test/plugin-sem-acesso', async () => ({ ok: true }))
          })
        },
      }),
    ).rejects.toThrow('não declara config.access')
  })

  it('a route outside /api needs no declaration', async () => {
    const other = await buildTestApp({
      beforeReady: (app) => {
        app.get('/__test/fora-da-api', async () => ({ ok: true }))
      },
    })
    try {
      expect((await other.app.inject({ url: '/__test/fora-da-api' })).statusCode).toBe(200)
    } finally {
      await other.close()
    }
  })
})
