import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { ADMIN_CONTENT_MSG, API } from '@sintonia/contract'
import { audios, fields } from '../../src/db/schema/index.js'
import { SEED_MEDIA_DIR } from '../../src/paths.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { firstField, SHORT_VOICE_MP3 } from '../helpers/catalogue.js'
import { callAs, castOf, subscriber, type Cast } from '../helpers/callers.js'
import { SVG_AS_MP3, filesUnder, multipart, nonAdminStatuses, type MultipartFile } from '../helpers/multipart.js'
import { hearAs } from '../helpers/media.js'

let ctx: TestContext
let cast: Cast
let fieldId: string
const MP3 = SHORT_VOICE_MP3
const MISSING = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  fieldId = (await firstField(ctx)).id
})
afterAll(() => ctx.close())

const mediaDir = () => join(ctx.dataDir, 'media')
const tmpDir = () => join(ctx.dataDir, 'uploads-tmp')
const mp3File = (data = MP3, filename = 'meu audio.mp3'): MultipartFile => ({ name: 'file', filename, contentType: 'audio/mpeg', data })

function upload(fields: Record<string, string>, files: MultipartFile[], url: string = API.catalogue.admin.audios, method: 'POST' | 'PUT' = 'POST') {
  const { payload, headers } = multipart(fields, files)
  return callAs(ctx, cast.admin, { method, url, payload, headers })
}

let stored: string[]
beforeEach(() => {
  stored = filesUnder(mediaDir())
})
/** A refusal must leave no temporary file and nothing new in storage. */
function expectNothingLeft() {
  expect(filesUnder(tmpDir())).toEqual([])
  expect(filesUnder(mediaDir())).toEqual(stored)
}

describe('admin audios: access', () => {
  it('every route refuses anonymous (401), listeners and subscribers (403), storing nothing', async () => {
    const [audio] = await ctx.database.db.select().from(audios).limit(1)
    const body = multipart({ title: 'X', fieldId }, [mp3File()])
    const calls = [
      { method: 'GET' as const, url: API.catalogue.admin.audios },
      { method: 'POST' as const, url: API.catalogue.admin.audios, payload: body.payload, headers: body.headers },
      { method: 'PATCH' as const, url: API.catalogue.admin.audio(audio!.id), payload: { title: 'Y' } },
      { method: 'PUT' as const, url: API.catalogue.admin.audioFile(audio!.id), payload: body.payload, headers: body.headers },
      { method: 'DELETE' as const, url: API.catalogue.admin.audio(audio!.id) },
    ]
    for (const call of calls) expect(await nonAdminStatuses(ctx, cast, call), `${call.method} ${call.url}`).toEqual([401, 403, 403])
    expectNothingLeft()
  })
})

describe('admin audios: upload', () => {
  it('stores the file under a generated name, reads its duration and a subscriber hears it in the field', async () => {
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await upload(
      { title: 'Respiração Consciente', description: 'Três minutos', fieldId, tags: JSON.stringify(['calma', ' foco ', 'Calma', '']), isDemo: 'false' },
      [mp3File(MP3, '../../etc/passwd.mp3')],
    )
    expect(res.statusCode).toBe(201)
    const { audio } = res.json()
    expect(audio).toMatchObject({ title: 'Respiração Consciente', fieldId, tags: ['calma', 'foco'], isDemo: false, durationSeconds: 12, duration: '0:12', mimeType: 'audio/mpeg' })
    expect(publish).toHaveBeenCalledWith('audios_changed')
    publish.mockRestore()

    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.id, audio.id))
    expect(row!.fileKey).toMatch(/^audios\/[0-9a-f-]{36}\.mp3$/)
    expect(filesUnder(tmpDir())).toEqual([])
    // What is stored is the canonical conversion (ADR 026, canonical-media.test.ts), not the bytes sent.
    const storedBytes = readFileSync(ctx.storage.localPath(row!.fileKey)!)
    expect(audio.sizeBytes).toBe(storedBytes.length)

    const listener = await subscriber(ctx)
    const list = await callAs(ctx, listener, { method: 'GET', url: API.catalogue.fieldAudios(fieldId) })
    expect(list.json().audios.map((a: { id: string }) => a.id)).toContain(audio.id)
    const file = await hearAs(ctx, listener, { method: 'GET', url: API.catalogue.audioFile(audio.id) })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(storedBytes)).toBe(true)
  })

  it('refuses an SVG renamed .mp3 (type by content), with nothing left on disk', async () => {
    const res = await upload({ title: 'Falso', fieldId }, [mp3File(SVG_AS_MP3, 'musica.mp3')])
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe(ADMIN_CONTENT_MSG.audioType)
    expectNothingLeft()
  })

  it('refuses a file that starts like an MP3 but does not decode', async () => {
    const fake = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 0)])
    const res = await upload({ title: 'Quebrado', fieldId }, [mp3File(fake)])
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(ADMIN_CONTENT_MSG.audioNotDecodable)
    expectNothingLeft()
  })

  it('refuses an empty file, a missing file and a missing title or unknown field', async () => {
    const empty = await upload({ title: 'Vazio', fieldId }, [mp3File(Buffer.alloc(0))])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(ADMIN_CONTENT_MSG.emptyFile)
    const none = await upload({ title: 'Sem arquivo', fieldId }, [])
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe(ADMIN_CONTENT_MSG.fileMissing)
    const noTitle = await upload({ title: ' ', fieldId }, [mp3File()])
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().message).toBe('Preencha o campo "Título"')
    const unknownField = await upload({ title: 'Órfão', fieldId: MISSING }, [mp3File()])
    expect(unknownField.statusCode).toBe(400)
    expect(unknownField.json().message).toBe(ADMIN_CONTENT_MSG.fieldNotFound)
    const json = await callAs(ctx, cast.admin, { method: 'POST', url: API.catalogue.admin.audios, payload: { title: 'JSON' } })
    expect(json.statusCode).toBe(400)
    expect(json.json().message).toBe(ADMIN_CONTENT_MSG.notMultipart)
    expectNothingLeft()
  })

  it('refuses two files in one upload', async () => {
    const res = await upload({ title: 'Dois', fieldId }, [mp3File(), mp3File()])
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(ADMIN_CONTENT_MSG.tooManyFiles)
    expectNothingLeft()
  })
})

describe('admin audios: edit, demo, replace, delete', () => {
  it('moves the demo flag atomically: one demo at a time', async () => {
    const [target] = await ctx.database.db.select().from(audios).where(eq(audios.isDemo, false)).limit(1)
    const res = await callAs(ctx, cast.admin, { method: 'PATCH', url: API.catalogue.admin.audio(target!.id), payload: { isDemo: true } })
    expect(res.statusCode).toBe(200)
    const demos = await ctx.database.db.select({ id: audios.id }).from(audios).where(eq(audios.isDemo, true))
    expect(demos).toEqual([{ id: target!.id }])
    const demo = (await ctx.app.inject({ method: 'GET', url: API.catalogue.demo })).json()
    expect(demo.audio.id).toBe(target!.id)

    // A new upload flagged as demo takes the flag over.
    const created = (await upload({ title: 'Nova demo', fieldId, isDemo: 'true' }, [mp3File()])).json().audio
    const after = await ctx.database.db.select({ id: audios.id }).from(audios).where(eq(audios.isDemo, true))
    expect(after).toEqual([{ id: created.id }])
  })

  it('edits title, description, field and tags; refuses an unknown field and a blank title', async () => {
    const [audio] = await ctx.database.db.select().from(audios).limit(1)
    const [other] = await ctx.database.db.select().from(fields).orderBy(asc(fields.displayOrder)).offset(1).limit(1)
    const res = await callAs(ctx, cast.admin, {
      method: 'PATCH',
      url: API.catalogue.admin.audio(audio!.id),
      payload: { title: 'Título novo', description: 'Descrição nova', fieldId: other!.id, tags: ['sono'] },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().audio).toMatchObject({ title: 'Título novo', description: 'Descrição nova', fieldId: other!.id, fieldTitle: other!.title, tags: ['sono'] })
    const unknown = await callAs(ctx, cast.admin, { method: 'PATCH', url: API.catalogue.admin.audio(audio!.id), payload: { fieldId: MISSING } })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(ADMIN_CONTENT_MSG.fieldNotFound)
    const blank = await callAs(ctx, cast.admin, { method: 'PATCH', url: API.catalogue.admin.audio(audio!.id), payload: { title: '' } })
    expect(blank.statusCode).toBe(400)
    expect((await callAs(ctx, cast.admin, { method: 'PATCH', url: API.catalogue.admin.audio(MISSING), payload: { title: 'X' } })).statusCode).toBe(404)
  })

  it('lists by field with the field title', async () => {
    const res = await callAs(ctx, cast.admin, { method: 'GET', url: `${API.catalogue.admin.audios}?fieldId=${fieldId}` })
    expect(res.statusCode).toBe(200)
    const list = res.json().audios as { fieldId: string; fieldTitle: string }[]
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((a) => a.fieldId === fieldId && a.fieldTitle)).toBe(true)
    expect((await callAs(ctx, cast.admin, { method: 'GET', url: `${API.catalogue.admin.audios}?fieldId=x` })).statusCode).toBe(400)
  })

  it('replaces the file: new key and duration, the old file removed; a bad file keeps the old one', async () => {
    const created = (await upload({ title: 'Para trocar', fieldId }, [mp3File()])).json().audio
    const [before] = await ctx.database.db.select().from(audios).where(eq(audios.id, created.id))
    const longer = readFileSync(join(SEED_MEDIA_DIR, 'music-brisa-suave.mp3'))

    const refused = await upload({}, [mp3File(SVG_AS_MP3)], API.catalogue.admin.audioFile(created.id), 'PUT')
    expect(refused.statusCode).toBe(415)
    expect(await ctx.storage.stat(before!.fileKey)).not.toBeNull()

    const res = await upload({}, [mp3File(longer)], API.catalogue.admin.audioFile(created.id), 'PUT')
    expect(res.statusCode).toBe(200)
    expect(res.json().audio).toMatchObject({ durationSeconds: 30 })
    const [after] = await ctx.database.db.select().from(audios).where(eq(audios.id, created.id))
    expect(res.json().audio.sizeBytes).toBe((await ctx.storage.stat(after!.fileKey))!.size)
    expect(after!.fileKey).not.toBe(before!.fileKey)
    expect(await ctx.storage.stat(before!.fileKey)).toBeNull()
    expect(await ctx.storage.stat(after!.fileKey)).not.toBeNull()
  })

  it('deletes the audio and its file, and announces it', async () => {
    const created = (await upload({ title: 'Para apagar', fieldId }, [mp3File()])).json().audio
    const [row] = await ctx.database.db.select().from(audios).where(eq(audios.id, created.id))
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await callAs(ctx, cast.admin, { method: 'DELETE', url: API.catalogue.admin.audio(created.id) })
    expect(res.statusCode).toBe(204)
    expect(publish).toHaveBeenCalledWith('audios_changed')
    publish.mockRestore()
    expect(await ctx.storage.stat(row!.fileKey)).toBeNull()
    expect((await ctx.database.db.select().from(audios).where(eq(audios.id, created.id))).length).toBe(0)
    expect((await callAs(ctx, cast.admin, { method: 'DELETE', url: API.catalogue.admin.audio(created.id) })).statusCode).toBe(404)
  })
})
