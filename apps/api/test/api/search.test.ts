import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { API, SEARCH_MAX_RESULTS, type SearchResult } from '@sintonia/contract'
import { audios, fields } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { accessStatuses, callAs, castOf, type Cast } from '../helpers/callers.js'

let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  const { db } = ctx.database
  const [field] = await db.insert(fields).values({ title: 'Campo de Testes', description: 'Usado só pela busca', displayOrder: 99 }).returning()
  const audio = (title: string, tags: string[] = []) => ({ title, tags, fieldId: field!.id, fileKey: 'x/t.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 })
  await db.insert(audios).values([
    audio('Alma Serena'),
    audio('Serena'),
    audio('Água serena da manhã'),
    audio('100% Presente'),
    audio('Foco_total'),
    audio("Caminho d'Água"),
    audio('Sem título parecido', ['marcadorúnico']),
    ...Array.from({ length: 25 }, (_, i) => audio(`Limiar ${String(i + 1).padStart(2, '0')}`)),
  ])
})
afterAll(() => ctx.close())

const search = (q: string) => callAs(ctx, cast.subscriber, { method: 'GET', url: `${API.catalogue.search}?q=${encodeURIComponent(q)}` })
const resultsOf = async (q: string) => {
  const res = await search(q)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { results: SearchResult[] }).results
}
const titles = (results: SearchResult[]) => results.map((result) => result.title)

describe('GET /api/search', () => {
  it('answers a repeated query from memory until a catalogue change is announced', async () => {
    expect(titles(await resultsOf('Orvalho'))).toEqual([])
    const [field] = await ctx.database.db.select().from(fields).limit(1)
    await ctx.database.db.insert(audios).values({ title: 'Orvalho da Manhã', fieldId: field!.id, fileKey: 'x/o.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 })
    // Same query in another case and spacing: the same cached answer, written before the audio.
    expect(titles(await resultsOf('  orvalho '))).toEqual([])
    // Every write path of the app announces its change (admin audios publish audios_changed).
    await ctx.app.domainEvents.publish('audios_changed')
    expect(titles(await resultsOf('orvalho'))).toEqual(['Orvalho da Manhã'])
    await ctx.database.db.delete(audios).where(eq(audios.title, 'Orvalho da Manhã'))
    await ctx.app.domainEvents.publish('audios_changed')
  })

  it('is for subscribers and admins only', async () => {
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: `${API.catalogue.search}?q=paz` })).toEqual([401, 403, 200, 200])
  })

  it("finds the accented 'Áudio…' titles for 'audio', and 'Coração em Paz' for 'coracao'", async () => {
    const audioResults = titles(await resultsOf('audio'))
    expect(audioResults).toEqual(expect.arrayContaining(['Áudio de Boas-Vindas: Sintonize sua Mente', 'Áudio da Autoconfiança']))
    const heart = await resultsOf('CORACAO')
    expect(heart).toContainEqual(
      expect.objectContaining({ type: 'audio', title: 'Coração em Paz', fieldTitle: 'Autoestima e Amor-Próprio', duration: expect.any(String) }),
    )
  })

  it('finds audios by tag, and fields by title or description', async () => {
    expect(titles(await resultsOf('perdao'))).toContain('Coração em Paz')
    expect(titles(await resultsOf('MARCADORUNICO'))).toEqual(['Sem título parecido'])
    const byTitle = await resultsOf('concentracao')
    expect(byTitle).toContainEqual(expect.objectContaining({ type: 'field', title: 'Foco e Concentração', iconName: 'Target' }))
    expect(await resultsOf('usado so pela')).toEqual([expect.objectContaining({ type: 'field', title: 'Campo de Testes' })])
  })

  it('puts exact (normalised) title matches first, then alphabetical ignoring accents', async () => {
    const results = titles(await resultsOf('serena'))
    expect(results[0]).toBe('Serena')
    expect(results.slice(1)).toEqual(['Água serena da manhã', 'Alma Serena', 'Noite Serena'])
  })

  it(`answers at most ${SEARCH_MAX_RESULTS} results, the first ones in order`, async () => {
    const results = titles(await resultsOf('limiar'))
    expect(results).toHaveLength(SEARCH_MAX_RESULTS)
    expect(results[0]).toBe('Limiar 01')
    expect(results.at(-1)).toBe('Limiar 20')
  })

  it('refuses a query shorter than 2 characters after trimming, in pt-BR', async () => {
    for (const q of ['a', '   b   ', '']) {
      const res = await search(q)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('Digite pelo menos 2 caracteres')
    }
  })

  it('reads any run of whitespace in the query as one space', async () => {
    expect(titles(await resultsOf('alma \t\n  serena'))).toEqual(['Alma Serena'])
  })

  it("treats '%', '_' and quotes literally", async () => {
    expect(titles(await resultsOf('0%'))).toEqual(['100% Presente'])
    expect(titles(await resultsOf('%%'))).toEqual([])
    expect(titles(await resultsOf('o_t'))).toEqual(['Foco_total'])
    expect(titles(await resultsOf('__'))).toEqual([])
    expect(titles(await resultsOf("d'agua"))).toEqual(["Caminho d'Água"])
    expect(titles(await resultsOf("'; drop table audios; --"))).toEqual([])
    expect(titles(await resultsOf('\\%'))).toEqual([])
    // Full-width forms unaccent turns into '%', '_' and '\' are literal too.
    expect(titles(await resultsOf('0％'))).toEqual(['100% Presente'])
    expect(titles(await resultsOf('o＿t'))).toEqual(['Foco_total'])
    expect(titles(await resultsOf('％％'))).toEqual([])
    expect(titles(await resultsOf('＿＿'))).toEqual([])
  })
})
