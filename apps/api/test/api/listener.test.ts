import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { API, AUTH_MSG, MEDIA_MSG, LISTENER_MSG, MSG } from '@sintonia/contract'
import { audios, backgroundMusic, backgroundMusicSettings, fields } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { auditRows } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, type Cast } from '../helpers/callers.js'
import { injectMedia } from '../helpers/media.js'

const MISSING = '00000000-0000-4000-8000-000000000000'
const ALLOWED = [401, 403, 200, 200]

let ctx: TestContext
let cast: Cast
let firstField: typeof fields.$inferSelect
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  const [row] = await ctx.database.db.select().from(fields).orderBy(asc(fields.displayOrder), asc(fields.title)).limit(1)
  firstField = row!
})
afterAll(() => ctx.close())

const get = (url: string) => callAs(ctx, cast.subscriber, { method: 'GET', url })

describe('GET /api/fields', () => {
  it('is for subscribers and admins only', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.catalogue.fields })).toEqual(ALLOWED)
    const refused = await callAs(ctx, cast.listener, { method: 'GET', url: API.catalogue.fields })
    expect(refused.json().message).toBe(AUTH_MSG.subscriptionRequired)
  })

  it('lists the fields in display order with their audio counts', async () => {
    const { fields: list } = (await get(API.catalogue.fields)).json() as { fields: { id: string; displayOrder: number; audioCount: number }[] }
    expect(list.length).toBeGreaterThan(0)
    const orders = list.map((field) => field.displayOrder)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    const rows = await ctx.database.db.select().from(audios).where(eq(audios.fieldId, list[0]!.id))
    expect(list[0]).toMatchObject({ id: firstField.id, audioCount: rows.length })
  })
})

describe('GET /api/fields/:fieldId and its audios', () => {
  it('answers the field with its audio count', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.catalogue.field(firstField.id) })).toEqual(ALLOWED)
    const res = await get(API.catalogue.field(firstField.id))
    expect(res.json().field).toMatchObject({ id: firstField.id, title: firstField.title, audioCount: 3 })
  })

  it("refuses an id that is not a UUID with exactly 'ID do campo inválido'", async () => {
    for (const url of [API.catalogue.field('nao-e-um-uuid'), API.catalogue.fieldAudios('123')]) {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(LISTENER_MSG.fieldInvalidId)
    }
  })

  it("answers 404 'Campo não encontrado' for a missing field", async () => {
    for (const url of [API.catalogue.field(MISSING), API.catalogue.fieldAudios(MISSING)]) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(LISTENER_MSG.fieldNotFound)
    }
  })

  it('lists the audios of the field ordered by title, ignoring case and accents', async () => {
    const { db } = ctx.database
    await db.insert(audios).values([
      { title: 'abacate minúsculo', fieldId: firstField.id, fileKey: 'x/a.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 },
      { title: 'Zênite', fieldId: firstField.id, fileKey: 'x/z.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 },
    ])
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.catalogue.fieldAudios(firstField.id) })).toEqual(ALLOWED)
    const list = (await get(API.catalogue.fieldAudios(firstField.id))).json().audios as { title: string; fieldId: string; url: string }[]
    expect(list).toHaveLength(5)
    expect(list[0]!.title).toBe('abacate minúsculo')
    expect(list.at(-1)!.title).toBe('Zênite')
    const normalised = list.map((audio) => audio.title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
    expect(normalised).toEqual([...normalised].sort())
    expect(list.map((audio) => audio.title)).toContain('Áudio de Boas-Vindas: Sintonize sua Mente')
    for (const audio of list) expect(audio).toMatchObject({ fieldId: firstField.id, url: expect.stringMatching(/^\/api\/audios\/.+\/file$/) })
  })
})

describe('GET /api/audios/:audioId', () => {
  it('answers the audio and the title of its field', async () => {
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.title, 'Coração em Paz'))
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.catalogue.audio(row!.id) })).toEqual(ALLOWED)
    const res = await get(API.catalogue.audio(row!.id))
    expect(res.json()).toMatchObject({
      audio: { id: row!.id, title: 'Coração em Paz', url: API.catalogue.audioFile(row!.id), duration: expect.stringMatching(/^\d+:\d\d$/) },
      fieldTitle: 'Autoestima e Amor-Próprio',
    })
  })

  it("answers 404 'Áudio não encontrado' and 400 for a bad id", async () => {
    const missing = await get(API.catalogue.audio(MISSING))
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(LISTENER_MSG.audioNotFound)
    const bad = await get(API.catalogue.audio('abc'))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain(MSG.validation.invalidUuid)
  })
})

describe('background music', () => {
  it('lists the active tracks with their file route and the latest volume', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: API.catalogue.backgroundMusic })).toEqual(ALLOWED)
    const { db } = ctx.database
    const [inactive] = await db
      .insert(backgroundMusic)
      .values({ title: 'Desligada', fileKey: 'x/off.mp3', mimeType: 'audio/mpeg', sizeBytes: 1, isActive: false })
      .returning()
    await db.insert(backgroundMusicSettings).values({ volumePercentage: 40, createdAt: new Date(Date.now() + 1000) })
    const body = (await get(API.catalogue.backgroundMusic)).json() as { tracks: { id: string; title: string; url: string }[]; volumePercentage: number }
    expect(body.volumePercentage).toBe(40)
    expect(body.tracks.map((track) => track.title).sort()).toEqual(['Brisa Suave', 'Horizonte Sereno'])
    expect(body.tracks.map((track) => track.id)).not.toContain(inactive!.id)
    for (const track of body.tracks) expect(track.url).toBe(API.catalogue.backgroundMusicFile(track.id))
  })

  it('answers the default volume 25 when no settings row exists', async () => {
    const { db } = ctx.database
    const saved = await db.select().from(backgroundMusicSettings)
    await db.delete(backgroundMusicSettings)
    try {
      expect((await get(API.catalogue.backgroundMusic)).json().volumePercentage).toBe(25)
    } finally {
      await db.insert(backgroundMusicSettings).values(saved)
    }
  })

  it('streams a track to subscribers with Range, privately, and HEAD without a body', async () => {
    const [track] = await ctx.database.db.select().from(backgroundMusic).where(eq(backgroundMusic.title, 'Brisa Suave'))
    const url = API.catalogue.backgroundMusicFile(track!.id)
    // Allowed opens are redirected to a signed address of the file (ADR 021).
    expect(await accessStatuses(ctx, cast, { method: 'GET', url })).toEqual([401, 403, 302, 302])
    const opened = await callAs(ctx, cast.subscriber, { method: 'GET', url })
    const location = String(opened.headers.location)
    const res = await ctx.app.inject({ method: 'GET', url: location, headers: { range: 'bytes=0-9' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 0-9/${track!.sizeBytes}`)
    expect(res.headers['cache-control']).toMatch(/^private/)
    expect(res.rawPayload.length).toBe(10)
    const head = await ctx.app.inject({ method: 'HEAD', url: location })
    expect(head.statusCode).toBe(200)
    expect(head.rawPayload.length).toBe(0)
    const missing = await callAs(ctx, cast.subscriber, { method: 'GET', url: API.catalogue.backgroundMusicFile(MISSING) })
    expect(missing.statusCode).toBe(404)
  })
})

describe('GET /api/audios/:audioId/file (listener area)', () => {
  it('serves a subscriber audio to a subscriber and an admin, privately; 401 anonymous, 403 without subscription', async () => {
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.title, 'Coração em Paz'))
    const url = API.catalogue.audioFile(row!.id)
    expect(await accessStatuses(ctx, cast, { method: 'GET', url, headers: { range: 'bytes=0-3' } })).toEqual([401, 403, 302, 302])
    const res = await callAs(ctx, cast.subscriber, { method: 'GET', url })
    expect(res.headers['cache-control']).toBe('private, no-store')
    const file = await ctx.app.inject({ method: 'GET', url: String(res.headers.location), headers: { range: 'bytes=0-3' } })
    expect(file.statusCode).toBe(206)
    expect(file.headers['cache-control']).toMatch(/^private/)
    const refused = await callAs(ctx, cast.listener, { method: 'GET', url })
    expect(refused.json().message).toBe(MEDIA_MSG.subscriptionRequired)
    const audits = await auditRows(ctx, 'GET /api/audios/:audioId/file')
    expect(audits.filter((row) => row.actorUserId === cast.listener.userId)).not.toHaveLength(0)
    expect(audits.some((row) => (row.details as { reason?: string }).reason === 'anonymous')).toBe(true)
  })

  it('keeps the demo public: anyone is redirected to its signed address', async () => {
    const [demo] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
    const res = await injectMedia(ctx.app, { method: 'GET', url: API.catalogue.audioFile(demo!.id) })
    expect(res.redirect?.statusCode).toBe(302)
    expect(res.statusCode).toBe(200)
    expect(Number(res.headers['content-length'])).toBe(demo!.sizeBytes)
  })
})
