import { existsSync, readdirSync, statSync } from 'node:fs'
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
  programDayItems,
  programDays,
  programs,
} from '../../src/db/schema/index.js'
import { SEED_MEDIA_DIR } from '../../src/paths.js'
import { seedDemoCatalogue, seedIfEmpty } from '../../src/seed/index.js'
import { seedFields } from '../../src/seed/catalogue.js'
import { seedProgramRows, seedPrograms } from '../../src/seed/programs.js'
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
    programs: await n(programs),
    programDays: await n(programDays),
    programItems: await n(programDayItems),
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

  it('makes every seeded audio a guided practice of 2 to 4 minutes, all media together within 15 MB', async () => {
    const rows = await ctx.database.db.select({ title: audios.title, seconds: audios.durationSeconds }).from(audios)
    expect(rows).toHaveLength(18)
    for (const row of rows) {
      expect(row.seconds, row.title).toBeGreaterThanOrEqual(120)
      expect(row.seconds, row.title).toBeLessThanOrEqual(240)
    }
    const bytes = readdirSync(SEED_MEDIA_DIR).reduce((sum, file) => sum + statSync(join(SEED_MEDIA_DIR, file)).size, 0)
    expect(bytes).toBeLessThanOrEqual(15_000_000)
  })

  it('publishes "21 dias de Autoestima" (one day at a time) and "7 dias de Calma" (livre), in that order', async () => {
    const rows = await ctx.database.db.select().from(programs).orderBy(asc(programs.position))
    expect(rows.map((p) => [p.slug, p.title, p.published, p.isOpen, p.position])).toEqual([
      ['21-dias-de-autoestima', '21 dias de Autoestima', true, false, 1],
      ['7-dias-de-calma', '7 dias de Calma', true, true, 2],
    ])
    for (const program of rows) {
      // The address is the title's slug, as the admin editor makes it.
      const fromTitle = program.title.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
      expect(program.slug).toBe(fromTitle)
      expect(program.description, program.title).toContain('20 minutos por dia')
    }
  })

  it('completes every day: days 1…N, each with an intention and 1 to 8 catalogue audios repeated 1 to 30 times', async () => {
    const { db } = ctx.database
    const expectedDays = { '21-dias-de-autoestima': 21, '7-dias-de-calma': 7 }
    for (const program of await db.select().from(programs)) {
      const days = await db.select().from(programDays).where(eq(programDays.programId, program.id)).orderBy(asc(programDays.day))
      expect(days.map((d) => d.day), program.title).toEqual(Array.from({ length: expectedDays[program.slug as keyof typeof expectedDays] }, (_, i) => i + 1))
      for (const day of days) {
        expect(day.intention.trim(), `${program.title}, dia ${day.day}`).not.toBe('')
        const items = await db
          .select({ position: programDayItems.position, repetitions: programDayItems.repetitions, fieldId: audios.fieldId })
          .from(programDayItems)
          .innerJoin(audios, eq(audios.id, programDayItems.audioId))
          .where(sql`${programDayItems.programId} = ${program.id} and ${programDayItems.day} = ${day.day}`)
          .orderBy(asc(programDayItems.position))
        expect(items.length, `${program.title}, dia ${day.day}`).toBeGreaterThanOrEqual(1)
        expect(items.length).toBeLessThanOrEqual(8)
        expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i))
        for (const item of items) expect(item.repetitions).toBeGreaterThanOrEqual(1)
        for (const item of items) expect(item.repetitions).toBeLessThanOrEqual(30)
      }
      // Intentions differ from day to day.
      expect(new Set(days.map((d) => d.intention)).size, program.title).toBe(days.length)
    }
    // Every item is a day's audio (no orphan rows).
    const [orphans] = await query<{ n: number | string }>(
      ctx,
      sql`select count(*) as n from program_day_items i left join program_days d on d.program_id = i.program_id and d.day = i.day where d.day is null`,
    )
    expect(Number(orphans?.n)).toBe(0)
  })

  it("opens every programme with audios other than the free demo, which the buyer heard before paying", async () => {
    const rows = await query<{ slug: string; demo: boolean }>(
      ctx,
      sql`select p.slug, a.is_demo as demo from program_day_items i join programs p on p.id = i.program_id join audios a on a.id = i.audio_id where i.day = 1`,
    )
    expect(new Set(rows.map((r) => r.slug))).toEqual(new Set(['21-dias-de-autoestima', '7-dias-de-calma']))
    expect(rows.filter((r) => r.demo)).toEqual([])
  })

  it('gives each day about 20 minutes: Σ(duration × repetitions) between 15 and 25 minutes, the average near 20', async () => {
    const rows = await query<{ slug: string; day: number; seconds: number | string }>(
      ctx,
      sql`select p.slug, i.day, sum(a.duration_seconds * i.repetitions) as seconds
          from program_day_items i join programs p on p.id = i.program_id join audios a on a.id = i.audio_id
          group by p.slug, i.day order by p.slug, i.day`,
    )
    expect(rows).toHaveLength(28)
    for (const row of rows) {
      // A day's minutes as docs/product/practice.md counts them: rounded.
      const minutes = Math.round(Number(row.seconds) / 60)
      expect(minutes, `${row.slug}, dia ${row.day}`).toBeGreaterThanOrEqual(15)
      expect(minutes, `${row.slug}, dia ${row.day}`).toBeLessThanOrEqual(25)
    }
    for (const slug of ['21-dias-de-autoestima', '7-dias-de-calma']) {
      const days = rows.filter((r) => r.slug === slug).map((r) => Math.round(Number(r.seconds) / 60))
      const average = Math.round(days.reduce((a, b) => a + b, 0) / days.length)
      expect(average, slug).toBeGreaterThanOrEqual(18)
      expect(average, slug).toBeLessThanOrEqual(22)
    }
  })

  it("builds the self-esteem programme around the field 'Autoestima e Amor-Próprio' and the calm one around 'Calma e Sono Tranquilo'", async () => {
    const rows = await query<{ slug: string; field: string; plays: number | string }>(
      ctx,
      sql`select p.slug, f.title as field, sum(i.repetitions) as plays
          from program_day_items i join programs p on p.id = i.program_id join audios a on a.id = i.audio_id join fields f on f.id = a.field_id
          group by p.slug, f.title`,
    )
    const mostPlayed = (slug: string) => rows.filter((r) => r.slug === slug).sort((a, b) => Number(b.plays) - Number(a.plays))[0]?.field
    expect(mostPlayed('21-dias-de-autoestima')).toBe('Autoestima e Amor-Próprio')
    expect(mostPlayed('7-dias-de-calma')).toBe('Calma e Sono Tranquilo')
  })

  it('does nothing the second time', async () => {
    const before = await tableCounts(ctx)
    const filesBefore = filesIn(join(ctx.dataDir, 'media'))
    expect(await seedIfEmpty(ctx.database.db, ctx.storage)).toBe(false)
    expect(await tableCounts(ctx)).toEqual(before)
    expect(filesIn(join(ctx.dataDir, 'media'))).toEqual(filesBefore)
    expect(before).toMatchObject({ fields: 6, music: 2, musicSettings: 1, plans: 3, landing: 2, programs: 2, programDays: 28 })
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

describe('the seeded programmes', () => {
  const audioSlugs = new Set(seedFields.flatMap((f) => f.audios.map((a) => a.slug)))
  const idOf = (slug: string) => (audioSlugs.has(slug) ? `id-${slug}` : undefined)

  it('name only audios of the catalogue', () => {
    const rows = seedProgramRows(idOf)
    expect(rows.programs).toHaveLength(seedPrograms.length)
    expect(rows.items.every((item) => item.audioId.startsWith('id-'))).toBe(true)
  })

  it('refuse what an admin could not save: an unknown audio, a day without intention or audio, too many repetitions', () => {
    const base = seedPrograms[1]!
    const withDay = (day: (typeof base.days)[number]) => [{ ...base, days: [day] }]
    expect(() => seedProgramRows(idOf, withDay({ intention: 'Respire.', items: [{ audio: 'nao-existe', repetitions: 1 }] }))).toThrow(/áudio desconhecido "nao-existe"/)
    expect(() => seedProgramRows(idOf, withDay({ intention: '  ', items: [{ audio: 'noite-serena', repetitions: 1 }] }))).toThrow(/intenção/)
    expect(() => seedProgramRows(idOf, withDay({ intention: 'Respire.', items: [] }))).toThrow(/0 áudios/)
    expect(() => seedProgramRows(idOf, withDay({ intention: 'Respire.', items: [{ audio: 'noite-serena', repetitions: 31 }] }))).toThrow(/31 repetições/)
    expect(() => seedProgramRows(idOf, [{ ...base, days: [] }])).toThrow(/0 dias/)
  })
})
