import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MSG } from '@sintonia/contract'
import { audios, subscriptions } from '../../src/db/schema/index.js'
import { SEED_MEDIA_DIR } from '../../src/paths.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { listener, seedSubscription, setBanned } from '../helpers/auth.js'

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
    const res = await ctx.app.inject({ url: fileUrl(demoId) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(Number(res.headers['content-length'])).toBe(demoBytes.length)
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(res.rawPayload.equals(demoBytes)).toBe(true)
  })

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const res = await ctx.app.inject({ url: fileUrl(demoId), headers: { range: 'bytes=100-1099' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${demoBytes.length}`)
    expect(res.headers['content-length']).toBe('1000')
    expect(res.rawPayload.equals(demoBytes.subarray(100, 1100))).toBe(true)
  })

  it('supports open-ended and suffix ranges', async () => {
    const open = await ctx.app.inject({ url: fileUrl(demoId), headers: { range: `bytes=${demoBytes.length - 10}-` } })
    expect(open.statusCode).toBe(206)
    expect(open.rawPayload.equals(demoBytes.subarray(demoBytes.length - 10))).toBe(true)
    const suffix = await ctx.app.inject({ url: fileUrl(demoId), headers: { range: 'bytes=-20' } })
    expect(suffix.statusCode).toBe(206)
    expect(suffix.rawPayload.equals(demoBytes.subarray(demoBytes.length - 20))).toBe(true)
  })

  it('refuses a range beyond the end with 416 and a pt-BR message', async () => {
    const res = await ctx.app.inject({ url: fileUrl(demoId), headers: { range: `bytes=${demoBytes.length}-` } })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${demoBytes.length}`)
    expect(res.json().message).toBe('Intervalo solicitado inválido para este arquivo')
  })

  it('answers If-None-Match with 304 when the copy is current', async () => {
    const first = await ctx.app.inject({ url: fileUrl(demoId) })
    const res = await ctx.app.inject({ url: fileUrl(demoId), headers: { 'if-none-match': String(first.headers.etag) } })
    expect(res.statusCode).toBe(304)
    expect(res.rawPayload.length).toBe(0)
  })

  it('ignores the range when If-Range names another version', async () => {
    const res = await ctx.app.inject({
      url: fileUrl(demoId),
      headers: { range: 'bytes=0-9', 'if-range': '"outra-versao"' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBe(demoBytes.length)
  })

  it('answers HEAD with headers and no body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: fileUrl(demoId), headers: { range: 'bytes=0-9' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-length']).toBe('10')
    expect(res.rawPayload.length).toBe(0)
  })
})

describe('GET /api/audios/:id/file (refusals)', () => {
  it('does not serve a subscriber audio to an anonymous visitor', async () => {
    const res = await ctx.app.inject({ url: fileUrl(otherId) })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Assinatura ativa necessária para ouvir este áudio')
    expect(res.headers['content-type']).toMatch(/application\/json/)
  })

  it('answers 404 for an unknown audio', async () => {
    const res = await ctx.app.inject({ url: fileUrl('00000000-0000-4000-8000-000000000000') })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Áudio não encontrado')
  })

  it('answers 400 in pt-BR for an id that is not a UUID', async () => {
    const res = await ctx.app.inject({ url: fileUrl('..%2F..%2Fetc%2Fpasswd') })
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
  const rangeOf = (id: string, cookie: string) => ctx.app.inject({ url: fileUrl(id), headers: { cookie, range: 'bytes=0-99' } })

  it('a ban counts on the very next Range request', async () => {
    const person = await subscriber()
    expect((await rangeOf(otherId, person.cookie)).statusCode).toBe(206)
    await setBanned(ctx, person.userId)
    expect((await rangeOf(otherId, person.cookie)).statusCode).toBe(403)
  })

  it('a subscription that ends counts on the very next Range request', async () => {
    const person = await subscriber()
    expect((await rangeOf(otherId, person.cookie)).statusCode).toBe(206)
    await ctx.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, person.subscriptionId))
    const refused = await rangeOf(otherId, person.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(MSG.media.subscriptionRequired)
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
    expect(gone.json().message).toBe(MSG.media.audioNotFound)
  })
})
