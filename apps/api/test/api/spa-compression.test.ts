import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestContext } from '../helpers/app.js'

// Compression of the web build (docs/performance.md): precompressed assets, compressed pages.
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Sintonia</title></head><body><div id="root">${'<p>Carregando...</p>'.repeat(50)}</div></body></html>`
const ASSET_JS = `export const texto = ${JSON.stringify('áudio guiado '.repeat(200))}`
const ASSET = '/assets/index-AbCdEf12.js'

let base: string
let ctx: TestContext

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'sintonia-web-'))
  const webRoot = join(base, 'dist')
  mkdirSync(join(webRoot, 'assets'), { recursive: true })
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML)
  writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.js'), ASSET_JS)
  writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.js.br'), brotliCompressSync(ASSET_JS))
  writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.js.gz'), gzipSync(ASSET_JS))
  ctx = await buildTestApp({ webRoot })
})
afterAll(async () => {
  await ctx.close()
  rmSync(base, { recursive: true, force: true })
})

describe('compressed web build', () => {
  it('sends the brotli copy of a hashed asset to browsers that accept it, still cached for a year', async () => {
    const res = await ctx.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_JS)
  })

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await ctx.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(ASSET_JS)
    const plain = await ctx.app.inject({ url: ASSET })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(ASSET_JS)
  })

  it('compresses the landing page and client routes, and leaves them plain when no encoding is accepted', async () => {
    const landing = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } })
    expect(landing.statusCode).toBe(200)
    expect(landing.headers['content-encoding']).toBe('br')
    expect(landing.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(landing.rawPayload).toString()).toContain('<div id="root">')

    const route = await ctx.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } })
    expect(route.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(route.rawPayload).toString()).toBe(INDEX_HTML)

    const refused = await ctx.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(INDEX_HTML)
  })
})
