/**
 * Upload limits at their exact edges and under load (security suite). Types by content, empty
 * files and renamed HTML/SVG are covered route by route in test/api/admin-*.test.ts; here: the
 * 50 MB video limit to the byte, hostile file names, and ten large uploads at once through a real
 * socket with the process memory staying bounded (files are streamed to disk, never buffered).
 */
import { request } from 'node:http'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, VIDEO_UPLOAD_MAX_BYTES, videoTooLargeMessage } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, type Account } from '../helpers/auth.js'
import { fakeMp4, filesUnder, multipart } from '../helpers/multipart.js'

let ctx: TestContext
let boss: Account
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  boss = await admin(ctx)
})
afterAll(() => ctx.close())

const mediaFiles = () => filesUnder(join(ctx.dataDir, 'media'))
const tmpFiles = () => filesUnder(join(ctx.dataDir, 'uploads-tmp'))

function uploadVideo(data: Buffer, filename = 'video.mp4') {
  const { payload, headers } = multipart({ title: 'Limite' }, [{ name: 'file', filename, contentType: 'video/mp4', data }])
  return ctx.app.inject({ method: 'POST', url: API.content.admin.videoUpload, payload, headers: { ...headers, cookie: boss.cookie } })
}

// First, while the process is still small: its memory growth is what this measures.
describe('ten large uploads at once', () => {
  /** A multipart body generated chunk by chunk, so the client side holds no large buffer either. */
  function streamingVideoBody(size: number) {
    const boundary = `----sintonia${randomBytes(8).toString('hex')}`
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCarga\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="carga.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const chunk = Buffer.alloc(256 * 1024, 7)
    async function* parts() {
      yield head
      const first = fakeMp4(64 * 1024)
      yield first
      let left = size - first.length
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= piece.length
        yield piece
      }
      yield tail
    }
    return { body: Readable.from(parts()), length: head.length + size + tail.length, contentType: `multipart/form-data; boundary=${boundary}` }
  }

  function post(port: number, size: number): Promise<number> {
    const { body, length, contentType } = streamingVideoBody(size)
    return new Promise((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: API.content.admin.videoUpload, headers: { 'content-type': contentType, 'content-length': length, cookie: boss.cookie } },
        (res) => {
          res.resume()
          res.on('end', () => done(res.statusCode ?? 0))
        },
      )
      req.on('error', fail)
      body.pipe(req)
    })
  }

  it('keep memory bounded: the server streams them to disk', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 })
    const address = ctx.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const size = 45 * 1024 * 1024
    global.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25)
    try {
      const statuses = await Promise.all(Array.from({ length: 10 }, () => post(port, size)))
      expect(statuses).toEqual(Array(10).fill(201))
    } finally {
      clearInterval(sampler)
    }
    const growthMb = (peak - baseline) / 1024 / 1024
    console.log(`Dez envios de 45 MB ao mesmo tempo: memória do processo cresceu ${growthMb.toFixed(0)} MB (450 MB enviados).`)
    // Buffered uploads would need the 450 MB in memory; streamed ones only their chunks.
    expect(growthMb).toBeLessThan(150)
    expect(tmpFiles()).toEqual([])
  }, 180_000)
})

describe('the 50 MB video limit', () => {
  it('accepts a video of exactly 50 MB', async () => {
    const res = await uploadVideo(fakeMp4(VIDEO_UPLOAD_MAX_BYTES))
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201)
    expect(tmpFiles()).toEqual([])
  }, 120_000)

  it("refuses 50 MB + 1 byte with the product's message and leaves nothing on disk", async () => {
    const before = mediaFiles()
    const res = await uploadVideo(fakeMp4(VIDEO_UPLOAD_MAX_BYTES + 1))
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(videoTooLargeMessage(VIDEO_UPLOAD_MAX_BYTES + 1))
    expect(mediaFiles()).toEqual(before)
    expect(tmpFiles()).toEqual([])
  }, 120_000)
})

describe('hostile file names', () => {
  it('never become paths: the file is stored under a generated name inside the media folder', async () => {
    for (const filename of ['../../../../etc/passwd.mp4', '..\\..\\secrets.json.mp4', '/abs/path.mp4', 'nul\u0000.mp4', '%2e%2e%2fx.mp4', `${'a'.repeat(300)}.mp4`]) {
      const res = await uploadVideo(fakeMp4(2048), filename)
      expect(res.statusCode, filename).toBe(201)
      const url: string = res.json().videos.at(-1).url
      expect(url).toMatch(/^\/api\/media\/videos\/[0-9a-f-]{36}\.mp4$/)
    }
    expect(mediaFiles().every((f) => /^(videos|audios|music|[0-9a-z-]+)\//.test(f) && !f.includes('..'))).toBe(true)
    expect(filesUnder(join(ctx.dataDir, '..')).some((f) => f.endsWith('passwd.mp4'))).toBe(false)
  })
})
