import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { DEFAULT_LANDING_CONTENT } from '@sintonia/contract'
import {
  appSettings,
  audios,
  backgroundMusic,
  backgroundMusicSettings,
  fields,
  landingContent,
  plans,
} from '../../src/db/schema/index.js'
import { seedDemoCatalogue, seedIfEmpty } from '../../src/seed/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'

/** Rows of a raw query, whichever engine ran it (both drivers answer `{ rows }`). */
async function query<T>(ctx: TestContext, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.database.db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

async function tableCounts(ctx: TestContext) {
  const { db } = ctx.database
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]?.n ?? -1)
  return {
    fields: await n(fields),
    audios: await n(audios),
    music: await n(backgroundMusic),
    musicSettings: await n(backgroundMusicSettings),
    plans: await n(plans),
    landing: await n(landingContent),
    settings: await n(appSettings),
  }
}

function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()
}

describe('seeding an empty database', () => {
  let ctx: TestContext
  let seeded: boolean
  beforeAll(async () => {
    ctx = await buildTestApp()
    expect((await tableCounts(ctx)).fields).toBe(0)
    seeded = await seedIfEmpty(ctx.database.db, ctx.storage)
  })
  afterAll(() => ctx.close())

  it('reports that it seeded', () => {
    expect(seeded).toBe(true)
  })

  it('creates 6 fields with at least 3 audios each', async () => {
    const rows = await ctx.database.db
      .select({ id: fields.id, title: fields.title, n: count(audios.id) })
      .from(fields)
      .leftJoin(audios, eq(audios.fieldId, fields.id))
      .groupBy(fields.id)
    expect(rows).toHaveLength(6)
    for (const row of rows) expect(Number(row.n), row.title).toBeGreaterThanOrEqual(3)
    const orders = (await ctx.database.db.select({ o: fields.displayOrder }).from(fields).orderBy(asc(fields.displayOrder))).map((r) => r.o)
    expect(new Set(orders).size).toBe(6)
  })

  it('flags exactly one demo audio', async () => {
    const demos = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))
    expect(demos).toHaveLength(1)
    expect(demos[0]?.title.trim()).not.toBe('')
  })

  it('creates 2 active background tracks and the volume setting 25', async () => {
    const music = await ctx.database.db.select().from(backgroundMusic)
    expect(music).toHaveLength(2)
    expect(music.every((m) => m.isActive)).toBe(true)
    const settings = await ctx.database.db.select().from(backgroundMusicSettings)
    expect(settings).toHaveLength(1)
    expect(settings[0]?.volumePercentage).toBe(25)
  })

  it('creates the three plans with their prices in centavos', async () => {
    const rows = await ctx.database.db.select().from(plans).orderBy(asc(plans.displayOrder))
    expect(rows.map((p) => [p.code, p.priceCents, p.intervalMonths])).toEqual([
      ['trimestral', 14970, 3],
      ['semestral', 26940, 6],
      ['anual', 47880, 12],
    ])
    for (const plan of rows) {
      expect(plan.currency).toBe('BRL')
      expect(plan.isActive).toBe(true)
      expect(plan.originalPriceCents).toBe(plan.priceCents)
    }
  })

  it('stores the landing content sections and the product name', async () => {
    const sections = await ctx.database.db.select().from(landingContent).orderBy(asc(landingContent.section))
    expect(sections.map((s) => s.section)).toEqual(['landing_page', 'videos'])
    expect(sections[0]?.content).toEqual(DEFAULT_LANDING_CONTENT)
    expect(sections[1]?.content).toEqual({ active_video_id: null, videos: [] })
    const [name] = await ctx.database.db.select().from(appSettings).where(eq(appSettings.key, 'product_name'))
    expect(name?.value).toBe('Sintonia')
  })

  it('stores every audio and music file with the size recorded in its row', async () => {
    const rows = [
      ...(await ctx.database.db.select().from(audios)),
      ...(await ctx.database.db.select().from(backgroundMusic)),
    ]
    expect(rows.length).toBeGreaterThanOrEqual(20)
    for (const row of rows) {
      const stored = await ctx.storage.stat(row.fileKey)
      expect(stored, row.title).not.toBeNull()
      expect(stored?.size, row.title).toBe(row.sizeBytes)
      expect(row.mimeType).toBe('audio/mpeg')
      expect(row.durationSeconds).toBeGreaterThan(0)
    }
    expect(new Set(rows.map((r) => r.fileKey)).size).toBe(rows.length)
    // Nothing else was written: one file per row.
    expect(filesIn(join(ctx.dataDir, 'media')).filter((f) => f.endsWith('.mp3'))).toHaveLength(rows.length)
  })

  it('does nothing the second time', async () => {
    const before = await tableCounts(ctx)
    const filesBefore = filesIn(join(ctx.dataDir, 'media'))
    expect(await seedIfEmpty(ctx.database.db, ctx.storage)).toBe(false)
    expect(await tableCounts(ctx)).toEqual(before)
    expect(filesIn(join(ctx.dataDir, 'media'))).toEqual(filesBefore)
    expect(before).toMatchObject({ fields: 6, music: 2, musicSettings: 1, plans: 3, landing: 2 })
  })

  it('has accent-insensitive search functions on this engine', async () => {
    const [plain] = await query<{ v: string }>(ctx, sql`select immutable_unaccent('Coração') as v`)
    expect(plain?.v).toBe('Coracao')
    const [similar] = await query<{ s: number | string }>(ctx, sql`select similarity('audio', immutable_unaccent('áudio')) as s`)
    expect(Number(similar?.s)).toBe(1)
    const [partial] = await query<{ s: number | string }>(ctx, sql`select similarity('audio', 'áudio') as s`)
    expect(Number(partial?.s)).toBeGreaterThan(0)
    expect(Number(partial?.s)).toBeLessThan(1)
    const found = await query<{ title: string }>(
      ctx,
      sql`select title from audios where immutable_unaccent(lower(title)) like ${'%' + 'coracao' + '%'}`,
    )
    expect(found.map((r) => r.title)).toContain('Coração em Paz')
  })

  it('refuses a second demo audio (unique partial index) but accepts more non-demo audios', async () => {
    const [field] = await ctx.database.db.select().from(fields).limit(1)
    if (!field) throw new Error('seed incompleto')
    const row = { title: 'Outro demo', fieldId: field.id, fileKey: 'audios/x.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 }
    await expect(ctx.database.db.insert(audios).values({ ...row, isDemo: true })).rejects.toThrow()
    await expect(ctx.database.db.insert(audios).values({ ...row, isDemo: false })).resolves.toBeDefined()
    await expect(ctx.database.db.insert(audios).values({ ...row, isDemo: false })).resolves.toBeDefined()
    expect(await ctx.database.db.select().from(audios).where(eq(audios.isDemo, true))).toHaveLength(1)
  })
})

describe('a seed that fails', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await buildTestApp()
  })
  afterAll(() => ctx.close())

  it('leaves neither rows nor media files behind', async () => {
    // A demo audio already present makes the catalogue insert hit the single-demo index.
    const [field] = await ctx.database.db.insert(fields).values({ title: 'Campo existente' }).returning()
    if (!field) throw new Error('campo não criado')
    await ctx.database.db.insert(audios).values({
      title: 'Demo existente',
      fieldId: field.id,
      isDemo: true,
      fileKey: 'audios/existente.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: 1,
    })
    const before = await tableCounts(ctx)
    await expect(seedDemoCatalogue(ctx.database.db, ctx.storage)).rejects.toThrow()
    expect(await tableCounts(ctx)).toEqual(before)
    expect(filesIn(join(ctx.dataDir, 'media')).filter((f) => f.endsWith('.mp3'))).toEqual([])
    // And seedIfEmpty leaves a database that already has fields alone.
    expect(await seedIfEmpty(ctx.database.db, ctx.storage)).toBe(false)
  })
})
