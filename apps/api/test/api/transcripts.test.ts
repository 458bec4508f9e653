import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { API, MSG, MEDIA_MSG, TRANSCRIPT_MAX_CHARS, TRANSCRIPT_MSG, type AdminAudio, type SearchResult } from '@sintonia/contract'
import { audios, audioTranscripts, fields } from '../../src/db/schema/index.js'
import { searchTranscriptsQuery } from '../../src/modules/catalogue/search-repository.js'
import { seedId } from '../../src/seed/seed-id.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { auditRows } from '../helpers/auth.js'
import { accessStatuses, callAs, castOf, type Cast } from '../helpers/callers.js'
import { firstField, SHORT_VOICE_MP3 } from '../helpers/catalogue.js'
import { multipart } from '../helpers/multipart.js'

// Transcripts (docs/product/listening.md#transcript, docs/product/admin.md#audios-adminaudios): the
// admin attaches plain text with paragraphs; listeners read it under the audio's own access rule;
// the demo's is public; search finds an audio by words of its transcript.
let ctx: TestContext
let cast: Cast
let paidId: string
let demoId: string
const MISSING = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  const { db } = ctx.database
  // A seeded audio without a transcript: 'Mente Próspera' (seed/transcripts.ts gives three others one).
  paidId = seedId('audio', 'mente-prospera')
  demoId = seedId('audio', 'boas-vindas-sintonize-sua-mente')
  const [paid] = await db.select().from(audios).where(eq(audios.id, paidId))
  expect(paid?.isDemo).toBe(false)
})
afterAll(() => ctx.close())

const transcriptUrl = (id: string) => API.catalogue.audioTranscript(id)
const edit = (id: string, payload: unknown) => callAs(ctx, cast.admin, { method: 'PATCH', url: API.catalogue.admin.audio(id), payload: payload as Record<string, unknown> })
const storedText = async (id: string) => (await ctx.database.db.select().from(audioTranscripts).where(eq(audioTranscripts.audioId, id)))[0]?.text ?? null
const readAs = async (who: Cast[keyof Cast] | null, id: string) => callAs(ctx, who, { method: 'GET', url: transcriptUrl(id) })
const search = async (q: string) => {
  const res = await callAs(ctx, cast.subscriber, { method: 'GET', url: `${API.catalogue.search}?q=${encodeURIComponent(q)}` })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { results: SearchResult[] }).results
}

describe('admin: attaching a transcript', () => {
  it('saves it with the audio, normalised, announces the change and shows it in the admin list', async () => {
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await edit(paidId, { transcript: '\uFEFFPortas se abrem.\r\nEu mereço prosperar.\r\n\r\n\r\n\r\nRespire  \t fundo.\u0007  ' })
    expect(res.statusCode, res.body).toBe(200)
    const audio = res.json().audio as AdminAudio
    expect(audio.hasTranscript).toBe(true)
    expect(await storedText(paidId)).toBe('Portas se abrem.\nEu mereço prosperar.\n\nRespire fundo.')
    expect(publish).toHaveBeenCalledWith('audios_changed')
    publish.mockRestore()
    // The admin reads the text back where listeners do (the dialog asks for it when it opens).
    expect((await readAs(cast.admin, paidId)).json()).toEqual({ transcript: 'Portas se abrem.\nEu mereço prosperar.\n\nRespire fundo.' })

    // The list says which audios have one, without carrying the texts.
    const list = await callAs(ctx, cast.admin, { method: 'GET', url: API.catalogue.admin.audios })
    const listed = list.json().audios as AdminAudio[]
    expect(listed.find((entry) => entry.id === paidId)?.hasTranscript).toBe(true)
    expect(listed.find((entry) => entry.id === seedId('audio', 'escuta-atenta'))?.hasTranscript).toBe(false)
    expect(list.body).not.toContain('Portas se abrem')
  })

  it('edits it, and an empty text removes it', async () => {
    expect((await edit(paidId, { transcript: 'Outra versão do texto.' })).json().audio.hasTranscript).toBe(true)
    expect(await storedText(paidId)).toBe('Outra versão do texto.')
    // An edit without the transcript leaves it as it is.
    expect((await edit(paidId, { description: 'Nova descrição' })).json().audio.hasTranscript).toBe(true)
    expect(await storedText(paidId)).toBe('Outra versão do texto.')
    const cleared = await edit(paidId, { transcript: '  \r\n\t ' })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().audio.hasTranscript).toBe(false)
    expect(await storedText(paidId)).toBeNull()
    expect((await readAs(cast.subscriber, paidId)).json()).toEqual({ transcript: null })
  })

  it('sends it with a new upload (multipart field "transcript")', async () => {
    const fieldId = (await firstField(ctx)).id
    const { payload, headers } = multipart({ title: 'Com transcrição', fieldId, transcript: 'Primeiro parágrafo.\r\n\r\nSegundo parágrafo.' }, [
      { name: 'file', filename: 'curto.mp3', contentType: 'audio/mpeg', data: SHORT_VOICE_MP3 },
    ])
    const res = await callAs(ctx, cast.admin, { method: 'POST', url: API.catalogue.admin.audios, payload, headers })
    expect(res.statusCode, res.body).toBe(201)
    const audio = res.json().audio as AdminAudio
    expect(audio.hasTranscript).toBe(true)
    expect((await readAs(cast.subscriber, audio.id)).json()).toEqual({ transcript: 'Primeiro parágrafo.\n\nSegundo parágrafo.' })
    // Deleting the audio takes its transcript with it.
    expect((await callAs(ctx, cast.admin, { method: 'DELETE', url: API.catalogue.admin.audio(audio.id) })).statusCode).toBe(204)
    expect(await storedText(audio.id)).toBeNull()
  })

  it('refuses an upload whose transcript field is longer than a form field may be, never storing it cut', async () => {
    const fieldId = (await firstField(ctx)).id
    const before = await ctx.database.db.select({ id: audios.id }).from(audios)
    const { payload, headers } = multipart({ title: 'Longa demais', fieldId, transcript: 'ç'.repeat(70_000) }, [
      { name: 'file', filename: 'curto.mp3', contentType: 'audio/mpeg', data: SHORT_VOICE_MP3 },
    ])
    const res = await callAs(ctx, cast.admin, { method: 'POST', url: API.catalogue.admin.audios, payload, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`"transcript": ${MSG.validation.tooBig}`)
    expect(await ctx.database.db.select({ id: audios.id }).from(audios)).toHaveLength(before.length)
  })

  it('refuses a text too long, of the wrong type or with HTML tags, in pt-BR, and changes nothing', async () => {
    await edit(paidId, { transcript: 'Texto guardado.' })
    const [before] = await ctx.database.db.select().from(audios).where(eq(audios.id, paidId))
    const refusals: [unknown, string][] = [
      ['a'.repeat(TRANSCRIPT_MAX_CHARS + 1), 'A transcrição deve ter no máximo 20.000 caracteres'],
      ['b'.repeat(TRANSCRIPT_MAX_CHARS * 2 + 1), 'A transcrição deve ter no máximo 20.000 caracteres'],
      [42, TRANSCRIPT_MSG.notText],
      [['uma', 'lista'], TRANSCRIPT_MSG.notText],
      ['<p>Olá</p>', TRANSCRIPT_MSG.html],
      ['Respire.<script>alert(1)</script>', TRANSCRIPT_MSG.html],
      ['<img src=x onerror=alert(1)>', TRANSCRIPT_MSG.html],
      ['<scr\u0001ipt>', TRANSCRIPT_MSG.html],
    ]
    for (const [transcript, message] of refusals) {
      // Sent with a new title: the whole edit is refused, not only the transcript.
      const res = await edit(paidId, { title: 'Não deve mudar', transcript })
      expect(res.statusCode, String(transcript).slice(0, 40)).toBe(400)
      expect(res.json().message).toBe(`transcript: ${message}`)
    }
    const [after] = await ctx.database.db.select().from(audios).where(eq(audios.id, paidId))
    expect(after).toEqual(before)
    expect(await storedText(paidId)).toBe('Texto guardado.')
  })

  it('accepts text that only looks like markup ("a < b", "<3") and keeps it as typed', async () => {
    const res = await edit(paidId, { transcript: 'Eu <3 este momento: a < b e c > d.' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await readAs(cast.subscriber, paidId)).json().transcript).toBe('Eu <3 este momento: a < b e c > d.')
  })

  it('is for admins only', async () => {
    for (const who of [null, cast.listener, cast.subscriber]) {
      const res = await callAs(ctx, who, { method: 'PATCH', url: API.catalogue.admin.audio(paidId), payload: { transcript: 'Invasão' } })
      expect(res.statusCode).toBe(who ? 403 : 401)
    }
    expect(await storedText(paidId)).not.toBe('Invasão')
  })
})

describe('listeners: reading a transcript', () => {
  it("a paid audio's goes only to those who may hear it: anonymous 401, no subscription 403, audited", async () => {
    await edit(paidId, { transcript: 'Só para quem assina.' })
    expect(await accessStatuses(ctx, cast, { method: 'GET', url: transcriptUrl(paidId) })).toEqual([401, 403, 200, 200])
    const refused = await readAs(cast.listener, paidId)
    expect(refused.json()).toMatchObject({ message: MEDIA_MSG.subscriptionRequired })
    expect(refused.body).not.toContain('Só para quem assina')
    const audits = await auditRows(ctx, `GET ${API.catalogue.audioTranscript(':audioId')}`)
    expect(audits.map((row) => row.action)).toContain('access_denied')
    const ok = await readAs(cast.subscriber, paidId)
    expect(ok.json()).toEqual({ transcript: 'Só para quem assina.' })
    expect(ok.headers['cache-control']).toBe('private, no-cache')
  })

  it("the demo's is public, in paragraphs; nobody reads another audio by way of the demo", async () => {
    const res = await readAs(null, demoId)
    expect(res.statusCode).toBe(200)
    const { transcript } = res.json() as { transcript: string }
    expect(transcript.split('\n\n')).toHaveLength(4)
    expect(transcript).toMatch(/^Que bom ter você aqui\. Boas-vindas ao Sintonia\./)
    expect((await readAs(cast.listener, demoId)).statusCode).toBe(200)
    // Moving the demo flag moves what is public.
    await edit(paidId, { isDemo: true })
    expect((await readAs(null, paidId)).statusCode).toBe(200)
    expect((await readAs(null, demoId)).statusCode).toBe(401)
    await edit(demoId, { isDemo: true })
    expect((await readAs(null, demoId)).statusCode).toBe(200)
  })

  it('an unknown audio is 404 and a bad id 400', async () => {
    expect((await readAs(cast.subscriber, MISSING)).statusCode).toBe(404)
    expect((await readAs(null, MISSING)).statusCode).toBe(404)
    expect((await readAs(cast.subscriber, 'nao-e-um-id')).statusCode).toBe(400)
  })
})

describe('search: words of a transcript', () => {
  it('finds an audio by a phrase it says, ignoring accents, case and line breaks, and says so', async () => {
    // Spoken in "Coração em Paz" (seeded), not in any title or tag.
    const results = await search('EU ME PERDOO pelo que nao saiu')
    expect(results).toEqual([
      expect.objectContaining({ type: 'audio', title: 'Coração em Paz', fieldTitle: 'Autoestima e Amor-Próprio', inTranscript: true }),
    ])
    // Across a paragraph break of the stored text, a space matches.
    await edit(paidId, { transcript: 'Fim do primeiro parágrafo de ouro\n\nComeço do segundo' })
    await ctx.app.domainEvents.publish('audios_changed')
    expect((await search('ouro começo')).map((result) => result.title)).toEqual(['Mente Próspera'])
  })

  it('lists title and tag matches first (inTranscript false), then those found by the transcript alone', async () => {
    const { db } = ctx.database
    const [field] = await db.insert(fields).values({ title: 'Campo da Transcrição', displayOrder: 97 }).returning()
    const [byTitle, byTranscript] = await db
      .insert(audios)
      .values([
        { title: 'Zênite do lago', fieldId: field!.id, fileKey: 'x/z.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 },
        { title: 'Aurora', fieldId: field!.id, fileKey: 'x/a.mp3', mimeType: 'audio/mpeg', sizeBytes: 1 },
      ])
      .returning()
    await db.insert(audioTranscripts).values([
      { audioId: byTitle!.id, text: 'Um lago também aqui.' },
      { audioId: byTranscript!.id, text: 'Imagine a água calma de um lago.' },
    ])
    await ctx.app.domainEvents.publish('audios_changed')
    const results = await search('lago')
    expect(results.map((result) => [result.title, result.type === 'audio' && result.inTranscript])).toEqual([
      ['Zênite do lago', false],
      ['Aurora', true],
    ])
  })

  it('is no longer found once the transcript is removed', async () => {
    await edit(paidId, { transcript: 'Uma frase bem particular: girassol violeta.' })
    expect((await search('girassol violeta')).map((result) => result.title)).toEqual(['Mente Próspera'])
    await edit(paidId, { transcript: '' })
    await ctx.app.domainEvents.publish('audios_changed')
    expect(await search('girassol violeta')).toEqual([])
  })

  it('reads the transcripts through their trigram index', async () => {
    const { db } = ctx.database
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const explained = rowsOf(await tx.execute(sql`explain ${searchTranscriptsQuery(tx, 'perdoo', 20)}`))
      return explained.map((row) => String(row['QUERY PLAN'])).join('\n')
    })
    expect(plan).toContain('Bitmap Index Scan on audio_transcripts_search_text_trgm_idx')
    expect(plan).toContain("search_text ~~ '%perdoo%'")
  })
})
