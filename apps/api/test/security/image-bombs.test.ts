/**
 * Image bombs (outside review, round three, low, admin): a 298 KB PNG of 16000 × 16000 pixels made
 * ffmpeg take 1.06 GB for 13.5 s and was accepted as a cover. Now the size the header declares is
 * read before anything decodes it and refused above COVER_MAX_PIXELS (50 megapixels) in pt-BR;
 * ffmpeg also gets `-max_pixels`; and at most two cover decodes run at once in the process
 * (COVER_CONVERSIONS), the others waiting their turn.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDeflate, crc32 } from 'node:zlib'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, COVER_MAX_PIXELS, COVER_MSG } from '@sintonia/contract'
import { audios } from '../../src/db/schema/index.js'
import { COVER_CONVERSIONS } from '../../src/lib/media/cover-images.js'
import { locateFfmpeg } from '../../src/lib/media/ffmpeg.js'
import { Semaphore } from '../../src/lib/semaphore.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { firstField } from '../helpers/catalogue.js'
import { admin, type Account } from '../helpers/auth.js'
import { callAs } from '../helpers/callers.js'
import { multipart } from '../helpers/multipart.js'
import { changedTables, databaseChecksum } from './support/checksum.js'

const ffmpeg = locateFfmpeg(undefined)!
const work = mkdtempSync(join(tmpdir(), 'sintonia-image-bombs-'))

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/**
 * A valid grayscale PNG of `width` × `height` black pixels: the rows (a filter byte and `width`
 * zero bytes each) deflated as a stream, a few hundred KB for 256 million pixels.
 */
async function blackPng(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // grayscale
  const deflate = createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const ended = new Promise((resolve) => deflate.on('end', resolve))
  const rowsAtOnce = 500
  const rows = Buffer.alloc((width + 1) * rowsAtOnce)
  for (let written = 0; written < height; written += rowsAtOnce) {
    const block = rows.subarray(0, (width + 1) * Math.min(rowsAtOnce, height - written))
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await ended
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(out)), pngChunk('IEND', Buffer.alloc(0))])
}

/** A real JPEG drawn by ffmpeg's test source. */
function drawnJpeg(width: number, height: number): Buffer {
  const path = join(work, `${width}x${height}.jpg`)
  const result = spawnSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`, '-frames:v', '1', path])
  if (result.status !== 0) throw new Error(result.stderr.toString())
  return readFileSync(path)
}

const upload = (data: Buffer, contentType: string, filename: string) => multipart({}, [{ name: 'file', filename, contentType, data }])

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
})
afterAll(async () => {
  await ctx?.close()
  rmSync(work, { recursive: true, force: true })
})

const storedCovers = () => {
  const dir = join(ctx.dataDir, 'media', 'covers')
  return existsSync(dir) ? readdirSync(dir).sort() : []
}

describe('an image bomb as a cover', () => {
  it('refuses a 16000 × 16000 PNG of a few hundred KB through the admin cover route, in pt-BR, before decoding it, storing nothing', async () => {
    const bomb = await blackPng(16_000, 16_000)
    expect(bomb.length).toBeLessThan(400 * 1024)
    const field = await firstField(ctx)
    const before = await databaseChecksum(ctx.database.db)
    const filesBefore = storedCovers()
    const turns = vi.spyOn(COVER_CONVERSIONS, 'run')
    try {
      const started = performance.now()
      const res = await callAs(ctx, boss, { method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(bomb, 'image/png', 'bomba.png') })
      const tookMs = performance.now() - started
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toBe(COVER_MSG.tooManyPixels(16_000, 16_000))
      expect(res.json().message).toBe('A imagem da capa é grande demais: 16000 × 16000 pixels. Envie uma imagem de até 50 megapixels (por exemplo, 7000 × 7000).')
      // Refused from the header: no decode even asked for a turn (the report's decode took 13.5 s and 1.06 GB).
      expect(turns).not.toHaveBeenCalled()
      expect(tookMs).toBeLessThan(5_000)
    } finally {
      turns.mockRestore()
    }
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(storedCovers()).toEqual(filesBefore)
    expect(readdirSync(join(ctx.dataDir, 'uploads-tmp'))).toEqual([])
  })

  it('refuses JPEG and WebP headers that declare more than 50 megapixels the same way', async () => {
    expect(COVER_MAX_PIXELS).toBe(50_000_000)
    const field = await firstField(ctx)
    const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff])
    // SOI, a JFIF segment, a progressive frame header of 10000 × 6000 (60 MP), then nothing decodable.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), u16(7), Buffer.from('JFIF\0'), Buffer.from([0xff, 0xc2]), u16(11), Buffer.from([8]), u16(6_000), u16(10_000), Buffer.from([1, 1, 0x11, 0]), Buffer.alloc(2_000)])
    // An extended WebP whose canvas is 8000 × 8000 (64 MP).
    const vp8x = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), Buffer.alloc(4), Buffer.from([0x3f, 0x1f, 0x00, 0x3f, 0x1f, 0x00])])
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4 + vp8x.length, 0, 0, 0]), Buffer.from('WEBP'), vp8x])
    const turns = vi.spyOn(COVER_CONVERSIONS, 'run')
    try {
      const refusedJpeg = await callAs(ctx, boss, { method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(jpeg, 'image/jpeg', 'bomba.jpg') })
      expect([refusedJpeg.statusCode, refusedJpeg.json().message]).toEqual([400, COVER_MSG.tooManyPixels(10_000, 6_000)])
      const refusedWebp = await callAs(ctx, boss, { method: 'PUT', url: API.catalogue.admin.fieldCover(field.id), ...upload(webp, 'image/webp', 'bomba.webp') })
      expect([refusedWebp.statusCode, refusedWebp.json().message]).toEqual([400, COVER_MSG.tooManyPixels(8_000, 8_000)])
      expect(turns).not.toHaveBeenCalled()
    } finally {
      turns.mockRestore()
    }
  })
})

describe('cover conversions running at once', () => {
  it('a semaphore of 2 lets a third piece of work start only when one ends, in order, failures included', async () => {
    const gate = new Semaphore(2)
    const started: string[] = []
    const ends = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
    const task = (name: string) =>
      gate.run(
        () =>
          new Promise<void>((resolve, reject) => {
            started.push(name)
            ends.set(name, { resolve, reject })
          }),
      )
    const a = task('a')
    const b = task('b')
    const c = task('c').catch(() => undefined)
    const d = task('d')
    await Promise.resolve()
    expect(started).toEqual(['a', 'b'])
    expect([gate.active, gate.waiting]).toEqual([2, 2])
    ends.get('a')!.reject(new Error('falhou'))
    await expect(a).rejects.toThrow('falhou')
    expect(started).toEqual(['a', 'b', 'c'])
    expect([gate.active, gate.waiting]).toEqual([2, 1])
    ends.get('c')!.resolve()
    await c
    expect(started).toEqual(['a', 'b', 'c', 'd'])
    ends.get('b')!.resolve()
    ends.get('d')!.resolve()
    await Promise.all([b, d])
    expect([gate.active, gate.waiting]).toEqual([0, 0])
  })

  it('more than 2 cover uploads at once wait their turn on the process-wide semaphore, then all succeed', async () => {
    expect(COVER_CONVERSIONS.limit).toBe(2)
    const jpeg = drawnJpeg(640, 640)
    const targets = await ctx.database.db.select({ id: audios.id }).from(audios).orderBy(asc(audios.createdAt), asc(audios.id)).limit(3)
    expect(targets).toHaveLength(3)

    // Two conversions already running (held here), as if two other uploads were being decoded.
    const releases: (() => void)[] = []
    const held = [0, 1].map(() => COVER_CONVERSIONS.run(() => new Promise<void>((resolve) => releases.push(resolve))))
    expect([COVER_CONVERSIONS.active, COVER_CONVERSIONS.waiting]).toEqual([2, 0])

    const uploads = targets.map((audio) => callAs(ctx, boss, { method: 'PUT', url: API.catalogue.admin.audioCover(audio.id), ...upload(jpeg, 'image/jpeg', 'capa.jpg') }))
    try {
      // Each upload passed its header check and now waits for a turn; none decodes.
      await vi.waitFor(() => expect(COVER_CONVERSIONS.waiting).toBe(3), { timeout: 30_000 })
      expect(COVER_CONVERSIONS.active).toBe(2)
      expect(storedCovers()).toEqual([])

      // One turn frees: exactly one upload takes it, the two others keep waiting.
      releases[0]!()
      await vi.waitFor(() => expect(COVER_CONVERSIONS.waiting).toBe(2), { timeout: 30_000 })
      expect(COVER_CONVERSIONS.active).toBe(2)
    } finally {
      for (const release of releases) release()
    }
    const answers = await Promise.all(uploads)
    await Promise.all(held)
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200)
    expect([COVER_CONVERSIONS.active, COVER_CONVERSIONS.waiting]).toEqual([0, 0])
    for (const audio of targets) {
      const [row] = await ctx.database.db.select({ cover: audios.coverImage }).from(audios).where(eq(audios.id, audio.id))
      expect(row?.cover).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})
