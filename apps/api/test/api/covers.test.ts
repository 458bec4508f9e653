import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, notInArray } from 'drizzle-orm'
import { ADMIN_CONTENT_MSG, API, COVER_MSG, coverPath, PRACTICE_MSG } from '@sintonia/contract'
import { audios, fields, programDayItems, programs } from '../../src/db/schema/index.js'
import { locateFfmpeg } from '../../src/lib/media/ffmpeg.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { firstField } from '../helpers/catalogue.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { multipart, nonAdminStatuses } from '../helpers/multipart.js'
import { catalogueAudios, seedProgram } from '../helpers/practice.js'

const ffmpeg = locateFfmpeg(undefined)!
const work = mkdtempSync(join(tmpdir(), 'sintonia-covers-'))

/** A real image drawn by ffmpeg's test source: `format` by extension (jpg, png, webp). */
function image(name: string, width: number, height: number): Buffer {
  const path = join(work, name)
  const result = spawnSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`, '-frames:v', '1', path])
  if (result.status !== 0) throw new Error(result.stderr.toString())
  return readFileSync(path)
}

/** The decoded size of a served image, as ffmpeg reads it. */
function decodedSize(bytes: Buffer): string {
  const path = join(work, `served-${Math.random().toString(36).slice(2)}.webp`)
  writeFileSync(path, bytes)
  const result = spawnSync(ffmpeg.path, ['-hide_banner', '-i', path, '-f', 'null', '-'], { encoding: 'utf8' })
  return /Video: webp.*?, (\d+x\d+)/.exec(result.stderr)?.[1] ?? `não decodificou: ${result.stderr}`
}

const upload = (data: Buffer, contentType = 'image/jpeg', filename = 'capa.jpg') => multipart({}, [{ name: 'file', filename, contentType, data }])

let ctx: TestContext
let cast: Cast
let jpeg: Buffer
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
  jpeg = image('capa.jpg', 800, 600)
})
afterAll(async () => {
  await ctx.close()
  rmSync(work, { recursive: true, force: true })
})

const asAdmin = (options: Parameters<typeof callAs>[2]) => callAs(ctx, cast.admin, options)
const MISSING = '00000000-0000-4000-8000-000000000000'

const coverOfField = async (id: string) => (await ctx.database.db.select({ cover: fields.coverImage }).from(fields).where(eq(fields.id, id)))[0]!.cover
const storedCovers = () => {
  const dir = join(ctx.dataDir, 'media', 'covers')
  return existsSync(dir) ? readdirSync(dir).sort() : []
}

describe('covers: who may set them', () => {
  it('every cover route refuses anonymous (401), listeners and subscribers (403)', async () => {
    const field = await firstField(ctx)
    const [audio] = await catalogueAudios(ctx)
    const program = await seedProgram(ctx, { days: [{ items: [{ audioId: audio!.id, repetitions: 1 }] }] })
    const body = upload(jpeg)
    const urls = [API.catalogue.admin.fieldCover(field.id), API.catalogue.admin.audioCover(audio!.id), API.practice.admin.cover(program.id)]
    for (const url of urls) {
      expect(await nonAdminStatuses(ctx, cast, { method: 'PUT', url, ...body }), `PUT ${url}`).toEqual([401, 403, 403])
      expect(await nonAdminStatuses(ctx, cast, { method: 'DELETE', url }), `DELETE ${url}`).toEqual([401, 403, 403])
    }
    expect(storedCovers()).toEqual([])
  })
})

describe('covers: a field', () => {
  it('an uploaded JPEG becomes a square WebP in three widths, served to anyone for good, and reaches the landing', async () => {
    const field = await firstField(ctx)
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(jpeg) })
    expect(res.statusCode).toBe(200)
    const { coverImage } = res.json()
    expect(coverImage).toMatch(/^[0-9a-f-]{36}$/)
    expect(publish).toHaveBeenCalledWith('fields_changed')
    publish.mockRestore()

    const landing = await ctx.app.inject({ method: 'GET', url: API.catalogue.publicFields })
    expect(landing.json().fields.find((f: { id: string }) => f.id === field.id).coverImage).toBe(coverImage)
    for (const width of [240, 480, 960] as const) {
      const served = await ctx.app.inject({ method: 'GET', url: coverPath(coverImage, width) })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(decodedSize(served.rawPayload)).toBe(`${width}x${width}`)
    }
  })

  it('a new image replaces the old one, whose files are removed; removing it brings the generated artwork back', async () => {
    const field = await firstField(ctx)
    const before = await coverOfField(field.id)
    const png = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(image('capa.png', 500, 900), 'image/png', 'capa.png') })
    expect(png.statusCode).toBe(200)
    const after = png.json().coverImage
    expect(after).not.toBe(before)
    expect((await ctx.app.inject({ method: 'GET', url: coverPath(before!, 480) })).statusCode).toBe(404)
    expect(storedCovers()).toEqual([`${after}-240.webp`, `${after}-480.webp`, `${after}-960.webp`])

    const removed = await asAdmin({ method: 'DELETE', url: API.catalogue.admin.fieldCover(field.id) })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ coverImage: null })
    expect(await coverOfField(field.id)).toBeNull()
    expect(storedCovers()).toEqual([])
  })

  it('refuses by content, size and pixels with pt-BR messages, changing nothing and keeping no file', async () => {
    const field = await firstField(ctx)
    const kept = (await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(image('webp.webp', 640, 640), 'image/webp', 'capa.webp') })).json().coverImage
    const filesBefore = storedCovers()

    const svg = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg', 'capa.jpg') })
    expect([svg.statusCode, svg.json().message]).toEqual([415, COVER_MSG.type])

    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)])
    const unreadable = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(broken) })
    expect([unreadable.statusCode, unreadable.json().message]).toEqual([400, COVER_MSG.unreadable])

    const small = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(image('pequena.png', 600, 300), 'image/png', 'p.png') })
    expect([small.statusCode, small.json().message]).toEqual([400, 'A capa precisa ter pelo menos 480 × 480 pixels (esta tem 600 × 300).'])

    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)])
    const tooLarge = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(huge) })
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, COVER_MSG.tooLarge])

    const noFile = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...multipart({ titulo: 'x' }) })
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, ADMIN_CONTENT_MSG.fileMissing])

    const unknown = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(MISSING), ...upload(jpeg) })
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ADMIN_CONTENT_MSG.fieldNotFound])
    const badId = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover('nao-e-id'), ...upload(jpeg) })
    expect(badId.statusCode).toBe(400)

    expect(await coverOfField(field.id)).toBe(kept)
    expect(storedCovers()).toEqual(filesBefore)
    expect(readdirSync(join(ctx.dataDir, 'covers-tmp'))).toEqual([])
  })

  it('deleting a field deletes its cover', async () => {
    const created = await asAdmin({ method: 'POST', url: API.catalogue.admin.fields, payload: { title: 'Sem áudios', iconName: 'Brain' } })
    const { field } = created.json()
    const cover = (await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(jpeg) })).json().coverImage
    expect(storedCovers()).toContain(`${cover}-960.webp`)
    expect((await asAdmin({ method: 'DELETE', url: API.catalogue.admin.field(field.id) })).statusCode).toBe(204)
    expect(storedCovers().some((file) => file.startsWith(cover))).toBe(false)
  })
})

describe('covers: audios and programmes', () => {
  it("an audio's cover reaches the listener's audio; deleting the audio deletes it", async () => {
    // An audio of no programme, so that it may be deleted at the end.
    const [third] = await ctx.database.db
      .select({ id: audios.id })
      .from(audios)
      .where(notInArray(audios.id, ctx.database.db.select({ id: programDayItems.audioId }).from(programDayItems)))
      .limit(1)
    const res = await asAdmin({ method: 'PUT', url: API.catalogue.admin.audioCover(third!.id), ...upload(jpeg) })
    expect(res.statusCode).toBe(200)
    const cover = res.json().coverImage
    const seen = await callAs(ctx, cast.subscriber, { method: 'GET', url: API.catalogue.audio(third!.id) })
    expect(seen.json().audio.coverImage).toBe(cover)

    const unknown = await asAdmin({ method: 'PUT', url: API.catalogue.admin.audioCover(MISSING), ...upload(jpeg) })
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ADMIN_CONTENT_MSG.audioNotFound])

    expect((await asAdmin({ method: 'DELETE', url: API.catalogue.admin.audio(third!.id) })).statusCode).toBe(204)
    expect(storedCovers().some((file) => file.startsWith(cover))).toBe(false)
  })

  it("a programme's cover reaches the listeners' list and the editor; deleting the programme deletes it", async () => {
    const [audio] = await catalogueAudios(ctx)
    const program = await seedProgram(ctx, { days: [{ items: [{ audioId: audio!.id, repetitions: 1 }] }] })
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await asAdmin({ method: 'PUT', url: API.practice.admin.cover(program.id), ...upload(jpeg) })
    expect(res.statusCode).toBe(200)
    expect(publish).toHaveBeenCalledWith('programs_changed')
    publish.mockRestore()
    const cover = res.json().coverImage
    const list = await callAs(ctx, cast.subscriber, { method: 'GET', url: API.practice.programs })
    expect(list.json().programs.find((p: { id: string }) => p.id === program.id).coverImage).toBe(cover)
    const editor = await asAdmin({ method: 'GET', url: API.practice.admin.program(program.id) })
    expect(editor.json().coverImage).toBe(cover)

    const unknown = await asAdmin({ method: 'DELETE', url: API.practice.admin.cover(MISSING) })
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, PRACTICE_MSG.programNotFound])

    expect((await asAdmin({ method: 'DELETE', url: API.practice.admin.program(program.id) })).statusCode).toBe(204)
    expect(storedCovers().some((file) => file.startsWith(cover))).toBe(false)
    expect(await ctx.database.db.select().from(programs).where(eq(programs.id, program.id))).toEqual([])
  })
})

describe('covers: serving', () => {
  it('a name that is not a cover is refused; an unknown cover is 404 in pt-BR', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: API.catalogue.coverFile('..%2Fsecrets.json') })
    expect(bad.statusCode).toBe(400)
    const other = await ctx.app.inject({ method: 'GET', url: API.catalogue.coverFile(`${MISSING}-300.webp`) })
    expect(other.statusCode).toBe(400)
    const unknown = await ctx.app.inject({ method: 'GET', url: coverPath(MISSING, 240) })
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, COVER_MSG.notFound])
  })

  it('without ffmpeg an upload answers 503 in pt-BR and changes nothing; removing still works', async () => {
    const bare = await buildTestApp({ seed: true, env: { FFMPEG_PATH: '/nao/existe/ffmpeg' } })
    try {
      const admin = (await castOf(bare)).admin
      const [field] = await bare.database.db.select().from(fields).limit(1)
      const res = await callAs(bare, admin, { method: 'PUT', url: API.catalogue.admin.fieldCover(field!.id), ...upload(jpeg) })
      expect([res.statusCode, res.json().message]).toEqual([503, COVER_MSG.unavailable])
      expect((await bare.database.db.select({ cover: fields.coverImage }).from(fields).where(eq(fields.id, field!.id)))[0]!.cover).toBeNull()
      const removed = await callAs(bare, admin, { method: 'DELETE', url: API.catalogue.admin.fieldCover(field!.id) })
      expect(removed.statusCode).toBe(200)
    } finally {
      await bare.close()
    }
  })
})
