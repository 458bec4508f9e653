/**
 * Runs ffmpeg for a planned session and lets listeners hear it while it is produced
 * (docs/product/sessions.md#fast-to-start): the encoder writes to a file under DATA_DIR, each
 * waiting request reads that file as it grows (its final length is known in advance, so Range and
 * Content-Length work from the first byte), and the finished file moves to media storage. One
 * render per key per instance; at most `concurrency` ffmpeg processes at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { setPriority } from 'node:os'
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
/**
 * A render nobody reads or waits for (every listener gone, closed or timed out) is stopped after
 * this long; the next request starts it again. Long enough for a player's next Range request.
 */
export const RENDER_IDLE_STOP_MS = 15_000
/** The niceness of renders made ahead of any listener: the first bytes of a listener's render come first. */
const AHEAD_NICENESS = 19

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
  /** Rendered ahead of any listener (./prerender.ts): unpaced, never stopped for want of listeners. */
  readonly ahead: boolean
  /** Requests reading it, or waiting for its first bytes, now. */
  readonly readers: number
  /** Why it was stopped before its end (nobody listening), or null. */
  readonly stopped: Error | null
}

export interface RenderOptions {
  /** The account whose request started it (its budget: SESSION_RENDERS_AT_ONCE_PER_LISTENER); null for a visitor. */
  owner?: string | null
  /** Render it whole now, at low priority, for no listener in particular (./prerender.ts). */
  ahead?: boolean
}

class Job extends EventEmitter implements RenderJob {
  written = 0
  stored = false
  failure: Error | null = null
  /** The furthest byte any listener has read. */
  demand = 0
  /** Requests reading this render, or waiting for its first bytes, now. */
  readers = 0
  /** Since when nobody reads or waits (null while somebody does). */
  idleSince: number | null = Date.now()
  /** Set when the render was stopped (nobody listening); the running ffmpeg is killed. */
  stopped: Error | null = null
  child: ChildProcess | null = null
  /** Whether this render holds one of the renderer's slots (not while it waits for listeners). */
  holdsSlot = false
  waitingForListeners = false
  readonly finished: Promise<void>
  private settle!: { resolve: () => void; reject: (error: Error) => void }

  constructor(
    readonly key: string,
    readonly bytes: number,
    readonly partPath: string,
    readonly owner: string | null,
    readonly ahead: boolean,
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
    this.idleSince = this.readers > 0 ? null : Date.now()
    this.emit('demand')
  }

  /** Stops the render: nobody listens any more. */
  stop() {
    if (this.stopped) return
    this.stopped = new AbandonedRender()
    this.child?.kill('SIGKILL')
    this.emit('demand')
  }

  /**
   * Resolves once writing at `offset` stays within RENDER_AHEAD_BYTES of the furthest listener;
   * rejects once the render was stopped meanwhile.
   */
  async room(offset: number): Promise<void> {
    this.waitingForListeners = true
    try {
      while (offset >= this.demand + RENDER_AHEAD_BYTES) {
        if (this.stopped) throw this.stopped
        await new Promise<void>((resolve) => this.once('demand', resolve))
      }
      if (this.stopped) throw this.stopped
    } finally {
      this.waitingForListeners = false
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
  /** Renders that may wait for a place beyond those running (SESSION_RENDER_QUEUE_MAX); more are refused (503). */
  queueMax: number
  log: ServiceLogger
  /** Called after a render reached storage (the cache records it and evicts). */
  onStored: (key: string, bytes: number) => Promise<void>
  /** Turns stored source keys into files ffmpeg can open. */
  sourcePaths: (keys: string[]) => Promise<Map<string, string>>
  /** RENDER_IDLE_STOP_MS; tests shorten it. */
  idleStopMs?: number
}

export class SessionRenderer {
  private readonly jobs = new Map<string, Job>()
  private readonly children = new Set<ChildProcess>()
  private running = 0
  /** Renders waiting for a place, in order; resolved true when given one, false when they are to end instead. */
  private readonly waiting: Array<{ job: Job; resolve: (granted: boolean) => void }> = []
  private closed = false
  private readonly watchdog: NodeJS.Timeout
  private readonly idleStopMs: number

  constructor(private readonly options: SessionRendererOptions) {
    this.idleStopMs = options.idleStopMs ?? RENDER_IDLE_STOP_MS
    // Checks often enough that an abandoned render stops within seconds of its limit.
    this.watchdog = setInterval(() => this.stopAbandoned(), Math.min(1_000, Math.max(50, this.idleStopMs / 4)))
    this.watchdog.unref()
  }

  /**
   * Stops the renders nobody has read or waited for during the idle limit, as of `now` (the
   * watchdog's tick; a test passes a later moment instead of waiting for it).
   */
  stopAbandoned(now: number = Date.now()): void {
    for (const job of this.jobs.values()) {
      if (!job.ahead && !job.stored && job.idleSince !== null && now - job.idleSince >= this.idleStopMs) {
        job.stop()
        // One waiting for a place leaves the queue now rather than hold a place in it.
        const waiting = this.waiting.findIndex((entry) => entry.job === job)
        if (waiting >= 0) this.waiting.splice(waiting, 1)[0]!.resolve(false)
      }
    }
  }

  /** Whether a new render would be taken now (or joined: `key` in progress), rather than refused for a full queue. */
  admits(key: string): boolean {
    return this.jobs.has(key) || this.running < this.options.concurrency || this.waiting.length < this.options.queueMax
  }

  /**
   * Renders started for this account, running here and listened to now. One nobody listens to any
   * more (the listener moved on to the next audio) does not count: it stops on its own within
   * RENDER_IDLE_STOP_MS.
   */
  runningFor(owner: string): number {
    let running = 0
    for (const job of this.jobs.values()) if (job.owner === owner && !job.stored && !job.stopped && job.readers > 0) running++
    return running
  }

  /** Bytes on disk of the renders in progress (they count toward the cache's size limit). */
  bytesInProgress(): number {
    let bytes = 0
    for (const job of this.jobs.values()) if (!job.stored) bytes += job.written
    return bytes
  }

  get ffmpeg(): Ffmpeg {
    return this.options.ffmpeg
  }

  /** The render of this key in progress here, if any. */
  current(key: string): RenderJob | undefined {
    return this.jobs.get(key)
  }

  /**
   * Starts rendering (or joins the render in progress) and returns at once. Throws 503 (pt-BR) when
   * the queue is full: the player then plays the audio's own file.
   */
  render(plan: SessionPlan, options: RenderOptions = {}): RenderJob {
    const existing = this.jobs.get(plan.key)
    if (existing) return existing
    if (!options.ahead && !this.admits(plan.key)) throw new HttpError(503, SESSION_MSG.busy)
    const job = new Job(plan.key, plan.bytes, join(this.options.workDir, `${plan.key}.${randomUUID()}.part`), options.owner ?? null, options.ahead ?? false)
    this.jobs.set(plan.key, job)
    void this.run(job, plan).finally(() => {
      if (this.jobs.get(plan.key) === job) this.jobs.delete(plan.key)
    })
    return job
  }

  /** Stops every render (process shutdown). */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.watchdog)
    for (const job of this.jobs.values()) job.stop()
    for (const child of this.children) child.kill('SIGKILL')
    // Renders still waiting for a place end without one.
    for (const entry of this.waiting.splice(0)) entry.resolve(false)
    await Promise.allSettled([...this.jobs.values()].map((job) => job.finished))
  }

  private async slot(job: Job): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++
      return
    }
    const granted = await new Promise<boolean>((resolve) => this.waiting.push({ job, resolve }))
    if (!granted) throw job.stopped ?? new Error('renderizador encerrado')
    this.running++
  }

  private release(): void {
    this.running--
    this.waiting.shift()?.resolve(true)
  }

  private async run(job: Job, plan: SessionPlan): Promise<void> {
    const started = Date.now()
    try {
      // A render ahead takes no place: it runs at the lowest priority beside the listeners' renders.
      if (!job.ahead) {
        await this.slot(job)
        job.holdsSlot = true
      }
      if (this.closed) throw new Error('renderizador encerrado')
      if (job.stopped) throw job.stopped
      await mkdir(this.options.workDir, { recursive: true })
      const sources = plan.items.map((item) => item.voice.fileKey).concat(plan.music ? [plan.music.fileKey] : [])
      const paths = await this.options.sourcePaths([...new Set(sources)])
      await this.encode(job, renderArguments(plan, paths))
      await this.options.storage.put(renderStorageKey(job.key), createReadStream(job.partPath))
      await this.options.onStored(job.key, job.bytes)
      // Stored and recorded: from now on a request finds the stored file (and its address), not this job.
      if (this.jobs.get(job.key) === job) this.jobs.delete(job.key)
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
    job.child = child
    if (job.ahead && child.pid !== undefined) {
      try {
        setPriority(child.pid, AHEAD_NICENESS)
      } catch {
        // Not allowed here: it then runs at the normal priority.
      }
    }
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
        if (job.stopped) throw job.stopped
        if (job.ahead || offset < job.demand + RENDER_AHEAD_BYTES) return
        job.holdsSlot = false
        this.release()
        await job.room(offset)
        await this.slot(job)
        job.holdsSlot = true
      }
      await Promise.all([pipeline(child.stdout, new ExactLengthMp3(job.bytes, () => exited), new ProgressFile(file, (bytes) => job.progress(bytes), pace)), exited])
    } catch (error) {
      child.kill('SIGKILL')
      // Killed because nobody listened: that is the reason, not ffmpeg's exit.
      throw job.stopped ?? error
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
export async function untilAvailable(job: RenderJob, position: number, signal?: AbortSignal): Promise<void> {
  const source = job as Job
  // A request waiting for its first bytes is a listener: the render is not stopped under it.
  source.reading(1)
  try {
    for (;;) {
      const seen = source.version
      if (source.failure) throw new HttpError(503, SESSION_MSG.unavailable)
      if (source.stored || source.written > position) return
      if (signal?.aborted) throw new HttpError(503, SESSION_MSG.unavailable)
      await Promise.race([source.changeAfter(seen), ...(signal ? [abortOf(signal)] : [])])
    }
  } finally {
    source.reading(-1)
  }
}

function abortOf(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}

/**
 * Reads `range` of a session while it renders: from the growing file while it is being written,
 * then from media storage once the render is stored. Ends after `range.end`; fails when the render
 * fails. A listener who goes away closes it (the generator's finally).
 */
export function readWhileRendering(job: RenderJob, storage: MediaStorage, range: ByteRange, signal?: AbortSignal): Readable {
  const source = job as Job
  // A listener who went away while this waited for the render leaves at once (not at its next byte).
  const gone = signal ? abortOf(signal) : null
  const nextChange = (seen: number) => (gone ? Promise.race([source.changeAfter(seen), gone]) : source.changeAfter(seen))
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
          await nextChange(seen)
          if (signal?.aborted) return
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
          await nextChange(seen)
          if (signal?.aborted) return
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
