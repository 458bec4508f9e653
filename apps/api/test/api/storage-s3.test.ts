/**
 * The real application with its media in an S3 bucket (an s3rver started here): the demo
 * catalogue seeded into the bucket, an admin's upload and deletion, the validation page, a
 * subscriber's stream and a rendered session made from objects in the bucket. Nothing is written
 * under DATA_DIR/media.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, validationReportSchema, type SessionManifest } from '@sintonia/contract'
import { audios, backgroundMusic } from '../../src/db/schema/index.js'
import { S3Storage } from '../../src/lib/storage/s3-storage.js'
import { renderStorageKey } from '../../src/modules/sessions/renderer.js'
import { SEED_MEDIA_DIR } from '../../src/paths.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { firstField, SHORT_VOICE_MP3 } from '../helpers/catalogue.js'
import type { Account } from '../helpers/auth.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { filesUnder, multipart } from '../helpers/multipart.js'
import { insertAudio, onlyMusic, synthMusic, synthVoice } from '../helpers/sessions.js'
import { startS3Server, type TestS3Server } from '../support/s3-server.js'

let s3: TestS3Server
let storage: S3Storage
let ctx: TestContext
let cast: Cast
const MP3 = SHORT_VOICE_MP3

beforeAll(async () => {
  s3 = await startS3Server()
  storage = new S3Storage(s3.storageOptions)
  ctx = await buildTestApp({ seed: true, env: s3.env, storage })
  cast = await castOf(ctx)
})
afterAll(async () => {
  await ctx?.close()
  storage?.close()
  await s3?.stop()
})

const keysInBucket = () => s3.keys()

interface Heard {
  status: number
  body: Buffer
  /** The media route's own status when it sent the player elsewhere (a presigned or signed URL). */
  redirectedFrom: number | null
}

/**
 * A media request as a player makes it: the route's own answer (200/206 with the bytes), or — when
 * it redirects, to a presigned URL of the bucket or to a signed address of this API — what that
 * address answers to the same Range.
 */
async function hear(who: Account | null, url: string, range?: string): Promise<Heard> {
  const headers: Record<string, string> = range ? { range } : {}
  const first = await callAs(ctx, who, { url, headers })
  if (first.statusCode !== 302) return { status: first.statusCode, body: first.rawPayload, redirectedFrom: null }
  const location = String(first.headers.location)
  if (location.startsWith('/')) {
    const followed = await ctx.app.inject({ url: location, headers })
    return { status: followed.statusCode, body: followed.rawPayload, redirectedFrom: 302 }
  }
  const fetched = await fetch(location, { headers })
  return { status: fetched.status, body: Buffer.from(await fetched.arrayBuffer()), redirectedFrom: 302 }
}

const validation = async () => validationReportSchema.parse((await callAs(ctx, cast.admin, { url: API.insights.admin.validation })).json())

describe('the demo catalogue seeded into the bucket', () => {
  it('every audio and track is an object of the bucket, byte for byte, and none is on local disk', async () => {
    const audioRows = await ctx.database.db.select().from(audios)
    const musicRows = await ctx.database.db.select().from(backgroundMusic)
    expect(audioRows.length).toBeGreaterThan(0)
    const keys = keysInBucket()
    for (const row of [...audioRows, ...musicRows]) {
      expect(keys).toContain(row.fileKey)
      expect((await storage.stat(row.fileKey))?.size).toBe(row.sizeBytes)
    }
    expect(filesUnder(join(ctx.dataDir, 'media'))).toEqual([])
  })

  it('the admin validation page reads the seeded files from the bucket and finds them all present and decodable', async () => {
    const report = await validation()
    expect(report.problems).toEqual([])
    expect(report.checked).toMatchObject({ fields: 6, audios: 18, music: 2 })
  })
})

describe('an admin upload, kept in the bucket', () => {
  let audioId: string
  let fileKey: string

  it('stores the uploaded audio as an object, and a subscriber hears exactly its bytes, whole and by range', async () => {
    const field = await firstField(ctx)
    const { payload, headers } = multipart({ title: 'Enviado ao bucket', fieldId: field!.id }, [
      { name: 'file', filename: 'meu audio.mp3', contentType: 'audio/mpeg', data: MP3 },
    ])
    const res = await callAs(ctx, cast.admin, { method: 'POST', url: API.catalogue.admin.audios, payload, headers })
    expect(res.statusCode, res.body).toBe(201)
    audioId = res.json().audio.id
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.id, audioId))
    fileKey = row!.fileKey
    expect(keysInBucket()).toContain(fileKey)
    // The object is the upload's canonical conversion (ADR 026), of the size the row records.
    const chunks: Buffer[] = []
    for await (const chunk of storage.read(fileKey)) chunks.push(chunk as Buffer)
    const object = Buffer.concat(chunks)
    expect(object.length).toBe(row!.sizeBytes)
    expect((await storage.stat(fileKey))?.size).toBe(object.length)
    expect(filesUnder(join(ctx.dataDir, 'media'))).toEqual([])
    expect(filesUnder(join(ctx.dataDir, 'uploads-tmp'))).toEqual([])

    const whole = await hear(cast.subscriber, `/api/audios/${audioId}/file`)
    expect(whole.status).toBe(200)
    expect(whole.body.equals(object)).toBe(true)
    const part = await hear(cast.subscriber, `/api/audios/${audioId}/file`, 'bytes=100-1099')
    expect(part.status).toBe(206)
    expect(part.body.equals(object.subarray(100, 1100))).toBe(true)
    // A listener without a plan is refused before any byte (or URL) is given.
    expect((await callAs(ctx, cast.listener, { url: `/api/audios/${audioId}/file` })).statusCode).toBe(403)
  })

  it('deleting the audio removes its object from the bucket', async () => {
    const res = await callAs(ctx, cast.admin, { method: 'DELETE', url: API.catalogue.admin.audio(audioId) })
    expect(res.statusCode, res.body).toBeLessThan(300)
    expect(keysInBucket()).not.toContain(fileKey)
    expect(await storage.stat(fileKey)).toBeNull()
  })
})

describe('streaming a seeded audio from the bucket', () => {
  it("a subscriber hears the seeded file's bytes; a missing object is reported by the validation page", async () => {
    const [audio] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, false)).orderBy(audios.title).limit(1)
    const file = (await ctx.database.db.select().from(audios).where(eq(audios.id, audio!.id)))[0]!
    const chunks: Buffer[] = []
    for await (const chunk of storage.read(file.fileKey)) chunks.push(chunk as Buffer)
    const stored = Buffer.concat(chunks)
    expect(stored.length).toBe(file.sizeBytes)
    const heard = await hear(cast.subscriber, `/api/audios/${audio!.id}/file`, `bytes=${stored.length - 500}-`)
    expect(heard.status).toBe(206)
    expect(heard.body.equals(stored.subarray(stored.length - 500))).toBe(true)
    // The seeded bytes are the sample files shipped with the code.
    const shipped = readdirSync(SEED_MEDIA_DIR).filter((name) => name.endsWith('.mp3')).map((name) => readFileSync(join(SEED_MEDIA_DIR, name)))
    expect(shipped.some((bytes) => bytes.equals(stored))).toBe(true)

    await storage.delete(file.fileKey)
    const report = await validation()
    expect(report.problems.map((p) => p.kind)).toContain('audio_file_missing')
    await storage.put(file.fileKey, stored)
    expect((await validation()).problems).toEqual([])
  })
})

describe('a rendered session made from objects in the bucket', () => {
  it('copies its sources from the bucket for ffmpeg, streams the mix, and stores the render in the bucket', async () => {
    const voice = await insertAudio(ctx, await synthVoice(2), { title: 'Voz no bucket' })
    const music = await onlyMusic(ctx, await synthMusic(4))
    const asked = await callAs(ctx, cast.subscriber, {
      method: 'POST',
      url: API.sessions.sessions,
      payload: { items: [{ audioId: voice.id, repetitions: 2 }], pauseSeconds: 1 },
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const manifest = asked.json() as SessionManifest

    const first = await hear(cast.subscriber, manifest.url)
    expect(first.status).toBe(200)
    expect(first.body.length).toBe(manifest.bytes)

    // ffmpeg read local copies of the two objects; the finished render went to the bucket.
    const copies = readdirSync(join(ctx.dataDir, 'sessions-sources'))
    expect(copies).toEqual(expect.arrayContaining([voice.fileKey.replace('/', '__'), music.fileKey.replace('/', '__')]))
    await expect.poll(async () => (await storage.stat(renderStorageKey(manifest.key)))?.size ?? null).toBe(manifest.bytes)
    expect(filesUnder(join(ctx.dataDir, 'media'))).toEqual([])

    // Heard again once stored: the same bytes, now from the bucket (or its presigned URL).
    const again = await hear(cast.subscriber, manifest.url)
    expect(again.status).toBe(200)
    expect(again.body.equals(first.body)).toBe(true)
    const middle = Math.floor(manifest.bytes / 2)
    const part = await hear(cast.subscriber, manifest.url, `bytes=${middle}-${middle + 999}`)
    expect(part.status).toBe(206)
    expect(part.body.equals(first.body.subarray(middle, middle + 1000))).toBe(true)
  })
})
