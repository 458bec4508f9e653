import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MEDIA_MSG } from '@sintonia/contract'
import { audios, subscriptions } from '../../src/db/schema/index.js'
import { SEED_MEDIA_DIR } from '../../src/paths.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, seedSubscription, setBanned } from '../helpers/auth.js'
import { injectMedia } from '../helpers/media.js'
import { signMediaUrl } from '../../src/lib/media/signed-media-url.js'

let ctx: TestContext
let demoId: string
let demoBytes: Buffer
let otherId: string

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  const [demo] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
  const [other] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, false)).limit(1)
  if (!demo || !other) throw new Error('seed incompleto')
  demoId = demo.id
  otherId = other.id
  demoBytes = readFileSync(join(SEED_MEDIA_DIR, 'boas-vindas-sintonize-sua-mente.mp3'))
})
afterAll(() => ctx.close())

const fileUrl = (id: string) => `/api/audios/${id}/file`

describe('GET /api/audios/:id/file (demo audio, public)', () => {
  it('serves the whole file with length, type, validators and Accept-Ranges', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl(demoId) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(Number(res.headers['content-length'])).toBe(demoBytes.length)
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(res.rawPayload.equals(demoBytes)).toBe(true)
  })

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl(demoId), headers: { range: 'bytes=100-1099' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${demoBytes.length}`)
    expect(res.headers['content-length']).toBe('1000')
    expect(res.rawPayload.equals(demoBytes.subarray(100, 1100))).toBe(true)
  })

  it('supports open-ended and suffix ranges', async () => {
    const open = await injectMedia(ctx.app, { url: fileUrl(demoId), headers: { range: `bytes=${demoBytes.length - 10}-` } })
    expect(open.statusCode).toBe(206)
    expect(open.rawPayload.equals(demoBytes.subarray(demoBytes.length - 10))).toBe(true)
    const suffix = await injectMedia(ctx.app, { url: fileUrl(demoId), headers: { range: 'bytes=-20' } })
    expect(suffix.statusCode).toBe(206)
    expect(suffix.rawPayload.equals(demoBytes.subarray(demoBytes.length - 20))).toBe(true)
  })

  it('refuses a range beyond the end with 416 and a pt-BR message', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl(demoId), headers: { range: `bytes=${demoBytes.length}-` } })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${demoBytes.length}`)
    expect(res.json().message).toBe('Intervalo solicitado inválido para este arquivo')
  })

  it('answers If-None-Match with 304 when the copy is current', async () => {
    const first = await injectMedia(ctx.app, { url: fileUrl(demoId) })
    const res = await injectMedia(ctx.app, { url: fileUrl(demoId), headers: { 'if-none-match': String(first.headers.etag) } })
    expect(res.statusCode).toBe(304)
    expect(res.rawPayload.length).toBe(0)
  })

  it('ignores the range when If-Range names another version', async () => {
    const res = await injectMedia(ctx.app, {
      url: fileUrl(demoId),
      headers: { range: 'bytes=0-9', 'if-range': '"outra-versao"' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBe(demoBytes.length)
  })

  it('answers HEAD with headers and no body', async () => {
    const res = await injectMedia(ctx.app, { method: 'HEAD', url: fileUrl(demoId), headers: { range: 'bytes=0-9' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-length']).toBe('10')
    expect(res.rawPayload.length).toBe(0)
  })
})

describe('GET /api/audios/:id/file (refusals)', () => {
  it('does not serve a subscriber audio to an anonymous visitor', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl(otherId) })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Assinatura ativa necessária para ouvir este áudio')
    expect(res.headers['content-type']).toMatch(/application\/json/)
  })

  it('answers 404 for an unknown audio', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl('00000000-0000-4000-8000-000000000000') })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Áudio não encontrado')
  })

  it('answers 400 in pt-BR for an id that is not a UUID', async () => {
    const res = await injectMedia(ctx.app, { url: fileUrl('..%2F..%2Fetc%2Fpasswd') })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'audioId: Identificador inválido' })
  })
})

describe("a subscriber's file requests (the audio and its file come from the catalogue's cache)", () => {
  async function subscriber() {
    const person = await listener(ctx)
    const subscription = await seedSubscription(ctx, person.userId)
    return { ...person, subscriptionId: subscription.id }
  }
  const rangeOf = (id: string, cookie: string) => injectMedia(ctx.app, { url: fileUrl(id), headers: { cookie, range: 'bytes=0-99' } })

  it('a ban counts on the very next open of a file', async () => {
    const person = await subscriber()
    expect((await rangeOf(otherId, person.cookie)).statusCode).toBe(206)
    await setBanned(ctx, person.userId)
    expect((await rangeOf(otherId, person.cookie)).statusCode).toBe(403)
  })

  it('a subscription that ends counts on the very next open of a file', async () => {
    const person = await subscriber()
    expect((await rangeOf(otherId, person.cookie)).statusCode).toBe(206)
    await ctx.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, person.subscriptionId))
    const refused = await rangeOf(otherId, person.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(MEDIA_MSG.subscriptionRequired)
  })

  it('an audio removed and announced (audios_changed) is gone on the next request; a new one plays at once', async () => {
    const person = await subscriber()
    const [source] = await ctx.database.db.select().from(audios).where(eq(audios.id, otherId))
    const [added] = await ctx.database.db
      .insert(audios)
      .values({ title: 'Novo áudio', fieldId: source!.fieldId, fileKey: source!.fileKey, mimeType: source!.mimeType, sizeBytes: source!.sizeBytes })
      .returning()
    // Never looked up before: not in the cache, found in the database.
    expect((await rangeOf(added!.id, person.cookie)).statusCode).toBe(206)
    await ctx.database.db.delete(audios).where(eq(audios.id, added!.id))
    await ctx.app.domainEvents.publish('audios_changed')
    const gone = await rangeOf(added!.id, person.cookie)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(MEDIA_MSG.audioNotFound)
  })
})

describe('signed media addresses (ADR 021)', () => {
  const nowS = () => Math.floor(Date.now() / 1000)
  async function subscriberCookie() {
    const person = await listener(ctx)
    await seedSubscription(ctx, person.userId)
    return person
  }

  it('an authorised open answers with a redirect to a signed address that is never stored', async () => {
    const { cookie } = await subscriberCookie()
    const res = await ctx.app.inject({ url: fileUrl(otherId), headers: { cookie } })
    expect(res.statusCode).toBe(302)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const location = new URL(String(res.headers.location), 'http://sintonia.test')
    expect(location.pathname).toMatch(/^\/api\/files\/audios\/[0-9a-f-]+\.mp3$/)
    expect(location.searchParams.get('md5')).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('the address outlives the audio it plays by the configured lifetime, rounded up to five minutes', async () => {
    const { cookie } = await subscriberCookie()
    const [audio] = await ctx.database.db.select().from(audios).where(eq(audios.id, otherId))
    const before = nowS()
    const res = await ctx.app.inject({ url: fileUrl(otherId), headers: { cookie } })
    const expires = Number(new URL(String(res.headers.location), 'http://sintonia.test').searchParams.get('expires'))
    expect(expires % 300).toBe(0)
    expect(expires).toBeGreaterThanOrEqual(before + ctx.config.mediaUrls.lifetimeSeconds + audio!.durationSeconds)
    expect(expires).toBeLessThan(nowS() + ctx.config.mediaUrls.lifetimeSeconds + audio!.durationSeconds + 300 + 1)
  })

  it('the signed address answers without a sign-in, with Range and a private lifetime no longer than its own', async () => {
    const { cookie } = await subscriberCookie()
    const location = String((await ctx.app.inject({ url: fileUrl(otherId), headers: { cookie } })).headers.location)
    const res = await ctx.app.inject({ url: location, headers: { range: 'bytes=0-99' } })
    expect(res.statusCode).toBe(206)
    expect(res.rawPayload.length).toBe(100)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1])
    const expires = Number(new URL(location, 'http://sintonia.test').searchParams.get('expires'))
    expect(maxAge).toBeGreaterThan(0)
    expect(maxAge).toBeLessThanOrEqual(expires - nowS() + 1)
  })

  it('a listener banned after opening keeps only the address already handed out, until it expires', async () => {
    const person = await subscriberCookie()
    const location = String((await ctx.app.inject({ url: fileUrl(otherId), headers: { cookie: person.cookie } })).headers.location)
    await setBanned(ctx, person.userId)
    expect((await ctx.app.inject({ url: fileUrl(otherId), headers: { cookie: person.cookie } })).statusCode).toBe(403)
    expect((await ctx.app.inject({ url: location, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206)
  })

  it('refuses an altered path, expiry or signature in pt-BR, and a genuine one past its expiry', async () => {
    const { cookie } = await subscriberCookie()
    const location = new URL(String((await ctx.app.inject({ url: fileUrl(otherId), headers: { cookie } })).headers.location), 'http://sintonia.test')
    const [demo] = await ctx.database.db.select().from(audios).where(eq(audios.id, demoId))
    const expires = Number(location.searchParams.get('expires'))
    const md5 = String(location.searchParams.get('md5'))
    const tries = [
      `/api/files/${demo!.fileKey}?expires=${expires}&md5=${md5}`,
      `${location.pathname}?expires=${expires + 300}&md5=${md5}`,
      `${location.pathname}?expires=${expires}&md5=${md5.slice(0, -2)}AA`,
      `${location.pathname}?expires=${expires}`,
      `${location.pathname}?expires=amanha&md5=${md5}`,
      `/api/files/..%2F..%2Fetc%2Fpasswd?expires=${expires}&md5=${md5}`,
    ]
    for (const url of tries) {
      const res = await ctx.app.inject({ url })
      expect(res.statusCode, url).toBe(403)
      expect(res.json().message).toBe(MEDIA_MSG.signedUrlInvalid)
    }
    const past = signMediaUrl(demo!.fileKey, { secret: ctx.config.mediaUrls.secret, expires: nowS() - 1 })
    const expired = await ctx.app.inject({ url: past })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().message).toBe(MEDIA_MSG.signedUrlExpired)
  })

  it('answers 404 in pt-BR for a genuine address of a file no longer stored', async () => {
    const url = signMediaUrl('audios/00000000-0000-4000-8000-000000000000.mp3', { secret: ctx.config.mediaUrls.secret, expires: nowS() + 600 })
    const res = await ctx.app.inject({ url })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(MEDIA_MSG.audioFileMissing)
  })
})
