import {
  ANALYTICS_EVENT_TYPE_PATTERN,
  ANALYTICS_LIMITS,
  ANALYTICS_PII_KEY_PATTERN,
  ANALYTICS_VISITOR_ID_PATTERN,
  API,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type AnalyticsEventData,
  type AnalyticsEventType,
} from '@sintonia/contract'

/** `track(eventType, eventData?)`: what features receive (as a prop) to report an event. */
export type TrackFn = (eventType: AnalyticsEventType, eventData?: AnalyticsEventData) => void

/** localStorage key of the per-browser analytics visitor id (random; never personal data). The key keeps its old name. */
export const ANALYTICS_VISITOR_STORAGE_KEY = 'sintonia:analytics-session'
/** A pending batch is sent this long after its first event (product rule: batches every 5 s). */
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000
/** Events kept while the API is unreachable; beyond this the oldest are dropped. */
export const ANALYTICS_MAX_QUEUE = 500

type BeaconFn = (url: string, data: Blob) => boolean

export interface AnalyticsClientOptions {
  endpoint?: string
  flushIntervalMs?: number
  /** Events per request; never above the server's ANALYTICS_LIMITS.eventsPerBatch. */
  maxBatch?: number
  maxQueue?: number
  /** Where the visitor id lives; null keeps it in memory only. Defaults to window.localStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null
  fetch?: typeof fetch
  sendBeacon?: BeaconFn | null
  now?: () => Date
  /** Listen to visibilitychange/pagehide on this document to flush with a beacon. */
  document?: Document | null
  window?: Window | null
}

export interface AnalyticsClient {
  track: TrackFn
  /** `track` for an event that happened earlier (queued before the client loaded). */
  trackAt: (eventType: AnalyticsEventType, eventData: AnalyticsEventData | undefined, occurredAt: Date) => void
  /** Send everything queued now. `beacon` uses navigator.sendBeacon (page going away). */
  flush: (options?: { beacon?: boolean }) => Promise<void>
  visitorId: () => string
  /** Events waiting to be sent (for tests and diagnostics). */
  pending: () => number
  /** Remove the page listeners and the timer; queued events are dropped. */
  dispose: () => void
}

/** 22 URL-safe random characters (132 bits); crypto.getRandomValues also works on plain http. */
export function createVisitorId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(22))
  let id = ''
  for (const byte of bytes) id += alphabet[byte & 63]
  return id
}

/**
 * The eventData that may leave the browser: keys that look like personal data
 * (ANALYTICS_PII_KEY_PATTERN — the server drops them too) are removed, only plain values are
 * kept, strings are cut to the server's limit and at most ANALYTICS_LIMITS.dataKeys keys remain.
 */
export function sanitizeEventData(data: unknown): AnalyticsEventData | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined
  const clean: AnalyticsEventData = {}
  let count = 0
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (count >= ANALYTICS_LIMITS.dataKeys) break
    if (!key || key.length > ANALYTICS_LIMITS.dataKeyLength || ANALYTICS_PII_KEY_PATTERN.test(key)) continue
    if (typeof value === 'string') clean[key] = value.slice(0, ANALYTICS_LIMITS.stringValueLength)
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) continue
      clean[key] = value
    } else if (typeof value === 'boolean' || value === null) clean[key] = value
    else continue
    count++
  }
  return count > 0 ? clean : undefined
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): the id lives in memory.
    return null
  }
}

function defaultBeacon(): BeaconFn | null {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return null
  return (url, data) => navigator.sendBeacon(url, data)
}

/**
 * A small analytics queue. `track` never throws and never waits: events are queued and sent in
 * batches of at most 50 — when 50 are waiting, 5 s after the first queued event, and with
 * navigator.sendBeacon when the page is hidden or unloaded. Every failure is swallowed: analytics
 * must never break a page.
 */
export function createAnalyticsClient(options: AnalyticsClientOptions = {}): AnalyticsClient {
  const endpoint = options.endpoint ?? API.insights.events
  const interval = options.flushIntervalMs ?? ANALYTICS_FLUSH_INTERVAL_MS
  const maxBatch = Math.max(1, Math.min(options.maxBatch ?? ANALYTICS_LIMITS.eventsPerBatch, ANALYTICS_LIMITS.eventsPerBatch))
  const maxQueue = Math.max(maxBatch, options.maxQueue ?? ANALYTICS_MAX_QUEUE)
  const storage = options.storage === undefined ? defaultStorage() : options.storage
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const beacon = options.sendBeacon === undefined ? defaultBeacon() : options.sendBeacon
  const now = options.now ?? (() => new Date())
  const doc = options.document === undefined ? (typeof document !== 'undefined' ? document : null) : options.document
  const win = options.window === undefined ? (typeof window !== 'undefined' ? window : null) : options.window

  const queue: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | null = null
  let visitor: string | null = null
  let listening = false

  const visitorId = (): string => {
    if (visitor) return visitor
    let id: string | null
    try {
      id = storage?.getItem(ANALYTICS_VISITOR_STORAGE_KEY) ?? null
    } catch {
      id = null
    }
    if (!id || !ANALYTICS_VISITOR_ID_PATTERN.test(id)) {
      id = createVisitorId()
      try {
        storage?.setItem(ANALYTICS_VISITOR_STORAGE_KEY, id)
      } catch {
        // Quota or privacy mode: keep the id for this page only.
      }
    }
    visitor = id
    return id
  }

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
  }

  const post = async (body: string): Promise<void> => {
    try {
      await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        credentials: 'same-origin',
        keepalive: true,
      })
    } catch {
      // Offline, blocked by an extension, rate limited…: the events are dropped.
    }
  }

  const flush = async ({ beacon: useBeacon = false }: { beacon?: boolean } = {}): Promise<void> => {
    clearTimer()
    const sends: Promise<void>[] = []
    while (queue.length > 0) {
      // `sessionId` is the batch's wire name for the visitor id (docs/decisions/022-one-word-per-meaning.md).
      const batch: AnalyticsBatch = { sessionId: visitorId(), events: queue.splice(0, maxBatch) }
      const body = JSON.stringify(batch)
      if (useBeacon && beacon) {
        let queued: boolean
        try {
          queued = beacon(endpoint, new Blob([body], { type: 'application/json' }))
        } catch {
          queued = false
        }
        if (queued) continue
      }
      sends.push(post(body))
    }
    await Promise.all(sends)
  }

  const onVisibilityChange = () => {
    if (doc?.visibilityState === 'hidden') void flush({ beacon: true })
  }
  const onPageHide = () => void flush({ beacon: true })

  const listen = () => {
    if (listening) return
    listening = true
    doc?.addEventListener('visibilitychange', onVisibilityChange)
    win?.addEventListener('pagehide', onPageHide)
  }

  const trackAt: AnalyticsClient['trackAt'] = (eventType, eventData, occurredAt) => {
    try {
      if (typeof eventType !== 'string' || !ANALYTICS_EVENT_TYPE_PATTERN.test(eventType)) return
      listen()
      const data = sanitizeEventData(eventData)
      queue.push({ eventType, ...(data ? { eventData: data } : {}), occurredAt: occurredAt.toISOString() })
      if (queue.length > maxQueue) queue.splice(0, queue.length - maxQueue)
      if (queue.length >= maxBatch) void flush()
      else if (timer === null) timer = setTimeout(() => void flush(), interval)
    } catch {
      // Never let analytics break the caller.
    }
  }

  const track: TrackFn = (eventType, eventData) => trackAt(eventType, eventData, now())

  const dispose = () => {
    clearTimer()
    queue.length = 0
    if (listening) {
      doc?.removeEventListener('visibilitychange', onVisibilityChange)
      win?.removeEventListener('pagehide', onPageHide)
      listening = false
    }
  }

  return { track, trackAt, flush, visitorId, pending: () => queue.length, dispose }
}
