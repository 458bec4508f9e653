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
import type { Ffmpeg } from '../../lib/media/ffmpeg.js'
import { ExactLengthMp3 } from '../../lib/media/mp3-stream.js'
import type { ServiceLogger } from '../../lib/service-deps.js'
import type { ByteRange, MediaStorage } from '../../lib/storage/media-storage.js'
import { renderArguments } from './render-command.js'
import type { SessionPlan } from './session-plan.js'

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
}

class Job extends EventEmitter implements RenderJob {
  written = 0
  stored = false
  failure: Error | null = null
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
    void this.run(job, plan).finally(() => this.jobs.delete(plan.key))
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
      job.fail(failure)
      this.options.log.error({ session: job.key, err: failure.message }, 'falha ao renderizar a sessão')
    } finally {
      this.release()
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
    try {
      const file = await open(job.partPath, 'w')
      await Promise.all([pipeline(child.stdout, new ExactLengthMp3(job.bytes), new ProgressFile(file, (bytes) => job.progress(bytes))), exited])
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
  ) {
    super({ highWaterMark: 256 * 1024 })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.file.write(chunk).then(
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
 * Reads `range` of a session while it renders: from the growing file while it is being written,
 * then from media storage once the render is stored. Ends after `range.end`; fails when the render
 * fails. A listener who goes away closes it (the generator's finally).
 */
export function readWhileRendering(job: RenderJob, storage: MediaStorage, range: ByteRange): Readable {
  const source = job as Job
  async function* chunks(): AsyncGenerator<Buffer> {
    let position = range.start
    let handle: FileHandle | null = null
    try {
      while (position <= range.end) {
        const seen = source.version
        if (source.failure) throw source.failure
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
        yield buffer.subarray(0, bytesRead)
      }
    } finally {
      await handle?.close().catch(() => undefined)
    }
  }
  return Readable.from(chunks(), { objectMode: false })
}
