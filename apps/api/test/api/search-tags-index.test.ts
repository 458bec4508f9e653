import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { API, type SearchResult } from '@sintonia/contract'
import { audios, fields } from '../../src/db/schema/index.js'
import { searchAudiosQuery } from '../../src/modules/catalogue/search-repository.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'

// Migrations 0007 and 0008 (docs/performance.md §3): tags are searched through a trigram index over
// the stored joined tags; the rule stays "one tag contains the query", never a match across two tags.
let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  const { db } = ctx.database
  const [field] = await db.insert(fields).values({ title: 'Campo das Etiquetas', displayOrder: 98 }).returning()
  await db.insert(audios).values([
    { title: 'Primeiro da lista', tags: ['Respiração', 'manhã'], fieldId: field!.id, fileKey: 'x/a.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 },
    { title: 'Segundo da lista', tags: ['silêncio'], fieldId: field!.id, fileKey: 'x/b.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 },
  ])
})
afterAll(() => ctx.close())

const titlesFor = async (q: string) => {
  const res = await callAs(ctx, cast.subscriber, { method: 'GET', url: `${API.catalogue.search}?q=${encodeURIComponent(q)}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { results: SearchResult[] }).results.map((r) => r.title)
}

describe('search by tag through the tags index', () => {
  it('finds an audio by part of one tag, ignoring case and accents', async () => {
    expect(await titlesFor('RESPIRACAO')).toContain('Primeiro da lista')
    expect(await titlesFor('silenc')).toEqual(['Segundo da lista'])
  })

  it('does not match text that spans two tags', async () => {
    expect(await titlesFor('respiração\nmanhã')).not.toContain('Primeiro da lista')
    expect(await titlesFor('cao manh')).not.toContain('Primeiro da lista')
    // A full-width '％' becomes '%' once unaccented, and is still no wildcard.
    expect(await titlesFor('respiração％manhã')).not.toContain('Primeiro da lista')
  })

  it('searches the stored title and tags through their trigram indexes, with no function per row', async () => {
    const { db } = ctx.database
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
    const indexes = rowsOf(
      await db.execute(sql`select c.relname, c.reloptions from pg_class c join pg_index i on i.indexrelid = c.oid where i.indrelid = 'audios'::regclass and c.relname like '%trgm%' order by c.relname`),
    )
    // No pending list: rows inserted after the index was built are in the index itself.
    expect(indexes).toEqual([
      { relname: 'audios_search_tags_trgm_idx', reloptions: ['fastupdate=off'] },
      { relname: 'audios_search_title_trgm_idx', reloptions: ['fastupdate=off'] },
    ])
    // A two-audio table is read sequentially; without that option the plan shows the indexes it can use.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const explained = rowsOf(await tx.execute(sql`explain ${searchAudiosQuery(tx, 'silenc', 20)}`))
      return explained.map((row) => String(row['QUERY PLAN'])).join('\n')
    })
    expect(plan).toContain('BitmapOr')
    expect(plan).toContain('Bitmap Index Scan on audios_search_title_trgm_idx')
    expect(plan).toContain('Bitmap Index Scan on audios_search_tags_trgm_idx')
    expect(plan).not.toMatch(/immutable_unaccent(_tags)?\((lower\()?(audios\.)?(title|tags)/)
    // Plain LIKE on stored lower-case text: ILIKE would lower-case every row it reads.
    expect(plan).toContain("search_title ~~ '%silenc%'")
    expect(plan).not.toMatch(/SubPlan|unnest|~~\*/)
  })

  it('keeps the trigram indexes in the generic plan PostgreSQL may settle on for the prepared search', async () => {
    const { db } = ctx.database
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
    // The statement exactly as the prepared search sends it, with its placeholders as parameters.
    const prepared = searchAudiosQuery(db, sql.placeholder('query'), sql.placeholder('limit')).toSQL()
    const values = prepared.params.map((param) => ((param as { name?: string }).name === 'limit' ? '20' : "'silenc'"))
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
      await tx.execute(sql.raw(`prepare search_plan_check as ${prepared.sql}`))
      try {
        const explained = rowsOf(await tx.execute(sql.raw(`explain execute search_plan_check(${values.join(', ')})`)))
        return explained.map((row) => String(row['QUERY PLAN'])).join('\n')
      } finally {
        await tx.execute(sql`deallocate search_plan_check`)
      }
    })
    // A generic plan: the pattern is a parameter, not the query's text.
    expect(plan).not.toContain('silenc')
    expect(plan).toContain('BitmapOr')
    expect(plan).toContain('Bitmap Index Scan on audios_search_title_trgm_idx')
    expect(plan).toContain('Bitmap Index Scan on audios_search_tags_trgm_idx')
    expect(plan).not.toMatch(/SubPlan|unnest|~~\*/)
  })
})
