import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { API, type SearchResult } from '@sintonia/contract'
import { audios, fields } from '../../src/db/schema.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, castOf, type Cast } from '../helpers/session.js'

// Migration 0007 (docs/performance.md): tags are searched through an index over the joined tags;
// the rule stays "one tag contains the query", never a match across two tags.
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
  const res = await callAs(ctx, cast.subscriber, { method: 'GET', url: `${API.listener.search}?q=${encodeURIComponent(q)}` })
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
  })

  it('keeps the joined-tags index in the database', async () => {
    const result = await ctx.database.db.execute(sql`select indexname from pg_indexes where tablename = 'audios' and indexname = 'audios_tags_trgm_idx'`)
    expect((result as { rows: unknown[] }).rows).toHaveLength(1)
  })
})
