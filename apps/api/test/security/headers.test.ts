/** Security headers (docs/security.md#security-headers): present on pages and API answers; HTTPS-only rules only in production. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { API, THEME_BOOT_SCRIPT } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'

const directives = (csp: string) => new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]))

describe('security headers', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('send a CSP that runs only our own scripts (and the theme boot script, by its hash), and the usual hardening headers', async () => {
    const bootHash = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`
    for (const url of [API.health, '/qualquer-pagina', '/api/nao-existe']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      const csp = directives(String(res.headers['content-security-policy']))
      expect(csp.get('script-src'), url).toEqual(["'self'", bootHash])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('frame-ancestors')).toEqual(["'self'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      // data: plays media only (the page's moment of silence, lib/page-audio.ts): never a script or anything else by default.
      expect(csp.get('media-src')).toEqual(["'self'", 'data:', 'blob:', 'https:'])
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.has('upgrade-insecure-requests')).toBe(false)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['strict-transport-security']).toBeUndefined()
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('add HSTS and upgrade-insecure-requests in production', async () => {
    const prod = await buildTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://sintonia.exemplo.com.br', SANDBOX_WEBHOOK_SECRET: 'y'.repeat(32) },
    })
    try {
      const res = await prod.app.inject({ method: 'GET', url: API.health })
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+; includeSubDomains/)
      expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(true)
    } finally {
      await prod.close()
    }
  })

  it('lets pages play and download media from a plain-http bucket the API redirects to', async () => {
    const s3 = await buildTestApp({
      env: { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio.interno:9000', S3_REGION: 'us-east-1', S3_BUCKET: 'midia', S3_ACCESS_KEY_ID: 'chave', S3_SECRET_ACCESS_KEY: 'segredo-do-bucket', S3_FORCE_PATH_STYLE: 'true' },
    })
    try {
      const csp = String((await s3.app.inject({ method: 'GET', url: API.health })).headers['content-security-policy'])
      expect(csp).toMatch(/media-src 'self' data: blob: https: http:\/\/minio\.interno:9000;/)
      expect(csp).toMatch(/connect-src 'self' https: http:\/\/minio\.interno:9000;/)
    } finally {
      await s3.close()
    }
  })

  it('leaves upgrade-insecure-requests out of a production build served over plain HTTP', async () => {
    const plain = await buildTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'http://10.0.0.5:3000', SANDBOX_WEBHOOK_SECRET: 'y'.repeat(32) },
    })
    try {
      const res = await plain.app.inject({ method: 'GET', url: API.health })
      expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(false)
    } finally {
      await plain.close()
    }
  })
})
