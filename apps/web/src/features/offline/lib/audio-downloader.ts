import { OFFLINE_CACHE_MAX_BYTES } from '@sintonia/contract'
import {
  deleteCachedAudios,
  getCachedAudio,
  isComplete,
  listCachedAudios,
  markCachedAudioComplete,
  putCachedAudio,
  totalSizeOf,
} from './audio-cache-db'
import { OFFLINE_ERRORS } from './messages'
import { readBody } from './read-body'
import { keepSessionOf, keepsSessions } from './session-downloads'
import { keptSessionBytes } from './session-cache'

/** Evict when usage exceeds 90 % of the cap, 3 least-recently-accessed at a time. */
export const EVICTION_THRESHOLD = 0.9
export const EVICTION_COUNT = 3

export interface DownloadRequest {
  id: string
  title: string
  fieldId: string
  /** Network URL of the audio (served only to subscribers: the sign-in cookie goes with it). */
  url: string
  /** The catalogue's duration text. */
  duration: string
}

export type DownloadStatus = 'downloading' | 'completed' | 'error'

/** Download progress. `progress` is an integer 0-100 that never goes back. */
export interface DownloadProgress {
  audioId: string
  progress: number
  status: DownloadStatus
  error?: string
}

export interface DownloadOptions {
  fetch?: typeof fetch
  onProgress?: (progress: DownloadProgress) => void
  /** Cache cap in bytes (default OFFLINE_CACHE_MAX_BYTES = 500 MB). Tests pass a small one. */
  maxBytes?: number
  isOnline?: () => boolean
  now?: () => number
  /**
   * What else the offline player needs besides the audio (the page's data, the music), kept
   * before the download is complete: 'Disponível offline' promises an audio that opens with no
   * connection. Reports 0..1 as its parts are kept; the last tenth of the bar is its.
   */
  prepare?: (request: DownloadRequest, onProgress: (fraction: number) => void) => Promise<void>
}

class DownloadError extends Error {}

interface InFlight {
  listeners: Set<(p: DownloadProgress) => void>
  last: DownloadProgress
  promise: Promise<DownloadProgress>
}

const inFlight = new Map<string, InFlight>()

// ── a tiny store of the latest progress per audio (read by useDownload) ─────────────────────
let progressById: ReadonlyMap<string, DownloadProgress> = new Map()
const storeListeners = new Set<() => void>()

export const downloadStore = {
  subscribe(listener: () => void): () => void {
    storeListeners.add(listener)
    return () => {
      storeListeners.delete(listener)
    }
  },
  /** Immutable map audioId → latest progress (a new map on every change). */
  getSnapshot(): ReadonlyMap<string, DownloadProgress> {
    return progressById
  },
  get(audioId: string): DownloadProgress | undefined {
    return progressById.get(audioId)
  },
  /** Forget a finished entry (e.g. after the copy is removed). */
  clear(audioId?: string): void {
    if (audioId === undefined) {
      if (progressById.size === 0) return
      progressById = new Map()
    } else {
      if (!progressById.has(audioId) || inFlight.has(audioId)) return
      const next = new Map(progressById)
      next.delete(audioId)
      progressById = next
    }
    for (const l of [...storeListeners]) l()
  },
}

function publish(p: DownloadProgress): void {
  const next = new Map(progressById)
  next.set(p.audioId, p)
  progressById = next
  for (const l of [...storeListeners]) l()
}

/** True while a download of this audio is running. */
export function isDownloading(audioId: string): boolean {
  return inFlight.has(audioId)
}

const defaultIsOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/**
 * Downloads an audio into `DriveAudioCache`/`audios`
 * (docs/product/listening.md#downloads-downloads). Never rejects: resolves with the final progress
 * (`completed`, or `error` with a pt-BR message). A second call for an audio that is already
 * downloading shares the same request and only adds its `onProgress` listener.
 */
export function downloadAudio(request: DownloadRequest, options: DownloadOptions = {}): Promise<DownloadProgress> {
  const existing = inFlight.get(request.id)
  if (existing) {
    if (options.onProgress) {
      existing.listeners.add(options.onProgress)
      options.onProgress(existing.last)
    }
    return existing.promise
  }

  // Registered synchronously, before any await, so concurrent callers always find it.
  const entry: InFlight = {
    listeners: new Set(options.onProgress ? [options.onProgress] : []),
    last: { audioId: request.id, progress: 0, status: 'downloading' },
    promise: undefined as unknown as Promise<DownloadProgress>, // set just below
  }
  const emit = (p: DownloadProgress) => {
    entry.last = p
    publish(p)
    for (const l of [...entry.listeners]) {
      try {
        l(p)
      } catch {
        /* a listener's failure must not break the download */
      }
    }
  }
  inFlight.set(request.id, entry)
  entry.promise = run(request, options, emit).finally(() => {
    inFlight.delete(request.id)
  })
  return entry.promise
}

async function run(
  request: DownloadRequest,
  options: DownloadOptions,
  emit: (p: DownloadProgress) => void,
): Promise<DownloadProgress> {
  const audioId = request.id
  let lastProgress = 0
  const fail = (error: string): DownloadProgress => {
    const p: DownloadProgress = { audioId, progress: lastProgress, status: 'error', error }
    emit(p)
    return p
  }
  try {
    const kept = await getCachedAudio(audioId)
    if (kept && isComplete(kept)) {
      const done: DownloadProgress = { audioId, progress: 100, status: 'completed' }
      emit(done)
      return done
    }
    if (!(options.isOnline ?? defaultIsOnline)()) return fail(OFFLINE_ERRORS.offline)

    if (!kept && !(await ensureSpace({ maxBytes: options.maxBytes }))) return fail(OFFLINE_ERRORS.noSpace)

    emit({ audioId, progress: 0, status: 'downloading' })
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
    // The bar covers every part the offline player needs: the page's data its last tenth (when
    // asked), and of the rest the voice copy half and the session half (when one is kept).
    const dataStart = options.prepare ? 90 : 100
    const sessionStart = keepsSessions() ? dataStart / 2 : dataStart
    const report = (pct: number) => {
      if (pct > lastProgress) {
        lastProgress = pct
        emit({ audioId, progress: pct, status: 'downloading' })
      }
    }
    if (kept) {
      // A download cut off after its voice copy (a reload, a closed tab): it goes on from there.
      report(sessionStart)
    } else {
      // The sign-in cookie reaches our API (same origin); the bucket the API may redirect to gets no
      // cookie, so its CORS need not allow credentials (docs/deploy.md, ADR 021).
      const response = await doFetch(request.url, { credentials: 'same-origin' })
      if (!response.ok) throw new DownloadError(OFFLINE_ERRORS.http(response.statusText || String(response.status)))
      if (!response.body) throw new DownloadError(OFFLINE_ERRORS.noBody)
      const total = Number(response.headers.get('content-length') ?? '')
      const audioBlob = await readBody(response.body, response.headers.get('content-type') || 'audio/mpeg', (received) => {
        if (Number.isFinite(total) && total > 0) report(Math.min(sessionStart, Math.floor((received / total) * sessionStart)))
      })
      const now = (options.now ?? Date.now)()
      await putCachedAudio({
        id: audioId,
        title: request.title,
        fieldId: request.fieldId,
        audioBlob,
        metadata: { duration: request.duration, size: audioBlob.size, url: request.url, complete: false },
        downloadedAt: now,
        lastAccessedAt: now,
      })
    }
    // The session of the listener's settings, for playing on with the screen locked offline; the
    // voice copy above is the fallback when it cannot be had.
    const sessionShare = dataStart - sessionStart
    await keepSessionOf(audioId, { fetch: doFetch, now: options.now ?? Date.now, onProgress: (fraction) => report(Math.min(99, Math.floor(sessionStart + fraction * sessionShare))) })
    if (options.prepare) {
      report(dataStart)
      // Best-effort, as the session: a part that cannot be kept does not undo the audio.
      await options.prepare(request, (fraction) => report(Math.min(99, Math.floor(dataStart + fraction * (100 - dataStart))))).catch(() => undefined)
    }
    await markCachedAudioComplete(audioId)
    lastProgress = 100
    const done: DownloadProgress = { audioId, progress: 100, status: 'completed' }
    emit(done)
    return done
  } catch (error) {
    return fail(error instanceof DownloadError ? error.message : OFFLINE_ERRORS.unknown)
  }
}

export interface EnsureSpaceOptions {
  maxBytes?: number
  /** Bytes about to be added, when known. */
  requiredBytes?: number
}

/**
 * If usage is above 90 % of the cap, evict the 3 least-recently-accessed audios. Then, with a known
 * size, the new audio must fit under the cap; with no size given, usage must be below 90 % to
 * proceed. (At exactly 90 % we also evict, so "not below 90 %" never blocks without trying to make
 * room first.)
 */
export async function ensureSpace(options: EnsureSpaceOptions = {}): Promise<boolean> {
  const maxBytes = options.maxBytes ?? OFFLINE_CACHE_MAX_BYTES
  const limit = maxBytes * EVICTION_THRESHOLD
  let records = await listCachedAudios() // least-recently-accessed first
  let used = totalSizeOf(records) + (await keptSessionBytes())
  if (used >= limit) {
    const victims = records.slice(0, EVICTION_COUNT)
    await deleteCachedAudios(victims.map((r) => r.id))
    records = records.slice(victims.length)
    used = totalSizeOf(records) + (await keptSessionBytes())
  }
  if (options.requiredBytes !== undefined) return used + options.requiredBytes <= maxBytes
  return used < limit
}
