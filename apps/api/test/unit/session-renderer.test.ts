/**
 * The renderer on its own (modules/sessions/renderer.ts): it stays a few minutes ahead of the
 * furthest listener instead of rendering an hour nobody hears, goes on as they read, drops a
 * render nobody listens to within its idle limit, and refuses renders past its queue.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { countDecodedSamples } from '../../src/lib/media/ffmpeg.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { RENDER_AHEAD_BYTES, readWhileRendering, SessionRenderer, untilAvailable } from '../../src/modules/sessions/renderer.js'
import { HttpError } from '../../src/lib/http/errors.js'
import { planSession } from '../../src/modules/sessions/session-plan.js'
import { ffmpeg, synthVoice } from '../helpers/sessions.js'

let dir: string
let storage: LocalDiskStorage
let samples: number
const silentLog = { info() {}, warn() {}, error() {} }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sintonia-render-'))
  storage = new LocalDiskStorage(join(dir, 'media'))
  await storage.put('audios/voz.mp3', await synthVoice(3))
  samples = await countDecodedSamples(ffmpeg(), 'mp3', storage.localPath('audios/voz.mp3'), SESSION_SAMPLE_RATE)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function renderer(idleStopMs?: number, queueMax = 8) {
  const stored: string[] = []
  const instance = new SessionRenderer({
    ffmpeg: ffmpeg(),
    storage,
    workDir: join(dir, 'tmp'),
    concurrency: 1,
    queueMax,
    log: silentLog,
    onStored: async (key) => {
      stored.push(key)
    },
    sourcePaths: async (keys) => new Map(keys.map((key) => [key, storage.localPath(key)])),
    ...(idleStopMs !== undefined ? { idleStopMs } : {}),
  })
  return { instance, stored }
}

const endless = (pauseSeconds = 1) =>
  planSession({
    items: [{ voice: { audioId: '00000000-0000-4000-8000-000000000001', title: 'Voz', fileKey: 'audios/voz.mp3', samples }, repetitions: 0 }],
    pauseSeconds,
    music: null,
    musicLevel: 0,
    endAtSeconds: null,
    renderer: ffmpeg().version,
  })

describe('the renderer', () => {
  it('renders an hour of "sem parar" only a few minutes ahead of its listener, and goes on as the listener reads', async () => {
    const { instance } = renderer()
    const plan = endless()
    expect(plan.bytes).toBeGreaterThan(RENDER_AHEAD_BYTES * 10)
    const job = instance.render(plan)
    const start = readWhileRendering(job, storage, { start: 0, end: 999 })
    for await (const chunk of start) void chunk
    // It waits at the window's edge, nowhere near the hour.
    await expect.poll(() => job.waitingForListeners, { timeout: 20_000 }).toBe(true)
    const stoppedAt = job.written
    expect(stoppedAt).toBeGreaterThanOrEqual(RENDER_AHEAD_BYTES - 64 * 1024)
    expect(stoppedAt).toBeLessThan(RENDER_AHEAD_BYTES + 64 * 1024)

    // A listener further on: the render follows.
    const later = readWhileRendering(job, storage, { start: stoppedAt - 1000, end: stoppedAt + 200_000 })
    let received = 0
    for await (const chunk of later) received += (chunk as Buffer).length
    expect(received).toBe(201_001)
    expect(job.written).toBeGreaterThan(stoppedAt + 200_000)
    await instance.close()
  })

  it('drops a render nobody reads any more; the next request starts it again', async () => {
    const { instance, stored } = renderer(300)
    const plan = endless()
    const job = instance.render(plan)
    for await (const chunk of readWhileRendering(job, storage, { start: 0, end: 99 })) void chunk
    await expect(job.finished).rejects.toThrow('sem ouvintes')
    expect(stored).toEqual([])
    await expect.poll(() => instance.current(plan.key)).toBeUndefined()
    const again = instance.render(plan)
    expect(again).not.toBe(job)
    await instance.close()
  })

  it('counts a request waiting for its first bytes as a listener; once it leaves, the render stops', async () => {
    const { instance, stored } = renderer(300)
    const plan = endless(2)
    const job = instance.render(plan)
    const left = new AbortController()
    // Far beyond what is rendered for a while: the request waits, and the render is not stopped under it.
    const waiting = untilAvailable(job, RENDER_AHEAD_BYTES * 2, left.signal)
    // Long past the idle limit (300 ms here), the watchdog still finds a listener.
    instance.stopAbandoned(Date.now() + 60_000)
    expect(job.stopped).toBeNull()
    expect(instance.current(plan.key)).toBe(job)
    left.abort()
    await expect(waiting).rejects.toBeInstanceOf(HttpError)
    await expect(job.finished).rejects.toThrow('sem ouvintes')
    expect(stored).toEqual([])
    await instance.close()
  })

  it('refuses a new render past its queue (503 in pt-BR), while a render in progress is still joined', async () => {
    const { instance } = renderer(60_000, 0)
    const running = instance.render(endless(3))
    expect(instance.admits(endless(4).key)).toBe(false)
    expect(() => instance.render(endless(4))).toThrow(HttpError)
    expect(instance.render(endless(3))).toBe(running)
    expect(instance.runningFor('ninguem')).toBe(0)
    await instance.close()
  })
})
