/**
 * Renders planned sessions in pieces and lets listeners hear them while they are produced
 * (docs/product/sessions.md#fast-to-start, docs/decisions/028-sessions-rendered-in-pieces.md).
 *
 * A session's MP3 is a run of fixed-size frames, so it is cut into pieces of PIECE_FRAMES frames
 * that can be rendered in any order: one ffmpeg run mixes a window of at most RUN_PIECES pieces
 * straight from the plan (render-command.ts) and writes them into the session's file at their
 * place. Runs start where a listener is — at the start, or deep in the session after a seek —
 * reach at most RENDER_AHEAD_BYTES past the listener and end: a listener who is merely behind
 * holds no process and no buffer, only the pieces on disk. A listener close to the end of what is
 * rendered comes first: a run with enough ahead gives its place up at its next piece. Once every
 * piece is there the file moves to media storage.
 */
import type { ChildProcess } from 'node:child_process'
import { setPriority } from 'node:os'
import { EventEmitter } from 'node:events'
import { createReadStream } from 'node:fs'
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises'
import { setTimeout as pause } from 'node:timers/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { SESSION_BYTES_PER_MINUTE, SESSION_MSG, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { CANONICAL_AUDIO } from '../../lib/media/canonical-audio.js'
import { countDecodedSamples, type Ffmpeg } from '../../lib/media/ffmpeg.js'
import { MP3_FRAME_BYTES, MP3_SAMPLES_PER_FRAME, SILENT_MP3_FRAME } from '../../lib/media/mp3-stream.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { ByteRange, MediaStorage } from '../../lib/storage/media-storage.js'
import { renderGraph } from './render-command.js'
import { sendGraph, startRenderProcess, WarmRenders } from './warm-renders.js'
import type { SessionPlan } from './session-plan.js'

/** ffmpeg processes kept started and waiting for a listener's render (warm-renders.ts). */
const WARM_RENDERS = 1
/** How long after a listener's first bytes the next waiting process starts. */
const WARM_REFILL_DELAY_MS = 250
/**
 * How long a run waits between two reads of ffmpeg's output once nobody waits for its next frame
 * (a render ahead, a listener's run past its first piece). ffmpeg writes every frame as soon as it
 * is encoded, so a listener's first one leaves at once; read as it came, each 384-byte frame woke
 * this process for a write and a wake-up of every reader of its own — for a render ahead at the
 * lowest priority, one wake-up of the server at the listeners' priority per frame it made. Waiting
 * lets the pipe fill: about 50 KB a read, a seventh of the server's CPU per rendered minute
 * (ADR 028's amendment of 2026-12-07).
 */
const BATCHED_READ_GAP_MS = 20
/** Frames of one piece: 15 s of session, 240,000 bytes at 128 kbit/s. */
export const PIECE_FRAMES = 625
export const PIECE_BYTES = PIECE_FRAMES * MP3_FRAME_BYTES
/** A run renders at most this many pieces (3 minutes), then ends; the next one starts where it is needed. */
export const RUN_PIECES = 12
/**
 * Runs of one session at once for its listeners (a player reading on, and one seek): a client
 * asking for many places at once waits for these instead of filling the queue.
 */
export const RUNS_PER_SESSION = 2
/** A run reaches at most this far past the listener it serves: an hour of "sem parar" costs what is heard. */
export const RENDER_AHEAD_BYTES = SESSION_BYTES_PER_MINUTE * 3
/** A new run starts once a listener comes this close to the end of what is rendered. */
export const RESUME_BYTES = SESSION_BYTES_PER_MINUTE
/** A listener with less than this rendered ahead of them (20 s) is served before anyone else. */
export const URGENT_BYTES = SESSION_BYTES_PER_MINUTE / 3
/**
 * Frames encoded before the first one kept: the encoder and the limiter start on real sound, so
 * the piece joins the one before it frame to frame (ADR 028).
 */
const WARMUP_FRAMES = 4
/**
 * A render nobody reads or waits for (every listener gone, closed or timed out) stops its runs
 * after this long. Long enough for a player's next Range request.
 */
export const RENDER_IDLE_STOP_MS = 15_000
/**
 * Its pieces stay on disk (no process) this long after the last listener, for a player that
 * comes back — a locked phone's asks again when its buffer runs low — then they go.
 */
export const RENDER_KEEP_MS = 10 * 60_000
/** The niceness of renders made ahead of any listener: a listener's first bytes come first. */
const AHEAD_NICENESS = 19

/** Where a finished render is kept in media storage. */
export function renderStorageKey(key: string): string {
  return `sessions/${key}.mp3`
}

export interface RenderJob {
  readonly key: string
  readonly bytes: number
  /** Bytes on disk so far (the pieces rendered, and the runs' parts of the next ones). */
  readonly written: number
  /** Resolves once the file is in media storage; rejects when the render failed or was dropped. */
  readonly finished: Promise<void>
  readonly stored: boolean
  /** ffmpeg runs working on it now (0 while every listener has enough ahead of them). */
  readonly processes: number
  /** Rendered ahead of any listener (./prerender.ts): whole, at low priority, never dropped for want of listeners. */
  readonly ahead: boolean
  /** Requests reading it, or waiting for their first bytes, now. */
  readonly readers: number
  /** Why it was dropped before its end (nobody listening), or null. */
  readonly stopped: Error | null
}

export interface RenderOptions {
  /** The account whose request started it (its budget: SESSION_RENDERS_AT_ONCE_PER_LISTENER); null for a visitor. */
  owner?: string | null
  /** Render it whole now, at low priority, for no listener in particular (./prerender.ts). */
  ahead?: boolean
}

/** A request reading the session: where it began, when, and the byte it needs next. */
interface Reader {
  position: number
  readonly start: number
  readonly since: number
}

const BYTES_PER_MS = SESSION_BYTES_PER_MINUTE / 60_000

/**
 * What a reader's player holds ahead of what it plays, at most: the bytes it can have from where
 * it began, less what real-time playback used since. A player that read far ahead (Chromium reads
 * a few megabytes ahead) is not about to run out, even while it reads at the edge of the render.
 */
function leadOf(job: Job, reader: Reader, now: number): number {
  return job.contiguousEnd(reader.position) - reader.start - (now - reader.since) * BYTES_PER_MS
}

/** Nobody listened to the render for its idle limit. */
class AbandonedRender extends Error {
  constructor() {
    super('sessão sem ouvintes: renderização interrompida')
  }
}

/** One ffmpeg run: pieces [startPiece, endPiece) of one session. */
class Run {
  /** The piece being written now. */
  nextPiece: number
  /** The byte after the last one written. */
  writtenTo: number
  child: ChildProcess | null = null
  holdsSlot = false
  /** Ended before its window's end: its partly written piece is not kept. */
  aborted = false

  constructor(
    readonly job: Job,
    readonly startPiece: number,
    /** Only ever moves back (a run that gives its place up ends at a piece boundary). */
    public endPiece: number,
    readonly ahead: boolean,
  ) {
    this.nextPiece = startPiece
    this.writtenTo = startPiece * PIECE_BYTES
  }

  /** The byte this run stops before. */
  limit(): number {
    return Math.min(this.endPiece * PIECE_BYTES, this.job.bytes)
  }

  covers(piece: number): boolean {
    return !this.aborted && this.nextPiece <= piece && piece < this.endPiece
  }

  /** Ends the run at `piece` (a boundary at or after what it is writing); before that, at once. */
  endAt(piece: number): void {
    if (piece <= this.nextPiece && this.writtenTo > this.nextPiece * PIECE_BYTES) return this.abort()
    this.endPiece = Math.max(this.nextPiece, Math.min(this.endPiece, piece))
    if (this.writtenTo >= this.limit()) this.child?.kill('SIGKILL')
  }

  abort(): void {
    this.aborted = true
    this.child?.kill('SIGKILL')
  }

  /** Somebody reads or waits for what this run writes: the first byte missing where they are is in its window. */
  hasReader(): boolean {
    for (const reader of this.job.readerSet) {
      const end = this.job.contiguousEnd(reader.position)
      if (end < this.job.bytes && this.covers(pieceOf(end))) return true
    }
    return false
  }

  /** A listener is about to run out: the next bytes they need are this run's. */
  urgent(now = Date.now()): boolean {
    for (const reader of this.job.readerSet) {
      const end = this.job.contiguousEnd(reader.position)
      if (end < this.job.bytes && leadOf(this.job, reader, now) < URGENT_BYTES && this.covers(pieceOf(end))) return true
    }
    return false
  }
}

function pieceOf(byte: number): number {
  return Math.floor(byte / PIECE_BYTES)
}

class Job extends EventEmitter implements RenderJob {
  readonly bytes: number
  readonly pieces: number
  readonly done: Uint8Array
  doneCount = 0
  private doneBytes = 0
  readonly runs = new Set<Run>()
  readonly readerSet = new Set<Reader>()
  /** Since when nobody reads or waits (null while somebody does). */
  idleSince: number | null = Date.now()
  stored = false
  failure: Error | null = null
  stopped: Error | null = null
  /** The session's file, written at each piece's place; opened once, by the first run. */
  file: FileHandle | null = null
  opening: Promise<FileHandle> | null = null
  finishing = false
  readonly finished: Promise<void>
  private settle!: { resolve: () => void; reject: (error: Error) => void }
  /** Grows with every change, so a reader can tell whether it missed one. */
  version = 0

  constructor(
    readonly plan: SessionPlan,
    readonly partPath: string,
    readonly owner: string | null,
    /** Set by a render ahead that finds the session already asked for by a listener. */
    public ahead: boolean,
  ) {
    super()
    this.setMaxListeners(0)
    this.bytes = plan.bytes
    this.pieces = Math.ceil(plan.bytes / PIECE_BYTES)
    this.done = new Uint8Array(this.pieces)
    this.finished = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject }
    })
    // A render nobody waits for any more must not become an unhandled rejection.
    this.finished.catch(() => undefined)
  }

  get key(): string {
    return this.plan.key
  }

  get readers(): number {
    return this.readerSet.size
  }

  get processes(): number {
    let running = 0
    for (const run of this.runs) if (run.child) running++
    return running
  }

  get written(): number {
    let partial = 0
    for (const run of this.runs) if (!run.aborted) partial += run.writtenTo - run.nextPiece * PIECE_BYTES
    return this.doneBytes + partial
  }

  get complete(): boolean {
    return this.doneCount === this.pieces
  }

  pieceEnd(piece: number): number {
    return Math.min((piece + 1) * PIECE_BYTES, this.bytes)
  }

  /** The first byte from `position` on that is not on disk yet (`bytes` when all are). */
  contiguousEnd(position: number): number {
    let end = position
    while (end < this.bytes) {
      const piece = pieceOf(end)
      if (this.done[piece]) {
        end = this.pieceEnd(piece)
        continue
      }
      for (const run of this.runs) if (!run.aborted && run.nextPiece === piece && run.writtenTo > end) end = run.writtenTo
      break
    }
    return end
  }

  /** The run working on `piece` (or waiting to), if any. */
  runCovering(piece: number): Run | undefined {
    for (const run of this.runs) if (run.covers(piece)) return run
    return undefined
  }

  wrote(run: Run, bytes: number) {
    run.writtenTo += bytes
    while (run.nextPiece < this.pieces && run.writtenTo >= this.pieceEnd(run.nextPiece)) {
      if (!this.done[run.nextPiece]) {
        this.done[run.nextPiece] = 1
        this.doneCount++
        this.doneBytes += this.pieceEnd(run.nextPiece) - run.nextPiece * PIECE_BYTES
      }
      run.nextPiece++
    }
    this.changed()
  }

  addReader(position: number): Reader {
    const reader = { position, start: position, since: Date.now() }
    this.readerSet.add(reader)
    this.idleSince = null
    this.emit('readers')
    return reader
  }

  removeReader(reader: Reader) {
    this.readerSet.delete(reader)
    if (this.readerSet.size === 0) this.idleSince = Date.now()
    this.emit('readers')
  }

  moved(reader: Reader, position: number) {
    reader.position = position
    this.emit('readers')
  }

  /** Resolves at the first change after `version` (at once when one happened already). */
  changeAfter(version: number): Promise<void> {
    if (this.version !== version) return Promise.resolve()
    return new Promise((resolve) => this.once('change', () => resolve()))
  }

  changed() {
    this.version++
    this.emit('change')
  }

  succeed() {
    this.stored = true
    this.settle.resolve()
    this.changed()
  }

  fail(error: Error) {
    if (this.failure) return
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
  /** ffmpeg runs for listeners at once on this instance (SESSION_RENDER_CONCURRENCY). */
  concurrency: number
  /** New sessions that may wait for a place beyond those running (SESSION_RENDER_QUEUE_MAX); more are refused (503). */
  queueMax: number
  log: ServiceLogger
  /** Called after a render reached storage (the cache records it and evicts). */
  onStored: (key: string, bytes: number) => Promise<void>
  /** Turns stored source keys into files ffmpeg can open. */
  sourcePaths: (keys: string[]) => Promise<Map<string, string>>
  /** RENDER_IDLE_STOP_MS; tests shorten it. */
  idleStopMs?: number
  /** RENDER_KEEP_MS; tests shorten it. */
  keepMs?: number
}

export class SessionRenderer {
  private readonly jobs = new Map<string, Job>()
  private readonly children = new Set<ChildProcess>()
  private running = 0
  /** Runs waiting for a place; granted listeners-about-to-run-out first, then in order. */
  private readonly waiting: Array<{ run: Run; resolve: (granted: boolean) => void }> = []
  /** Each track's decoded length (its loop), measured once per file on this instance. */
  private readonly musicLengths = new Map<string, Promise<number>>()
  private closed = false
  private readonly watchdog: NodeJS.Timeout
  private readonly idleStopMs: number
  private readonly keepMs: number
  /** Started after a listener's first render, so an instance that renders nothing holds none. */
  private readonly warm: WarmRenders

  constructor(private readonly options: SessionRendererOptions) {
    this.warm = new WarmRenders(options.ffmpeg.path, WARM_RENDERS)
    this.idleStopMs = options.idleStopMs ?? RENDER_IDLE_STOP_MS
    this.keepMs = Math.max(this.idleStopMs, options.keepMs ?? RENDER_KEEP_MS)
    // Checks often enough that an abandoned render stops within seconds of its limit.
    this.watchdog = setInterval(() => this.stopAbandoned(), Math.min(1_000, Math.max(50, this.idleStopMs / 4)))
    this.watchdog.unref()
  }

  /**
   * Stops the runs of renders nobody has read or waited for during the idle limit, and drops those
   * idle past RENDER_KEEP_MS, as of `now` (the watchdog's tick; a test passes a later moment
   * instead of waiting for it).
   */
  stopAbandoned(now: number = Date.now()): void {
    for (const job of this.jobs.values()) {
      if (job.ahead || job.stored || job.finishing || job.idleSince === null) continue
      if (now - job.idleSince >= this.keepMs) this.drop(job, new AbandonedRender())
      else if (now - job.idleSince >= this.idleStopMs && job.runs.size > 0) {
        this.options.log.info({ session: job.key, bytes: job.written }, 'sessão sem ouvintes: renderização parada')
        this.abortRuns(job)
      }
    }
  }

  private abortRuns(job: Job): void {
    for (const run of job.runs) run.abort()
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      if (this.waiting[index]!.run.job === job) this.waiting.splice(index, 1)[0]!.resolve(false)
    }
  }

  /** Whether a new render would be taken now (or joined: `key` in progress), rather than refused for a full queue. */
  admits(key: string): boolean {
    if (this.jobs.has(key) || this.running < this.options.concurrency) return true
    // Sessions with a listener waiting for bytes — a new one's first, a seek, one about to run out:
    // each goes before a new listener (urgent first), so each is a wait for them. A run that
    // continues one with enough ahead does not count.
    const now = Date.now()
    const waitingListeners = new Set(this.waiting.filter((entry) => entry.run.job.written === 0 || entry.run.urgent(now)).map((entry) => entry.run.job)).size
    return waitingListeners < this.options.queueMax
  }

  /**
   * Renders started for this account, here, that somebody listens to now. One nobody listens to
   * any more (the listener moved on to the next audio) does not count: it is dropped on its own
   * within RENDER_IDLE_STOP_MS.
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

  /** ffmpeg processes running now (all sessions). */
  get processes(): number {
    return this.children.size
  }

  get ffmpeg(): Ffmpeg {
    return this.options.ffmpeg
  }

  /** The render of this key in progress here, if any. */
  current(key: string): RenderJob | undefined {
    return this.jobs.get(key)
  }

  /**
   * Starts a render (or joins the one in progress) and returns at once: its runs start where its
   * listeners are. Throws 503 (pt-BR) when the queue is full: the player then plays the audio's
   * own file.
   */
  render(plan: SessionPlan, options: RenderOptions = {}): RenderJob {
    const existing = this.jobs.get(plan.key)
    if (existing) {
      // Rendered ahead from now on: whole, whoever listens.
      if (options.ahead && !existing.ahead) {
        existing.ahead = true
        this.schedule(existing)
      }
      return existing
    }
    if (!options.ahead && !this.admits(plan.key)) throw new HttpError(503, SESSION_MSG.busy)
    const job = new Job(plan, join(this.options.workDir, `${plan.key}.${randomUUID()}.part`), options.owner ?? null, options.ahead ?? false)
    this.jobs.set(plan.key, job)
    job.on('readers', () => this.schedule(job))
    this.schedule(job)
    return job
  }

  /** Stops every render (process shutdown). */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.watchdog)
    const jobs = [...this.jobs.values()]
    for (const job of jobs) this.drop(job, new Error('renderizador encerrado'))
    for (const child of this.children) child.kill('SIGKILL')
    this.warm.close()
    for (const entry of this.waiting.splice(0)) entry.resolve(false)
    await Promise.allSettled(jobs.map((job) => job.finished))
  }

  /**
   * Starts the runs a job needs now: for each listener whose rendered bytes ahead run short, one
   * from the first piece missing there; for a render ahead, one at a time through the session.
   */
  private schedule(job: Job): void {
    if (this.closed || job.stopped || job.failure || job.stored || job.finishing) return
    const positions = [...job.readerSet].map((reader) => reader.position).sort((a, b) => a - b)
    for (const position of positions) {
      const end = job.contiguousEnd(position)
      if (end >= job.bytes || end - position >= RESUME_BYTES) continue
      const piece = pieceOf(end)
      const covering = job.runCovering(piece)
      if (covering && !covering.ahead) {
        // A listener's run at this piece or the one before serves this listener too.
        if (piece - covering.nextPiece <= 1) continue
        // One minutes behind this place (a seek past it) would make this listener wait for all it
        // renders first: it ends here, and this listener gets a run of their own — at once, or when
        // one of the session's runs ends (one nobody reads any more ends at its next piece: write()).
        covering.endAt(piece)
      }
      if ([...job.runs].filter((run) => !run.ahead && !run.aborted).length >= RUNS_PER_SESSION) break
      // A run ahead of everyone runs at the lowest priority: it ends here, the listener's own run goes on.
      if (covering?.ahead) covering.endAt(piece)
      this.startRun(job, piece, this.windowEnd(job, piece, position), false)
    }
    if (job.ahead && ![...job.runs].some((run) => run.ahead)) {
      const piece = this.firstUncovered(job, 0)
      if (piece !== null) this.startRun(job, piece, this.windowEnd(job, piece, null), true)
    }
  }

  private firstUncovered(job: Job, from: number): number | null {
    for (let piece = from; piece < job.pieces; piece++) if (!job.done[piece] && !job.runCovering(piece)) return piece
    return null
  }

  /** Where a run from `piece` ends: RUN_PIECES on, the next piece done or taken, or RENDER_AHEAD_BYTES past its listener. */
  private windowEnd(job: Job, piece: number, listenerAt: number | null): number {
    let end = Math.min(job.pieces, piece + RUN_PIECES)
    if (listenerAt !== null) end = Math.min(end, Math.max(piece + 1, pieceOf(listenerAt + RENDER_AHEAD_BYTES - 1) + 1))
    for (let next = piece + 1; next < end; next++) {
      if (job.done[next] || job.runCovering(next)) return next
    }
    return end
  }

  private startRun(job: Job, startPiece: number, endPiece: number, ahead: boolean): void {
    const run = new Run(job, startPiece, endPiece, ahead)
    job.runs.add(run)
    void this.execute(run).then(
      () => this.afterRun(run, null),
      (error: Error) => this.afterRun(run, error),
    )
  }

  private afterRun(run: Run, error: Error | null): void {
    const { job } = run
    job.runs.delete(run)
    job.changed()
    if (job.stopped) return
    if (error && !run.aborted) {
      this.options.log.error({ session: job.key, err: error.message }, 'falha ao renderizar a sessão')
      this.drop(job, error)
      return
    }
    if (job.complete) void this.store(job)
    else this.schedule(job)
  }

  /** Every piece is there: the file goes to media storage, and readers read on from there. */
  private async store(job: Job): Promise<void> {
    if (job.finishing) return
    job.finishing = true
    try {
      await (await job.opening)?.close()
      job.file = null
      await this.options.storage.put(renderStorageKey(job.key), createReadStream(job.partPath))
      await this.options.onStored(job.key, job.bytes)
      // Stored and recorded: from now on a request finds the stored file (and its address), not this job.
      if (this.jobs.get(job.key) === job) this.jobs.delete(job.key)
      job.succeed()
      this.options.log.info({ session: job.key, bytes: job.bytes }, 'sessão renderizada')
    } catch (error) {
      if (this.jobs.get(job.key) === job) this.jobs.delete(job.key)
      job.fail(error instanceof Error ? error : new Error(String(error)))
      this.options.log.error({ session: job.key, err: (error as Error).message }, 'falha ao guardar a sessão')
    } finally {
      // Readers that opened the file keep reading it; the rest read from storage.
      await rm(job.partPath, { force: true }).catch((error: Error) => this.options.log.warn({ session: job.key, err: error.message }, 'arquivo temporário da sessão não removido'))
    }
  }

  /** Ends a render before its end: its runs stop, its file goes, the next request starts it again. */
  private drop(job: Job, reason: Error): void {
    if (job.stopped || job.stored) return
    job.stopped = reason
    if (this.jobs.get(job.key) === job) this.jobs.delete(job.key)
    this.abortRuns(job)
    job.fail(reason)
    if (reason instanceof AbandonedRender) this.options.log.info({ session: job.key, bytes: job.written }, reason.message)
    void (async () => {
      while (job.runs.size > 0) await new Promise((resolve) => job.once('change', resolve))
      await (await job.opening?.catch(() => null))?.close().catch(() => undefined)
      job.file = null
      await rm(job.partPath, { force: true })
    })().catch((error: Error) => this.options.log.warn({ session: job.key, err: error.message }, 'arquivo temporário da sessão não removido'))
  }

  private async slot(run: Run): Promise<boolean> {
    if (this.running < this.options.concurrency) {
      this.running++
      run.holdsSlot = true
      return true
    }
    return new Promise<boolean>((resolve) => this.waiting.push({ run, resolve }))
  }

  private release(run: Run): void {
    if (!run.holdsSlot) return
    run.holdsSlot = false
    this.running--
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const urgent = this.waiting.findIndex((entry) => entry.run.urgent())
      const [entry] = this.waiting.splice(Math.max(0, urgent), 1)
      this.running++
      entry!.run.holdsSlot = true
      entry!.resolve(true)
    }
  }

  /** A listener's run with enough ahead gives its place to one about to run out, at a piece boundary. */
  private yieldsPlace(run: Run): boolean {
    const now = Date.now()
    return !run.ahead && run.holdsSlot && !run.urgent(now) && this.waiting.some((entry) => entry.run.urgent(now))
  }

  private async execute(run: Run): Promise<void> {
    const { job } = run
    // A run ahead takes no place: it runs at the lowest priority beside the listeners' runs.
    if (!run.ahead && !(await this.slot(run))) return
    try {
      if (this.closed || run.aborted || job.stopped) return
      if (run.endPiece <= run.nextPiece) return
      job.opening ??= mkdir(this.options.workDir, { recursive: true }).then(() => open(job.partPath, 'w'))
      job.file = await job.opening
      const { plan } = job
      const sources = plan.items.map((item) => item.voice.fileKey).concat(plan.music ? [plan.music.fileKey] : [])
      const paths = await this.options.sourcePaths([...new Set(sources)])
      const musicSamples = plan.music ? await this.musicLength(plan.music.fileKey, paths.get(plan.music.fileKey)!) : null
      // The window: WARMUP_FRAMES before the first piece, to one frame past the last.
      const firstFrame = run.startPiece * PIECE_FRAMES
      const lastFrame = Math.min(run.endPiece * PIECE_FRAMES, job.bytes / MP3_FRAME_BYTES)
      const encodedFrom = Math.max(0, firstFrame - WARMUP_FRAMES)
      const start = encodedFrom * MP3_SAMPLES_PER_FRAME
      const end = Math.min(plan.totalSamples, start + (lastFrame - encodedFrom + 1) * MP3_SAMPLES_PER_FRAME)
      if (run.aborted || job.stopped) return
      await this.encode(run, renderGraph(plan, paths, musicSamples, { start, end }), (firstFrame - encodedFrom) * MP3_FRAME_BYTES)
    } finally {
      this.release(run)
    }
  }

  private musicLength(fileKey: string, path: string): Promise<number> {
    let length = this.musicLengths.get(fileKey)
    if (!length) {
      length = countDecodedSamples(this.options.ffmpeg, CANONICAL_AUDIO.demuxer, path, SESSION_SAMPLE_RATE)
      length.catch(() => this.musicLengths.delete(fileKey))
      this.musicLengths.set(fileKey, length)
    }
    return length
  }

  /** ffmpeg processes waiting for a listener's render (warm-renders.ts). */
  get warmProcesses(): number[] {
    return this.warm.waitingPids
  }

  /**
   * Runs ffmpeg for one window and writes its frames at their place, piece by piece. A listener's
   * run takes a process already started; a render ahead starts its own, at low priority.
   */
  private async encode(run: Run, graph: string, skipBytes: number): Promise<void> {
    const { job } = run
    const child = run.ahead ? startRenderProcess(this.options.ffmpeg.path) : this.warm.take()
    // The next listener's process starts a moment after this run's first bytes: starting it at
    // once (a fork of this process, then ffmpeg loading its libraries) delayed them by ~10 ms.
    let refilling = false
    const refill = () => {
      if (run.ahead || refilling) return
      refilling = true
      setTimeout(() => this.warm.refill(), WARM_REFILL_DELAY_MS).unref()
    }
    this.children.add(child)
    run.child = child
    sendGraph(child, graph)
    if (run.ahead && child.pid !== undefined) {
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
    // ffmpeg may fail before its first byte: the failure is awaited below, never unhandled meanwhile.
    exited.catch(() => undefined)
    let skip = skipBytes
    try {
      for await (const data of child.stdout as AsyncIterable<Buffer>) {
        if (run.aborted || job.stopped) return
        let chunk = data
        if (skip > 0) {
          const dropped = Math.min(skip, chunk.length)
          skip -= dropped
          chunk = chunk.subarray(dropped)
        }
        if (chunk.length > 0) refill()
        if (chunk.length > 0 && (await this.write(run, chunk))) break
        if (run.writtenTo >= run.limit()) break
        if (run.ahead || run.nextPiece > run.startPiece) await pause(BATCHED_READ_GAP_MS)
      }
      if (run.aborted || job.stopped) return
      if (run.writtenTo < run.limit()) {
        await exited
        // The encoder ended a few frames short of the session's end: they are silence.
        const missing = run.limit() - run.writtenTo
        if (run.limit() !== job.bytes || missing % MP3_FRAME_BYTES !== 0) throw new Error(`MP3 com ${missing} bytes faltando`)
        await this.write(run, Buffer.concat(Array.from({ length: missing / MP3_FRAME_BYTES }, () => SILENT_MP3_FRAME)))
      }
    } finally {
      run.child = null
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      refill()
      await exited.catch(() => undefined)
    }
  }

  /** Writes `chunk` at the run's place (what fits before its end); true when the run gives its place up. */
  private async write(run: Run, chunk: Buffer): Promise<boolean> {
    const { job } = run
    const room = run.limit() - run.writtenTo
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk
    if (part.length === 0 || !job.file) return false
    const piece = run.nextPiece
    await job.file.write(part, 0, part.length, run.writtenTo)
    if (run.aborted || job.stopped) return true
    job.wrote(run, part.length)
    // At a piece's end, a listener's run stops when nobody reads it any more (a player that took
    // its first bytes and left, or seeked elsewhere) or when one about to run out waits for its place.
    if (run.nextPiece > piece && run.writtenTo < run.limit() && ((!run.ahead && !run.hasReader()) || this.yieldsPlace(run))) {
      run.endAt(run.nextPiece)
      return true
    }
    return false
  }
}

/**
 * Waits until the render has the byte at `position` (or is stored): the answer's status and headers
 * go out only then, so a render that fails before is answered 503 in pt-BR, not a broken stream.
 * The request counts as a listener there meanwhile: a run starts at that piece.
 */
export async function untilAvailable(job: RenderJob, position: number, signal?: AbortSignal): Promise<void> {
  const source = job as Job
  const reader = source.addReader(position)
  try {
    for (;;) {
      const seen = source.version
      if (source.failure) throw new HttpError(503, SESSION_MSG.unavailable)
      if (source.stored || source.contiguousEnd(position) > position) return
      if (signal?.aborted) throw new HttpError(503, SESSION_MSG.unavailable)
      await Promise.race([source.changeAfter(seen), ...(signal ? [abortOf(signal)] : [])])
    }
  } finally {
    source.removeReader(reader)
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
    const reader = source.addReader(position)
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
        const available = Math.min(source.contiguousEnd(position), range.end + 1) - position
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
        source.moved(reader, position)
        yield buffer.subarray(0, bytesRead)
      }
    } finally {
      source.removeReader(reader)
      await handle?.close().catch(() => undefined)
    }
  }
  return Readable.from(chunks(), { objectMode: false })
}
