/**
 * The renderer on its own (modules/sessions/renderer.ts, ADR 028): it renders in pieces that join
 * frame to frame, starts where a listener is (deep in a session after a seek too), stays a few
 * minutes ahead of a listener and then holds no process, lets a listener about to run out go
 * first, stops the runs nobody reads, drops what nobody came back for, and refuses renders past
 * its queue.
 */
import type { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SESSION_BITRATE_KBPS, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { countDecodedSamples } from '../../src/lib/media/ffmpeg.js'
import { MP3_FRAME_BYTES, readMp3FrameHeader } from '../../src/lib/media/mp3-stream.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { renderGraph } from '../../src/modules/sessions/render-command.js'
import { sendGraph, startRenderProcess, WarmRenders } from '../../src/modules/sessions/warm-renders.js'
import {
  PIECE_BYTES,
  RENDER_AHEAD_BYTES,
  RUN_PIECES,
  RUNS_PER_SESSION,
  readWhileRendering,
  SessionRenderer,
  untilAvailable,
  type RenderJob,
} from '../../src/modules/sessions/renderer.js'
import { HttpError } from '../../src/lib/http/errors.js'
import { planSession, type SessionPlan } from '../../src/modules/sessions/session-plan.js'
import { decode, ffmpeg, synthMusic, synthVoice } from '../helpers/sessions.js'

let dir: string
let storage: LocalDiskStorage
let samples: number
let musicSamples: number
const silentLog = { info() {}, warn() {}, error() {} }
const VOICE = '00000000-0000-4000-8000-000000000001'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sintonia-render-'))
  storage = new LocalDiskStorage(join(dir, 'media'))
  await storage.put('audios/voz.mp3', await synthVoice(3))
  await storage.put('music/faixa.mp3', await synthMusic(7))
  samples = await countDecodedSamples(ffmpeg(), 'mp3', storage.localPath('audios/voz.mp3')!, SESSION_SAMPLE_RATE)
  musicSamples = await countDecodedSamples(ffmpeg(), 'mp3', storage.localPath('music/faixa.mp3')!, SESSION_SAMPLE_RATE)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function renderer({ idleStopMs, keepMs, queueMax = 8, concurrency = 1 }: { idleStopMs?: number; keepMs?: number; queueMax?: number; concurrency?: number } = {}) {
  const stored: string[] = []
  const instance = new SessionRenderer({
    ffmpeg: ffmpeg(),
    storage,
    workDir: join(dir, 'tmp'),
    concurrency,
    queueMax,
    log: silentLog,
    onStored: async (key) => {
      stored.push(key)
    },
    sourcePaths: async (keys) => new Map(keys.map((key) => [key, storage.localPath(key)!])),
    ...(idleStopMs !== undefined ? { idleStopMs } : {}),
    ...(keepMs !== undefined ? { keepMs } : {}),
  })
  return { instance, stored }
}

const plan = ({ pauseSeconds = 1, repetitions = 0, music = false }: { pauseSeconds?: number; repetitions?: number; music?: boolean } = {}) =>
  planSession({
    items: [{ voice: { audioId: VOICE, title: 'Voz', fileKey: 'audios/voz.mp3', samples }, repetitions }],
    pauseSeconds,
    music: music ? { id: 'faixa', title: 'Faixa', fileKey: 'music/faixa.mp3' } : null,
    musicLevel: music ? 30 : 0,
    endAtSeconds: null,
    renderer: ffmpeg().version,
  })

async function readAll(job: RenderJob, range: { start: number; end: number }): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of readWhileRendering(job, storage, range)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The whole session from one ffmpeg run, as a reference for the pieces. */
function renderWhole(session: SessionPlan): Promise<Buffer> {
  const paths = new Map([
    ['audios/voz.mp3', storage.localPath('audios/voz.mp3')!],
    ['music/faixa.mp3', storage.localPath('music/faixa.mp3')!],
  ])
  return new Promise((resolve, reject) => {
    const child = startRenderProcess(ffmpeg().path)
    sendGraph(child, renderGraph(session, paths, musicSamples))
    const out: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ${code}`))))
  })
}

describe('the renderer', () => {
  it('joins its pieces frame to frame: the stream sounds as one render of the whole session', async () => {
    const { instance, stored } = renderer()
    // 12 repetitions with music: about 50 s, four pieces, two runs when the window is short.
    const session = plan({ repetitions: 12, music: true })
    expect(session.bytes).toBeGreaterThan(PIECE_BYTES * 3)
    const job = instance.render(session)
    // A listener in the second piece first, then one from the start: two runs, out of order.
    const late = await readAll(job, { start: PIECE_BYTES + 5_000, end: PIECE_BYTES * 2 + 99 })
    const whole = await readAll(job, { start: 0, end: session.bytes - 1 })
    await job.finished
    expect(stored).toEqual([session.key])
    expect(whole.length).toBe(session.bytes)
    expect(late.equals(whole.subarray(PIECE_BYTES + 5_000, PIECE_BYTES * 2 + 100))).toBe(true)

    const [pieces, reference] = [await decode(whole), await decode(await renderWhole(session))]
    expect(pieces.length).toBe(reference.length)
    let signal = 0
    let noise = 0
    let worstAtJoin = 0
    for (let i = 0; i < reference.length; i++) {
      signal += reference[i]! ** 2
      noise += (reference[i]! - pieces[i]!) ** 2
    }
    // Around each join (a piece is 625 frames of 1152 samples), the samples match the whole render's.
    for (let join = 1; join * PIECE_BYTES < session.bytes; join++) {
      const at = join * 625 * 1152
      for (let i = at - 2_304; i < Math.min(reference.length, at + 2_304); i++) worstAtJoin = Math.max(worstAtJoin, Math.abs(reference[i]! - pieces[i]!))
    }
    expect(10 * Math.log10(signal / noise)).toBeGreaterThan(60)
    expect(worstAtJoin).toBeLessThan(0.01)
    await instance.close()
  })

  it('renders an hour of "sem parar" only a few minutes ahead of its listener, then holds no process; it goes on as the listener reads', async () => {
    const { instance } = renderer()
    const session = plan()
    expect(session.bytes).toBeGreaterThan(RENDER_AHEAD_BYTES * 10)
    const job = instance.render(session)
    // A listener who took the first bytes and stays there (a player with its buffer full).
    const left = new AbortController()
    const listener = readWhileRendering(job, storage, { start: 0, end: session.bytes - 1 }, left.signal)
    await new Promise((resolve) => listener.once('data', resolve))
    listener.pause()
    await expect.poll(() => job.written, { timeout: 20_000 }).toBeGreaterThan(RENDER_AHEAD_BYTES - PIECE_BYTES)
    await expect.poll(() => job.processes, { timeout: 20_000 }).toBe(0)
    // The instance counts a process until it has exited: its 'close' comes a moment after the run
    // lets it go (once seen as 1 under a loaded CI run).
    await expect.poll(() => instance.processes, { timeout: 5_000 }).toBe(0)
    const stoppedAt = job.written
    expect(stoppedAt).toBeLessThanOrEqual(RENDER_AHEAD_BYTES + PIECE_BYTES)

    // A listener further on: the render follows.
    const later = await readAll(job, { start: stoppedAt - 1000, end: stoppedAt + 200_000 })
    expect(later.length).toBe(201_001)
    expect(job.written).toBeGreaterThan(stoppedAt + 200_000)
    left.abort()
    listener.destroy()
    await instance.close()
  })

  it("renders a listener's session in a process started before they asked, and a render ahead in one of its own", async () => {
    const { instance } = renderer()
    const taken = vi.spyOn(WarmRenders.prototype, 'take')
    // Nothing waits before the first listener's render; once its first bytes are out, one does.
    expect(instance.warmProcesses).toEqual([])
    const first = instance.render(plan({ repetitions: 2, pauseSeconds: 5 }))
    expect((await readAll(first, { start: 0, end: 999 })).length).toBe(1000)
    await expect.poll(() => instance.warmProcesses.length, { timeout: 10_000 }).toBe(1)
    const [waiting] = instance.warmProcesses
    // A render ahead (low priority, nobody waiting for it) leaves it for a listener.
    taken.mockClear()
    const ahead = instance.render(plan({ repetitions: 1, pauseSeconds: 6 }), { ahead: true })
    await ahead.finished
    expect(taken).not.toHaveBeenCalled()
    expect(instance.warmProcesses).toEqual([waiting])
    // The next listener's render runs in it, and another starts waiting for the one after.
    const second = instance.render(plan({ repetitions: 2, pauseSeconds: 7 }))
    expect((await readAll(second, { start: 0, end: 999 })).length).toBe(1000)
    expect(taken).toHaveBeenCalledTimes(1)
    expect(taken.mock.results[0]!.value.pid).toBe(waiting)
    await expect.poll(() => instance.warmProcesses.length, { timeout: 10_000 }).toBe(1)
    expect(instance.warmProcesses).not.toContain(waiting)
    taken.mockRestore()
    await instance.close()
    expect(instance.warmProcesses).toEqual([])
  })

  /** A player's first request, open from the session's start: it took its first bytes and holds the rest unread. */
  async function playerReadingFromStart(job: RenderJob, session: SessionPlan) {
    const left = new AbortController()
    const listener = readWhileRendering(job, storage, { start: 0, end: session.bytes - 1 }, left.signal)
    await new Promise((resolve) => listener.once('data', resolve))
    listener.pause()
    return {
      leave() {
        left.abort()
        listener.destroy()
      },
    }
  }

  it("answers a seek minutes past a listener's run from there at once, without waiting for that run to get there", async () => {
    const { instance } = renderer({ concurrency: 2 })
    const session = plan()
    const job = instance.render(session)
    // A listener at the start: their run's window reaches 3 minutes (12 pieces) on.
    const player = await playerReadingFromStart(job, session)
    // A seek 2.5 minutes in, inside that window: its first bytes come before that run could render
    // the nine pieces between.
    const seek = PIECE_BYTES * 10 + 1_000
    const bytes = await readAll(job, { start: seek, end: seek + 999 })
    expect(bytes.length).toBe(1000)
    expect(job.written).toBeLessThan(PIECE_BYTES * 9)
    player.leave()
    await instance.close()
  })

  it('answers a second seek at once after the first one left: the run nobody reads any more ends at its next piece and gives its place', async () => {
    const { instance } = renderer({ concurrency: 2 })
    const session = plan()
    const job = instance.render(session)
    // A player reading from the start, as a browser keeps its first request open after a seek.
    const player = await playerReadingFromStart(job, session)
    // A seek 2.5 minutes in takes its first bytes and leaves (the player seeks again): the session
    // now has its two runs, the start's and this one's.
    const firstSeek = PIECE_BYTES * 10 + 1_000
    expect((await readAll(job, { start: firstSeek, end: firstSeek + 999 })).length).toBe(1000)
    // The second seek, past the first one's window, is answered once that run ends at its next
    // piece — not after the two runs rendered all the minutes before it.
    const secondSeek = PIECE_BYTES * 21 + 1_000
    expect((await readAll(job, { start: secondSeek, end: secondSeek + 999 })).length).toBe(1000)
    // The start's run renders on meanwhile (its player reads), but the first seek's stopped.
    expect(job.written).toBeLessThan(PIECE_BYTES * 10)
    player.leave()
    await instance.close()
  })

  it('answers a listener 40 minutes into a session never rendered from there, without rendering what comes before', async () => {
    const { instance } = renderer()
    const session = plan({ pauseSeconds: 2 })
    const job = instance.render(session)
    const deep = PIECE_BYTES * 160 + 12_345
    const bytes = await readAll(job, { start: deep, end: deep + 50_000 })
    expect(bytes.length).toBe(50_001)
    // Only a window from there was rendered: none of the 40 minutes before.
    expect(job.written).toBeLessThanOrEqual(RUN_PIECES * PIECE_BYTES)
    // Each frame of what it sent is a frame of this session's format.
    const frame = (PIECE_BYTES - (12_345 % PIECE_BYTES)) % MP3_FRAME_BYTES
    expect(readMp3FrameHeader(bytes.subarray(frame, frame + 4))).toMatchObject({ bitrateKbps: SESSION_BITRATE_KBPS, sampleRate: SESSION_SAMPLE_RATE, channels: 2 })
    await instance.close()
  })

  it('runs at most two renders of one session at once, however many places a client asks for together', async () => {
    const { instance } = renderer({ concurrency: 4 })
    const session = plan({ pauseSeconds: 6 })
    const job = instance.render(session)
    let most = 0
    const watch = setInterval(() => (most = Math.max(most, job.processes)), 5)
    // Six places far apart, all at once: each is answered, two runs at a time.
    await Promise.all([0, 40, 80, 120, 160, 200].map((piece) => untilAvailable(job, piece * PIECE_BYTES + 1)))
    clearInterval(watch)
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(RUNS_PER_SESSION)
    await instance.close()
  })

  it('lets a listener about to run out go before one with minutes ahead, at the next piece', async () => {
    const { instance } = renderer()
    const first = instance.render(plan({ pauseSeconds: 3 }))
    // The first listener's player reads ahead (it has far more than it plays).
    const ahead = readWhileRendering(first, storage, { start: 0, end: first.bytes - 1 })
    let received = 0
    ahead.on('data', (chunk: Buffer) => (received += chunk.length))
    await expect.poll(() => received, { timeout: 20_000 }).toBeGreaterThan(PIECE_BYTES * 2)
    // A second listener presses play: a place frees up for them within a piece, not after three minutes.
    const second = instance.render(plan({ pauseSeconds: 4 }))
    await untilAvailable(second, 0)
    expect(first.written).toBeLessThan(RUN_PIECES * PIECE_BYTES)
    ahead.destroy()
    await instance.close()
  })

  it("takes ffmpeg's output in batches where nobody waits for the next frame: readers wake a few times a second of rendering, not once a frame", async () => {
    const { instance } = renderer({ concurrency: 2 })
    // ffmpeg writes every frame (384 bytes) on its own; each write the renderer takes wakes the readers.
    const wakeUps = (job: RenderJob) => {
      let count = 0
      ;(job as unknown as EventEmitter).on('change', () => count++)
      return () => count
    }
    // A render ahead, nobody waiting: batched from its first frame.
    const ahead = instance.render(plan({ repetitions: 12, pauseSeconds: 2 }), { ahead: true })
    const aheadWakeUps = wakeUps(ahead)
    await ahead.finished
    const aheadFrames = ahead.bytes / MP3_FRAME_BYTES
    expect(aheadFrames).toBeGreaterThan(2_000)
    expect(aheadWakeUps()).toBeLessThan(aheadFrames / 10)

    // A listener's run: its first piece frame by frame (their first sound leaves at once), then in batches.
    const session = plan({ repetitions: 12, pauseSeconds: 3 })
    const job = instance.render(session)
    const listenerWakeUps = wakeUps(job)
    const reading = readAll(job, { start: 0, end: session.bytes - 1 })
    await expect.poll(() => job.written, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(PIECE_BYTES)
    const firstPieceWakeUps = listenerWakeUps()
    expect((await reading).length).toBe(session.bytes)
    const framesAfterFirstPiece = (session.bytes - PIECE_BYTES) / MP3_FRAME_BYTES
    expect(framesAfterFirstPiece).toBeGreaterThan(1_500)
    expect(listenerWakeUps() - firstPieceWakeUps).toBeLessThan(framesAfterFirstPiece / 10)
    await instance.close()
  })

  it('ends a run at its next piece once nobody reads it: a player that took its first bytes and left costs a piece, not three minutes', async () => {
    const { instance } = renderer({ idleStopMs: 60_000 })
    const job = instance.render(plan({ pauseSeconds: 5 }))
    await readAll(job, { start: 0, end: 99 })
    await expect.poll(() => job.processes, { timeout: 20_000 }).toBe(0)
    expect(job.written).toBeLessThanOrEqual(PIECE_BYTES * 2)
    await instance.close()
  })

  it('stops the runs nobody reads any more; their pieces wait a while for the listener to come back, then go', async () => {
    const { instance, stored } = renderer({ idleStopMs: 300, keepMs: 60_000 })
    const session = plan()
    const job = instance.render(session)
    await readAll(job, { start: 0, end: PIECE_BYTES * 2 - 1 })
    await expect.poll(() => job.processes, { timeout: 20_000 }).toBe(0)
    expect(instance.current(session.key)).toBe(job)
    const kept = job.written
    expect(kept).toBeGreaterThan(0)
    // Back within the keep limit: nothing is rendered again from the start.
    await readAll(job, { start: 1_000, end: 1_099 })
    expect(job.written).toBeGreaterThanOrEqual(kept)

    instance.stopAbandoned(Date.now() + 61_000)
    await expect(job.finished).rejects.toThrow('sem ouvintes')
    expect(stored).toEqual([])
    expect(instance.current(session.key)).toBeUndefined()
    expect(instance.render(session)).not.toBe(job)
    await instance.close()
  })

  it('counts a request waiting for its first bytes as a listener; once it leaves, the runs stop', async () => {
    const { instance, stored } = renderer({ idleStopMs: 300, keepMs: 600 })
    const session = plan({ pauseSeconds: 2 })
    const job = instance.render(session)
    const left = new AbortController()
    const waiting = untilAvailable(job, RENDER_AHEAD_BYTES * 2, left.signal)
    // Long past the limits (300 ms here), the watchdog still finds a listener.
    instance.stopAbandoned(Date.now() + 60_000)
    expect(job.stopped).toBeNull()
    expect(instance.current(session.key)).toBe(job)
    left.abort()
    await expect(waiting).rejects.toBeInstanceOf(HttpError)
    await expect(job.finished).rejects.toThrow('sem ouvintes')
    expect(job.processes).toBe(0)
    expect(stored).toEqual([])
    await instance.close()
  })

  it("counts a listener's seek waiting for its place in the queue a new listener would wait behind", async () => {
    const { instance } = renderer({ queueMax: 1 })
    const heard = instance.render(plan({ pauseSeconds: 3 }))
    const reading = readWhileRendering(heard, storage, { start: 0, end: heard.bytes - 1 })
    let received = 0
    reading.on('data', (chunk: Buffer) => (received += chunk.length))
    await expect.poll(() => received, { timeout: 20_000 }).toBeGreaterThan(0)
    expect(instance.admits(plan({ pauseSeconds: 4 }).key)).toBe(true)
    // The same listener seeks far ahead: that run waits for the only place, first in line.
    const seek = untilAvailable(heard, 40 * PIECE_BYTES)
    expect(instance.admits(plan({ pauseSeconds: 4 }).key)).toBe(false)
    await seek
    reading.destroy()
    await instance.close()
  })

  it('refuses a new render past its queue (503 in pt-BR), while a render in progress is still joined', async () => {
    const { instance } = renderer({ queueMax: 0 })
    const running = instance.render(plan({ pauseSeconds: 3 }))
    // Its listener's run takes the only place at once.
    const first = untilAvailable(running, 0)
    expect(instance.admits(plan({ pauseSeconds: 4 }).key)).toBe(false)
    expect(() => instance.render(plan({ pauseSeconds: 4 }))).toThrow(HttpError)
    expect(instance.render(plan({ pauseSeconds: 3 }))).toBe(running)
    expect(instance.runningFor('ninguem')).toBe(0)
    await first
    await instance.close()
  })
})
