/**
 * The size an image declares in its header (lib/media/image-header.ts), read before anything
 * decodes it: real PNG, JPEG and WebP files drawn by ffmpeg, the same with what real files carry
 * before the frame header (large APPn segments, VP8X), and headers built to lie or break.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { locateFfmpeg } from '../../src/lib/media/ffmpeg.js'
import { bufferReader, readImageFileSize, readImageSize } from '../../src/lib/media/image-header.js'

const ffmpeg = locateFfmpeg(undefined)!
const work = mkdtempSync(join(tmpdir(), 'sintonia-image-header-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A real image drawn by ffmpeg's test source; the format by extension, `codec` arguments added. */
function drawn(name: string, width: number, height: number, codec: string[] = []): Buffer {
  const path = join(work, name)
  const result = spawnSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`, '-frames:v', '1', ...codec, path])
  if (result.status !== 0) throw new Error(result.stderr.toString())
  return readFileSync(path)
}

const sizeOf = (data: Buffer) => readImageSize(bufferReader(data))
const u16be = (value: number) => Buffer.from([value >> 8, value & 0xff])
const u24le = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff])
const u32le = (value: number) => {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32LE(value)
  return buffer
}
/** A JPEG segment: FF <marker> <length> <data>. */
const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data])
/** A WebP file made of these chunks (each padded to an even length). */
function webp(chunks: [string, Buffer][]): Buffer {
  const body = Buffer.concat(chunks.map(([name, data]) => Buffer.concat([Buffer.from(name, 'latin1'), u32le(data.length), data, Buffer.alloc(data.length % 2)])))
  return Buffer.concat([Buffer.from('RIFF'), u32le(4 + body.length), Buffer.from('WEBP'), body])
}
/** The VP8X header chunk: flags, then canvas width − 1 and height − 1 in 24 bits. */
const vp8x = (width: number, height: number): [string, Buffer] => ['VP8X', Buffer.concat([Buffer.alloc(4), u24le(width - 1), u24le(height - 1)])]

describe('image header: real files', () => {
  it('reads PNG (IHDR)', async () => {
    expect(await sizeOf(drawn('a.png', 500, 900))).toEqual({ width: 500, height: 900 })
    expect(await sizeOf(drawn('b.png', 2, 2))).toEqual({ width: 2, height: 2 })
  })

  it('reads JPEG (the first SOFn), baseline and with large APP segments before the frame header', async () => {
    const jpeg = drawn('a.jpg', 800, 600)
    expect(await sizeOf(jpeg)).toEqual({ width: 800, height: 600 })
    // A phone photo: EXIF and ICC segments of 64 KB each before the frame, fill bytes too.
    const app1 = segment(0xe1, Buffer.alloc(65_533, 0x41))
    const app2 = segment(0xe2, Buffer.alloc(65_533, 0x42))
    const phone = Buffer.concat([jpeg.subarray(0, 2), app1, Buffer.from([0xff, 0xff]), app2, jpeg.subarray(2)])
    expect(await sizeOf(phone)).toEqual({ width: 800, height: 600 })
    // Read from the disk the same way.
    const path = join(work, 'phone.jpg')
    writeFileSync(path, phone)
    expect(await readImageFileSize(path)).toEqual({ width: 800, height: 600 })
  })

  it('reads WebP: lossy (VP8), lossless (VP8L) and extended (VP8X)', async () => {
    const lossy = drawn('a.webp', 640, 480, ['-c:v', 'libwebp'])
    const lossless = drawn('b.webp', 642, 478, ['-c:v', 'libwebp', '-lossless', '1'])
    expect(lossy.toString('latin1', 12, 16)).toBe('VP8 ')
    expect(lossless.toString('latin1', 12, 16)).toBe('VP8L')
    expect(await sizeOf(lossy)).toEqual({ width: 640, height: 480 })
    expect(await sizeOf(lossless)).toEqual({ width: 642, height: 478 })
    // The same lossy frame under a VP8X header with an EXIF chunk first.
    const frame = lossy.subarray(20, 20 + lossy.readUInt32LE(16))
    expect(await sizeOf(webp([vp8x(640, 480), ['EXIF', Buffer.alloc(11, 1)], ['VP8 ', frame]]))).toEqual({ width: 640, height: 480 })
  })
})

describe('image header: bombs and broken headers', () => {
  it('reads the declared size of a bomb, whatever the data after it', async () => {
    const ihdr = Buffer.alloc(13)
    ihdr.writeUInt32BE(16_000, 0)
    ihdr.writeUInt32BE(16_000, 4)
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13]), Buffer.from('IHDR'), ihdr, Buffer.alloc(4)])
    expect(await sizeOf(png)).toEqual({ width: 16_000, height: 16_000 })
    const sof = segment(0xc2, Buffer.concat([Buffer.from([8]), u16be(65_000), u16be(60_000), Buffer.from([1, 1, 0x11, 0])]))
    expect(await sizeOf(Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe0, Buffer.from('JFIF\0')), sof]))).toEqual({ width: 60_000, height: 65_000 })
    // VP8X: a small canvas does not hide a larger frame further on.
    const lossy = drawn('c.webp', 640, 480, ['-c:v', 'libwebp'])
    const frame = Buffer.from(lossy.subarray(20, 20 + lossy.readUInt32LE(16)))
    frame.writeUInt16LE(16_383, 6)
    frame.writeUInt16LE(16_383, 8)
    expect(await sizeOf(webp([vp8x(480, 480), ['VP8 ', frame]]))).toEqual({ width: 16_383, height: 16_383 })
    expect(await sizeOf(webp([vp8x(16_777_216, 16_777_216)]))).toEqual({ width: 16_777_216, height: 16_777_216 })
  })

  it('answers null for what is not a readable header', async () => {
    const jpeg = drawn('d.jpg', 600, 600)
    const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]))
    const cases: [string, Buffer][] = [
      ['nothing', Buffer.alloc(0)],
      ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['a PNG cut in its signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ['a PNG whose first chunk is not IHDR', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IDAT'), Buffer.alloc(17)])],
      ['a PNG of 0 × 10', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 10]), Buffer.alloc(9)])],
      ['a JPEG cut before its frame header', jpeg.subarray(0, 20)],
      ['a JPEG whose scan comes before any frame header', Buffer.concat([Buffer.from([0xff, 0xd8]), jpeg.subarray(sos)])],
      ['a JPEG with a segment length under 2', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01])],
      ['a JPEG whose height comes later (DNL)', Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(0), u16be(600), Buffer.from([1, 1, 0x11, 0])]))])],
      ['a JPEG of endless fill bytes', Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(5_000, 0xff)])],
      ['a WebP without a frame chunk', webp([['ALPH', Buffer.alloc(4)]])],
      ['a VP8 chunk without its start code', webp([['VP8 ', Buffer.alloc(10)]])],
      ['a VP8L chunk without its signature', webp([['VP8L', Buffer.alloc(5)]])],
    ]
    for (const [what, data] of cases) expect(await sizeOf(data), what).toBeNull()
  })
})
