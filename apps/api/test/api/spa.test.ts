import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEB_APP_PATHS } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { writeSetting } from '../../src/modules/content/settings-repository.js'

const INDEX_HTML = '<!doctype html><html lang="pt-BR"><head><title>Sintonia</title></head><body><div id="root"></div></body></html>'
const ASSET_JS = 'console.log("sintonia")'
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {})'
const IMMUTABLE = 'public, max-age=31536000, immutable'

let base: string
let webRoot: string
let ctx: TestContext
/** Every route the app registered, seen through an onRoute hook added as Fastify starts. */
const routes: RouteOptions[] = []

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'sintonia-web-'))
  webRoot = join(base, 'dist')
  mkdirSync(join(webRoot, 'assets'), { recursive: true })
  // A file next to the build folder, which no URL may reach.
  writeFileSync(join(base, 'segredo.txt'), 'conteúdo secreto')
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML)
  writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.js'), ASSET_JS)
  writeFileSync(join(webRoot, 'assets', 'logo.svg'), '<svg/>')
  writeFileSync(join(webRoot, 'sw.js'), SERVICE_WORKER)

  // Fastify publishes each new instance on this channel before any plugin or route is added.
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => {
      routes.push(route)
    })
  }
  subscribe('fastify.initialization', collect)
  try {
    ctx = await buildTestApp({ webRoot })
  } finally {
    unsubscribe('fastify.initialization', collect)
  }
})
afterAll(async () => {
  await ctx.close()
  rmSync(base, { recursive: true, force: true })
})

describe('static files of the web build', () => {
  it('serves a hashed asset cached for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-AbCdEf12.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.body).toBe(ASSET_JS)
  })

  it('revalidates an asset without a content hash', async () => {
    const res = await ctx.app.inject({ url: '/assets/logo.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('revalidates the service worker on every load', async () => {
    const res = await ctx.app.inject({ url: '/sw.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(SERVICE_WORKER)
  })

  it('answers 404 for a missing file, hashed or not, instead of the page', async () => {
    for (const url of ['/missing.png', '/assets/missing-AbCdEf12.js', '/favicon.ico']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('<div id="root">')
    }
  })

  it('does not serve files outside the build folder', async () => {
    for (const url of ['/../segredo.txt', '/%2e%2e/segredo.txt', '/assets/..%2f..%2fsegredo.txt', '/assets/%2e%2e/%2e%2e/segredo.txt']) {
      const res = await ctx.app.inject({ url })
      expect(res.body, url).not.toContain('conteúdo secreto')
      expect([400, 403, 404], url).toContain(res.statusCode)
    }
  })
})

describe('client routes', () => {
  it.each(['/', '/dashboard', '/campo/x', '/demo', '/assinatura?plano=anual'])('GET %s answers index.html, revalidated', async (url) => {
    const res = await ctx.app.inject({ url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    // '/' may carry first-paint data injected into the page; the page itself is the build's index.html.
    expect(res.body).toContain('<div id="root">')
  })

  it('every page of the app answers 200 (its path parameters filled in)', async () => {
    for (const path of WEB_APP_PATHS) {
      const url = path.replaceAll(/:[A-Za-z]+/g, 'abc123')
      const res = await ctx.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
    }
  })

  it.each(['/nao-existe', '/campo', '/admin/nao-existe', '/login/extra', '/dashboard/x/y'])(
    'GET %s, which the app has no page for, answers 404 with the app (its not-found page) titled with the product',
    async (url) => {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
      expect(res.body).toContain('<title>Página não encontrada — Sintonia</title>')
      expect(res.body).not.toContain('<title>Sintonia</title>')
    },
  )

  it("names the product the admins set in the not-found page's title", async () => {
    await writeSetting(ctx.database.db, 'product_name', 'Mente & Voz')
    try {
      const res = await ctx.app.inject({ url: '/pagina-antiga', headers: { 'accept-encoding': 'gzip' } })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<title>Página não encontrada — Mente &amp; Voz</title>')
    } finally {
      await writeSetting(ctx.database.db, 'product_name', 'Sintonia')
    }
  })

  it('HEAD of an unknown page answers 404', async () => {
    expect((await ctx.app.inject({ method: 'HEAD', url: '/nao-existe' })).statusCode).toBe(404)
  })

  it('HEAD of a client route answers 200', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/dashboard' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
  })

  it('a POST to a page path is not answered with the page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/dashboard' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('<div id="root">')
  })
})

describe('/api next to the SPA', () => {
  it('an unknown /api path stays a JSON 404', async () => {
    for (const url of ['/api/unknown', '/api', '/api/']) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/^application\/json/)
      expect(res.json(), url).toMatchObject({ statusCode: 404, message: 'Rota não encontrada' })
    }
  })

  it('real /api routes still answer', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200)
  })
})

describe('route access declarations', () => {
  const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api'))

  it('saw every route the app registered', () => {
    const seen = new Set(apiRoutes().map((r) => r.url))
    for (const url of ['/api/health', '/api/landing', '/api/public/fields', '/api/demo', '/api/audios/:audioId/file', '/api/docs/json']) {
      expect(seen, url).toContain(url)
    }
  })

  it("every /api route declares who may call it: 'public', 'user', 'subscriber' or 'admin'", () => {
    const undeclared = apiRoutes()
      .filter((r) => !['public', 'user', 'subscriber', 'admin'].includes(String(r.config?.access)))
      .map((r) => `${String(r.method)} ${r.url}`)
    expect(undeclared).toEqual([])
  })
})
