/**
 * Runs ffmpeg for a planned session and lets listeners hear it while it is produced
 * (docs/product/sessions.md#fast-to-start): the encoder writes to a file under DATA_DIR, each
 * waiting request reads that file as it grows (its final length is known in advance, so Range and
 * Content-Length work from the first byte), and the finished file moves to media storage. One
 * render per key per instance; at most `concurrency` ffmpeg processes at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { createReadStream } from 'node:fs'
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import { SESSION_BYTES_PER_MINUTE, SESSION_MSG } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import type { Ffmpeg } from '../../lib/media/ffmpeg.js'
import { ExactLengthMp3 } from '../../lib/media/mp3-stream.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { ByteRange, MediaStorage } from '../../lib/storage/media-storage.js'
import { renderArguments } from './render-command.js'
import type { SessionPlan } from './session-plan.js'

/**
 * A render runs at most this far ahead of the furthest listener, then waits (ffmpeg blocks on its
 * output): an hour of "sem parar" costs only what is heard, plus this.
 */
export const RENDER_AHEAD_BYTES = SESSION_BYTES_PER_MINUTE * 3
/** A render waiting for listeners that nobody reads for this long is dropped; the next request starts it again. */
export const RENDER_ABANDON_MS = 2 * 60_000

/** Where a finished render is kept in media storage. */
export function renderStorageKey(key: string): string {
  return `sessions/${key}.mp3`
}

export interface RenderJob {
  readonly key: string
  readonly bytes: number
  /** Bytes written so far. */
  readonly written: number
  /** Resolves once the file is in media storage; rejects when the render failed. */
  readonly finished: Promise<void>
  readonly stored: boolean
  /** Waiting for listeners: far enough ahead of all of them. */
  readonly waitingForListeners: boolean
}

class Job extends EventEmitter implements RenderJob {
  written = 0
  stored = false
  failure: Error | null = null
  /** The furthest byte any listener has read. */
  demand = 0
  /** Requests reading this render now. */
  readers = 0
  /** Whether this render holds one of the renderer's slots (not while it waits for listeners). */
  holdsSlot = false
  waitingForListeners = false
  readonly finished: Promise<void>
  private settle!: { resolve: () => void; reject: (error: Error) => void }

  constructor(
    readonly key: string,
    readonly bytes: number,
    readonly partPath: string,
  ) {
    super()
    this.setMaxListeners(0)
    this.finished = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject }
    })
    // A render nobody waits for any more must not become an unhandled rejection.
    this.finished.catch(() => undefined)
  }

  /** Grows with every change, so a reader can tell whether it missed one. */
  version = 0

  /** Resolves at the first change after `version` (at once when one happened already). */
  changeAfter(version: number): Promise<void> {
    if (this.version !== version) return Promise.resolve()
    return new Promise((resolve) => this.once('change', () => resolve()))
  }

  private changed() {
    this.version++
    this.emit('change')
  }

  progress(bytes: number) {
    this.written = bytes
    this.changed()
  }

  /** A listener read up to `position`. */
  reached(position: number) {
    if (position <= this.demand) return
    this.demand = position
    this.emit('demand')
  }

  reading(delta: 1 | -1) {
    this.readers += delta
    this.emit('demand')
  }

  /**
   * Resolves once writing at `offset` stays within RENDER_AHEAD_BYTES of the furthest listener;
   * rejects when nobody has read for RENDER_ABANDON_MS (the render is then dropped).
   */
  async room(offset: number, abandonMs: number): Promise<void> {
    this.waitingForListeners = true
    try {
      await this.waitForDemand(offset, abandonMs)
    } finally {
      this.waitingForListeners = false
    }
  }

  private async waitForDemand(offset: number, abandonMs: number): Promise<void> {
    let idleSince = Date.now()
    while (offset >= this.demand + RENDER_AHEAD_BYTES) {
      const before = this.demand
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(1, abandonMs - (Date.now() - idleSince)))
        function done() {
          clearTimeout(timer)
          resolve()
        }
        this.once('demand', done)
      })
      if (this.demand > before || this.readers > 0) idleSince = Date.now()
      else if (Date.now() - idleSince >= abandonMs) throw new AbandonedRender()
    }
  }

  succeed() {
    this.stored = true
    this.settle.resolve()
    this.changed()
  }

  fail(error: Error) {
    this.failure = error
    this.settle.reject(error)
    this.changed()
  }
}

/** Nobody listened to a paused render for RENDER_ABANDON_MS. */
class AbandonedRender extends Error {
  constructor() {
    super('sessão sem ouvintes: renderização interrompida')
  }
}

export interface SessionRendererOptions {
  ffmpeg: Ffmpeg
  storage: MediaStorage
  /** Folder for files being rendered (DATA_DIR/sessions-tmp). */
  workDir: string
  concurrency: number
  log: ServiceLogger
  /** Called after a render reached storage (the cache records it and evicts). */
  onStored: (key: string, bytes: number) => Promise<void>
  /** Turns stored source keys into files ffmpeg can open. */
  sourcePaths: (keys: string[]) => Promise<Map<string, string>>
  /** Tests shorten it. */
  abandonMs?: number
}

export class SessionRenderer {
  private readonly jobs = new Map<string, Job>()
  private readonly children = new Set<ChildProcess>()
  private running = 0
  private readonly waiting: Array<() => void> = []
  private closed = false

  constructor(private readonly options: SessionRendererOptions) {}

  get ffmpeg(): Ffmpeg {
    return this.options.ffmpeg
  }

  /** The render of this key in progress here, if any. */
  current(key: string): RenderJob | undefined {
    return this.jobs.get(key)
  }

  /** Starts rendering (or joins the render in progress) and returns at once. */
  render(plan: SessionPlan): RenderJob {
    const existing = this.jobs.get(plan.key)
    if (existing) return existing
    const job = new Job(plan.key, plan.bytes, join(this.options.workDir, `${plan.key}.${randomUUID()}.part`))
    this.jobs.set(plan.key, job)
    void this.run(job, plan).finally(() => {
      if (this.jobs.get(plan.key) === job) this.jobs.delete(plan.key)
    })
    return job
  }

  /** Stops every render (process shutdown). */
  async close(): Promise<void> {
    this.closed = true
    for (const child of this.children) child.kill('SIGKILL')
    await Promise.allSettled([...this.jobs.values()].map((job) => job.finished))
  }

  private async slot(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.running++
  }

  private release(): void {
    this.running--
    this.waiting.shift()?.()
  }

  private async run(job: Job, plan: SessionPlan): Promise<void> {
    const started = Date.now()
    await this.slot()
    job.holdsSlot = true
    try {
      if (this.closed) throw new Error('renderizador encerrado')
      await mkdir(this.options.workDir, { recursive: true })
      const sources = plan.items.map((item) => item.voice.fileKey).concat(plan.music ? [plan.music.fileKey] : [])
      const paths = await this.options.sourcePaths([...new Set(sources)])
      await this.encode(job, renderArguments(plan, paths))
      await this.options.storage.put(renderStorageKey(job.key), createReadStream(job.partPath))
      await this.options.onStored(job.key, job.bytes)
      job.succeed()
      this.options.log.info({ session: job.key, bytes: job.bytes, ms: Date.now() - started }, 'sessão renderizada')
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error))
      // The next request starts a new render at once, rather than find this failed one.
      if (this.jobs.get(job.key) === job) this.jobs.delete(job.key)
      job.fail(failure)
      if (failure instanceof AbandonedRender) this.options.log.info({ session: job.key, bytes: job.written }, failure.message)
      else this.options.log.error({ session: job.key, err: failure.message }, 'falha ao renderizar a sessão')
    } finally {
      if (job.holdsSlot) this.release()
      // Readers that opened the file keep reading it; the rest read from storage.
      await rm(job.partPath, { force: true })
    }
  }

  private async encode(job: Job, args: string[]): Promise<void> {
    const child = spawn(this.options.ffmpeg.path, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    this.children.add(child)
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8')
    })
    const exited = new Promise<void>((done, fail) => {
      child.once('error', fail)
      child.once('close', (code, signal) => {
        this.children.delete(child)
        if (code === 0) done()
        else fail(new Error(`ffmpeg terminou com ${signal ?? `código ${code}`}: ${stderr.trim().slice(0, 500)}`))
      })
    })
    // ffmpeg may fail (a source gone) before the file below is open: the failure is awaited there,
    // and must not count as unhandled meanwhile.
    exited.catch(() => undefined)
    try {
      const file = await open(job.partPath, 'w')
      // Ahead of every listener, the render waits and gives its slot to another one meanwhile.
      const pace = async (offset: number) => {
        if (offset < job.demand + RENDER_AHEAD_BYTES) return
        job.holdsSlot = false
        this.release()
        await job.room(offset, this.options.abandonMs ?? RENDER_ABANDON_MS)
        await this.slot()
        job.holdsSlot = true
      }
      await Promise.all([pipeline(child.stdout, new ExactLengthMp3(job.bytes, () => exited), new ProgressFile(file, (bytes) => job.progress(bytes), pace)), exited])
    } catch (error) {
      child.kill('SIGKILL')
      throw error
    }
  }
}

/** Writes to a file and tells, after each write reached it, how many bytes the file holds. */
class ProgressFile extends Writable {
  private bytes = 0

  constructor(
    private readonly file: FileHandle,
    private readonly onProgress: (bytes: number) => void,
    private readonly pace: (offset: number) => Promise<void>,
  ) {
    super({ highWaterMark: 64 * 1024 })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pace(this.bytes)
      .then(() => this.file.write(chunk))
      .then(
        () => {
          this.bytes += chunk.length
          this.onProgress(this.bytes)
          callback()
        },
        (error: Error) => callback(error),
      )
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.file.close().then(() => callback(), callback)
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.file.close().then(
      () => callback(error),
      () => callback(error),
    )
  }
}

/**
 * Waits until the render has the byte at `position` (or is stored): the answer's status and headers
 * go out only then, so a render that fails before is answered 503 in pt-BR, not a broken stream.
 */
export async function untilAvailable(job: RenderJob, position: number): Promise<void> {
  const source = job as Job
  for (;;) {
    const seen = source.version
    if (source.failure) throw new HttpError(503, SESSION_MSG.unavailable)
    if (source.stored || source.written > position) return
    await source.changeAfter(seen)
  }
}

/**
 * Reads `range` of a session while it renders: from the growing file while it is being written,
 * then from media storage once the render is stored. Ends after `range.end`; fails when the render
 * fails. A listener who goes away closes it (the generator's finally).
 */
export function readWhileRendering(job: RenderJob, storage: MediaStorage, range: ByteRange): Readable {
  const source = job as Job
  async function* chunks(): AsyncGenerator<Buffer> {
    let position = range.start
    let handle: FileHandle | null = null
    source.reading(1)
    source.reached(position)
    try {
      while (position <= range.end) {
        const seen = source.version
        // The listener is told the session could not be made (503), never a server error.
        if (source.failure) throw new HttpError(503, SESSION_MSG.unavailable)
        if (source.stored) {
          await handle?.close()
          handle = null
          for await (const chunk of storage.read(renderStorageKey(source.key), { start: position, end: range.end })) {
            position += (chunk as Buffer).length
            yield chunk as Buffer
          }
          return
        }
        const available = Math.min(source.written, range.end + 1) - position
        if (available <= 0) {
          await source.changeAfter(seen)
          continue
        }
        if (!handle) {
          try {
            handle = await open(source.partPath, 'r')
          } catch {
            // The file is gone: the render was just stored (or failed); the loop reads on from there.
            await source.finished.catch(() => undefined)
            continue
          }
        }
        const buffer = Buffer.allocUnsafe(Math.min(64 * 1024, available))
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position)
        if (bytesRead === 0) {
          await source.changeAfter(seen)
          continue
        }
        position += bytesRead
        source.reached(position)
        yield buffer.subarray(0, bytesRead)
      }
    } finally {
      source.reading(-1)
      await handle?.close().catch(() => undefined)
    }
  }
  return Readable.from(chunks(), { objectMode: false })
}
