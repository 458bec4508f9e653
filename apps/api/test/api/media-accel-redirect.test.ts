import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { audios } from '../../src/db/schema/index.js'
import { loadConfig, ConfigError } from '../../src/config.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, seedSubscription } from '../helpers/auth.js'
import { injectMedia } from '../helpers/media.js'

// MEDIA_ACCEL_REDIRECT (docs/performance.md): the API authorises, nginx sends the bytes.
const PREFIX = '/_protected_media/'

let ctx: TestContext
let demo: typeof audios.$inferSelect
let other: typeof audios.$inferSelect

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, env: { MEDIA_ACCEL_REDIRECT: PREFIX } })
  const [demoRow] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
  const [otherRow] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, false)).limit(1)
  if (!demoRow || !otherRow) throw new Error('seed incompleto')
  demo = demoRow
  other = otherRow
})
afterAll(() => ctx.close())

const fileUrl = (id: string) => `/api/audios/${id}/file`

describe('audio files handed to nginx with X-Accel-Redirect', () => {
  it('hands an active subscriber the file through nginx, private, without a body', async () => {
    const account = await listener(ctx)
    await seedSubscription(ctx, account.userId)
    const res = await injectMedia(ctx.app, { url: fileUrl(other.id), headers: { cookie: account.cookie, range: 'bytes=0-99' } })
    // Its signed address (ADR 021) is what nginx is handed, when nginx does not check it itself.
    expect(res.redirect?.statusCode).toBe(302)
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-accel-redirect']).toBe(`${PREFIX}${other.fileKey}`)
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.rawPayload.length).toBe(0)
  })

  it('hands the public demo to anyone', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl(demo.id) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-accel-redirect']).toBe(`${PREFIX}${demo.fileKey}`)
  })

  it('still refuses anonymous visitors and listeners without a subscription, with nothing for nginx', async () => {
    const anonymous = await ctx.app.inject({ url: fileUrl(other.id) })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['x-accel-redirect']).toBeUndefined()
    expect(anonymous.json().message).toBe('Assinatura ativa necessária para ouvir este áudio')
    const unsubscribed = await listener(ctx)
    const refused = await ctx.app.inject({ url: fileUrl(other.id), headers: { cookie: unsubscribed.cookie } })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['x-accel-redirect']).toBeUndefined()
  })

  it('answers an unknown audio with 404, not a redirect', async () => {
    const res = await ctx.app.inject({ url: fileUrl('00000000-0000-4000-8000-000000000000') })
    expect(res.statusCode).toBe(404)
    expect(res.headers['x-accel-redirect']).toBeUndefined()
  })
})

describe('MEDIA_ACCEL_REDIRECT configuration', () => {
  it('must be an internal path that starts and ends with a slash', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_ACCEL_REDIRECT: 'http://cdn.exemplo.com/' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'test', MEDIA_ACCEL_REDIRECT: '/sem-barra-final' })).toThrow(ConfigError)
    expect(loadConfig({ NODE_ENV: 'test', MEDIA_ACCEL_REDIRECT: PREFIX, DATA_DIR: '/tmp/sintonia-config-test' }).mediaAccelRedirect).toBe(PREFIX)
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/sintonia-config-test' }).mediaAccelRedirect).toBeUndefined()
  })
})
