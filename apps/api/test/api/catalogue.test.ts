import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq } from 'drizzle-orm'
import { demoSchema, fieldListSchema } from '@sintonia/contract'
import { audios, fields } from '../../src/db/schema/index.js'
import { DOMAIN_EVENTS_CHANNEL } from '../../src/plugins/domain-events.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { firstField } from '../helpers/catalogue.js'
import { injectMedia } from '../helpers/media.js'
import { announceAndWait } from '../helpers/realtime.js'

const fileUrl = (id: string) => `/api/audios/${id}/file`

async function getFields(ctx: TestContext) {
  const res = await ctx.app.inject({ url: '/api/public/fields' })
  expect(res.statusCode).toBe(200)
  return fieldListSchema.parse(res.json()).fields
}

async function getDemo(ctx: TestContext) {
  const res = await ctx.app.inject({ url: '/api/demo' })
  expect(res.statusCode).toBe(200)
  return demoSchema.parse(res.json())
}

describe('seeded catalogue', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp({ seed: true })
  })
  afterAll(() => ctx.close())

  const demoRow = async () => {
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
    if (!row) throw new Error('seed sem áudio demo')
    return row
  }

  describe('GET /api/public/fields', () => {
    it('lists the 6 seeded fields in display order with their audio counts', async () => {
      const list = await getFields(ctx)
      expect(list).toHaveLength(6)
      expect(list.map((f) => f.displayOrder)).toEqual([1, 2, 3, 4, 5, 6])
      expect(list[0]?.title).toBe('Prosperidade e Abundância')

      const counted = await ctx.database.db
        .select({ fieldId: audios.fieldId, n: count() })
        .from(audios)
        .groupBy(audios.fieldId)
      const expected = new Map(counted.map((row) => [row.fieldId, Number(row.n)]))
      for (const field of list) {
        expect(field.audioCount, field.title).toBe(expected.get(field.id) ?? 0)
        expect(field.audioCount).toBeGreaterThanOrEqual(3)
      }
    })

    it('follows display_order, not creation order', async () => {
      const [first, , , , , last] = await ctx.database.db.select().from(fields).orderBy(asc(fields.displayOrder))
      if (!first || !last) throw new Error('seed incompleto')
      await ctx.database.db.update(fields).set({ displayOrder: 100 }).where(eq(fields.id, first.id))
      await ctx.database.db.update(fields).set({ displayOrder: 0 }).where(eq(fields.id, last.id))
      // Every write path of the app announces its change; this test writes behind its back.
      await ctx.app.domainEvents.publish('fields_changed')
      const list = await getFields(ctx)
      expect(list[0]?.id).toBe(last.id)
      expect(list.at(-1)?.id).toBe(first.id)
      await ctx.database.db.update(fields).set({ displayOrder: first.displayOrder }).where(eq(fields.id, first.id))
      await ctx.database.db.update(fields).set({ displayOrder: last.displayOrder }).where(eq(fields.id, last.id))
      await ctx.app.domainEvents.publish('fields_changed')
    })

    it('counts audios at read time: once announced, a new audio raises the count and an empty field shows 0', async () => {
      const field = await firstField(ctx)
      if (!field) throw new Error('seed incompleto')
      const before = (await getFields(ctx)).find((f) => f.id === field.id)?.audioCount ?? -1
      await ctx.database.db.insert(audios).values({
        title: 'Áudio extra',
        fieldId: field.id,
        fileKey: 'audios/nao-existe.mp3',
        mimeType: 'audio/mpeg',
        sizeBytes: 1,
      })
      const [empty] = await ctx.database.db
        .insert(fields)
        .values({ title: 'Campo vazio', displayOrder: 99 })
        .returning({ id: fields.id })
      await ctx.app.domainEvents.publish('audios_changed')
      const list = await getFields(ctx)
      expect(list.find((f) => f.id === field.id)?.audioCount).toBe(before + 1)
      expect(list.at(-1)).toMatchObject({ id: empty?.id, title: 'Campo vazio', audioCount: 0, iconName: 'Sparkles' })
      expect(list).toHaveLength(7)
    })
  })

  describe('the field list cache', () => {
    it('serves the list from memory until a change is announced, by this instance or by another one', async () => {
      const field = await firstField(ctx)
      if (!field) throw new Error('seed incompleto')
      // The earlier tests' own announcements come back through PostgreSQL a moment later; on a
      // busy run one arrived after the list below was cached and dropped it.
      await announceAndWait(ctx.app, 'fields_changed')
      expect((await getFields(ctx))[0]?.title).toBe(field.title)

      // Written behind the API's back and not announced: the cached answer stays.
      await ctx.database.db.update(fields).set({ title: 'Título trocado por fora' }).where(eq(fields.id, field.id))
      expect((await getFields(ctx))[0]?.title).toBe(field.title)

      // Another instance announces a change through PostgreSQL's notifications.
      await ctx.database.notifications.notify(DOMAIN_EVENTS_CHANNEL, JSON.stringify({ name: 'fields_changed', at: new Date().toISOString() }))
      await expect.poll(async () => (await getFields(ctx))[0]?.title).toBe('Título trocado por fora')

      await ctx.database.db.update(fields).set({ title: field.title }).where(eq(fields.id, field.id))
      await ctx.app.domainEvents.publish('fields_changed')
      expect((await getFields(ctx))[0]?.title).toBe(field.title)
    })
  })

  describe('GET /api/demo', () => {
    it('returns the demo audio with its field title', async () => {
      const demo = await demoRow()
      const body = await getDemo(ctx)
      expect(body.isAlternative).toBe(false)
      expect(body.fieldTitle).toBe('Prosperidade e Abundância')
      expect(body.audio).toMatchObject({
        id: demo.id,
        title: 'Áudio de Boas-Vindas: Sintonize sua Mente',
        isDemo: true,
        fieldId: demo.fieldId,
        // The welcome practice (scripts/sample-audio/texts/boas-vindas-sintonize-sua-mente.txt).
        durationSeconds: 184,
        duration: '3:04',
        url: `/api/audios/${demo.id}/file`,
      })
      // The metadata never exposes where the file is stored.
      expect(JSON.stringify(body)).not.toContain(demo.fileKey)
    })

    it("the demo's url plays for an anonymous visitor", async () => {
      const body = await getDemo(ctx)
      if (!body.audio) throw new Error('sem demo')
      const res = await injectMedia(ctx.app, { url: body.audio.url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('audio/mpeg')
    })

    it('uses an alternative when the demo title is blank', async () => {
      const demo = await demoRow()
      await ctx.database.db.update(audios).set({ title: '   ' }).where(eq(audios.id, demo.id))
      try {
        const body = await getDemo(ctx)
        expect(body.isAlternative).toBe(true)
        expect(body.audio?.id).not.toBe(demo.id)
      } finally {
        await ctx.database.db.update(audios).set({ title: demo.title }).where(eq(audios.id, demo.id))
      }
      expect((await getDemo(ctx)).audio?.id).toBe(demo.id)
    })

    it("uses the first playable audio when the demo's file is gone, and only that one plays", async () => {
      const demo = await demoRow()
      await ctx.storage.delete(demo.fileKey)
      // Removed behind the API's back: announced as every write path of the app does.
      await ctx.app.domainEvents.publish('audios_changed')

      const body = await getDemo(ctx)
      expect(body.isAlternative).toBe(true)
      if (!body.audio) throw new Error('sem alternativa')
      expect(body.audio.id).not.toBe(demo.id)
      expect(body.audio.isDemo).toBe(false)

      // The alternative is the oldest audio whose file exists (product rule: creation order).
      const byCreation = await ctx.database.db.select().from(audios).orderBy(asc(audios.createdAt), asc(audios.id))
      const firstPlayable = await (async () => {
        for (const row of byCreation) if (row.id !== demo.id && (await ctx.storage.stat(row.fileKey))) return row
        return undefined
      })()
      expect(body.audio.id).toBe(firstPlayable?.id)
      const [field] = await ctx.database.db.select().from(fields).where(eq(fields.id, body.audio.fieldId))
      expect(body.fieldTitle).toBe(field?.title)

      const alternative = await injectMedia(ctx.app, { url: fileUrl(body.audio.id) })
      expect(alternative.statusCode).toBe(200)
      expect(alternative.rawPayload.length).toBe(firstPlayable?.sizeBytes)

      const broken = await injectMedia(ctx.app, { url: fileUrl(demo.id) })
      expect([401, 404]).toContain(broken.statusCode)
      expect(broken.headers['content-type']).toMatch(/^application\/json/)
    })

    it('answers no demo at all when every audio file is missing', async () => {
      const rows = await ctx.database.db.select().from(audios)
      for (const row of rows) await ctx.storage.delete(row.fileKey)
      const body = await getDemo(ctx)
      expect(body).toEqual({ audio: null, fieldTitle: null, isAlternative: false })
      for (const row of rows.slice(0, 3)) {
        const res = await injectMedia(ctx.app, { url: fileUrl(row.id) })
        expect([401, 404], row.title).toContain(res.statusCode)
      }
    })
  })
})

describe('empty (unseeded) database', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('has no fields', async () => {
    expect(await getFields(ctx)).toEqual([])
  })

  it('has no demo', async () => {
    expect(await getDemo(ctx)).toEqual({ audio: null, fieldTitle: null, isAlternative: false })
  })
})
