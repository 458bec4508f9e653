import { CONNECTIVITY_CHECK_TIMEOUT_MS, CONNECTIVITY_POLL_MS, HEALTH_PATH } from '@sintonia/contract'

/**
 * Connectivity monitor (docs/product/listening.md#connectivity).
 * Framework-free: every browser dependency (fetch, navigator, window events, document, timers)
 * can be injected, so the timing rules are testable with fake timers.
 */

export type ConnectivityState = 'online' | 'offline' | 'slow'

/** The connection status every consumer reads. */
export interface ConnectionStatus {
  isOnline: boolean
  status: ConnectivityState
  /** navigator.connection.effectiveType ('slow-2g' | '2g' | '3g' | '4g'), null when unknown. */
  effectiveType: string | null
  /** Estimated bandwidth in Mbit/s, null when unknown. */
  downlink: number | null
  /** Estimated round-trip time in ms, null when unknown. */
  rtt: number | null
}

/** Slow when the type is slow-2g or 2g, downlink below 0.5 Mbit/s or rtt above 2000 ms. */
export const SLOW_EFFECTIVE_TYPES: readonly string[] = ['slow-2g', '2g']
export const SLOW_DOWNLINK_MBPS = 0.5
export const SLOW_RTT_MS = 2_000

/** The subset of the Network Information API the monitor reads. */
export interface NetworkInformationLike {
  effectiveType?: string
  downlink?: number
  rtt?: number
  addEventListener?: (type: 'change', listener: () => void) => void
  removeEventListener?: (type: 'change', listener: () => void) => void
}

export interface NavigatorLike {
  onLine: boolean
  connection?: NetworkInformationLike | null
}

interface EventSource {
  addEventListener: (type: string, listener: () => void) => void
  removeEventListener: (type: string, listener: () => void) => void
}

export interface DocumentLike extends EventSource {
  visibilityState: DocumentVisibilityState | string
}

type TimerHandle = ReturnType<typeof setTimeout>

export interface MonitorTimers {
  setTimeout: (callback: () => void, ms: number) => TimerHandle
  clearTimeout: (handle: TimerHandle) => void
  setInterval: (callback: () => void, ms: number) => TimerHandle
  clearInterval: (handle: TimerHandle) => void
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface ConnectivityMonitorOptions {
  fetch?: FetchLike
  navigator?: NavigatorLike
  /** Where the 'online' / 'offline' events fire (window). */
  eventTarget?: EventSource
  /** Where 'visibilitychange' fires; its visibilityState gates the polling. */
  document?: DocumentLike
  timers?: MonitorTimers
  /** Defaults to API.health ('/api/health'). */
  healthUrl?: string
  /** Defaults to CONNECTIVITY_POLL_MS (30 s). */
  pollMs?: number
  /** Defaults to CONNECTIVITY_CHECK_TIMEOUT_MS (5 s). */
  timeoutMs?: number
}

export interface ConnectivityMonitor {
  /** Attaches the listeners, runs a first check and starts polling. Idempotent. */
  start: () => void
  /** Removes every listener and subscriber, clears the timers and aborts a running check. */
  stop: () => void
  /** Current status; the same object until something changes (safe for useSyncExternalStore). */
  getSnapshot: () => ConnectionStatus
  /** Called on every status change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void
  /** Runs the health check now; resolves true when the server answered below 500. */
  check: () => Promise<boolean>
  readonly running: boolean
}

/** The snapshot before anything is known (and for a server render). */
export const INITIAL_CONNECTION_STATUS: ConnectionStatus = Object.freeze({
  isOnline: true,
  status: 'online',
  effectiveType: null,
  downlink: null,
  rtt: null,
})

/** True when the reported network quality counts as slow. */
export function isSlowConnection(info: Pick<NetworkInformationLike, 'effectiveType' | 'downlink' | 'rtt'> | null | undefined): boolean {
  if (!info) return false
  if (info.effectiveType && SLOW_EFFECTIVE_TYPES.includes(info.effectiveType)) return true
  if (typeof info.downlink === 'number' && info.downlink < SLOW_DOWNLINK_MBPS) return true
  if (typeof info.rtt === 'number' && info.rtt > SLOW_RTT_MS) return true
  return false
}

const defaultTimers: MonitorTimers = {
  // Looked up at call time so fake timers installed after import still apply.
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle),
}

function sameStatus(a: ConnectionStatus, b: ConnectionStatus): boolean {
  return (
    a.isOnline === b.isOnline &&
    a.status === b.status &&
    a.effectiveType === b.effectiveType &&
    a.downlink === b.downlink &&
    a.rtt === b.rtt
  )
}

export function createConnectivityMonitor(options: ConnectivityMonitorOptions = {}): ConnectivityMonitor {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const nav: NavigatorLike | undefined = options.navigator ?? (typeof navigator !== 'undefined' ? (navigator as NavigatorLike) : undefined)
  const events: EventSource | undefined = options.eventTarget ?? (typeof window !== 'undefined' ? window : undefined)
  const doc: DocumentLike | undefined = options.document ?? (typeof document !== 'undefined' ? document : undefined)
  const timers = options.timers ?? defaultTimers
  const healthUrl = options.healthUrl ?? HEALTH_PATH
  const pollMs = options.pollMs ?? CONNECTIVITY_POLL_MS
  const timeoutMs = options.timeoutMs ?? CONNECTIVITY_CHECK_TIMEOUT_MS

  const subscribers = new Set<() => void>()
  let snapshot: ConnectionStatus = INITIAL_CONNECTION_STATUS
  /** Result of the last health check: null until one finished (then the browser's word counts). */
  let serverReachable: boolean | null = null
  let running = false
  let pollHandle: TimerHandle | null = null
  let inFlight: {
    id: number
    controller: AbortController
    timeout: TimerHandle
    settle: (ok: boolean) => void
    promise: Promise<boolean>
  } | null = null
  let checkSeq = 0

  const connection = (): NetworkInformationLike | null => nav?.connection ?? null
  const browserOnline = (): boolean => nav?.onLine ?? true
  const isHidden = (): boolean => doc?.visibilityState === 'hidden'

  function compute(): ConnectionStatus {
    const info = connection()
    const isOnline = browserOnline() && serverReachable !== false
    return {
      isOnline,
      status: !isOnline ? 'offline' : isSlowConnection(info) ? 'slow' : 'online',
      effectiveType: info?.effectiveType ?? null,
      downlink: typeof info?.downlink === 'number' ? info.downlink : null,
      rtt: typeof info?.rtt === 'number' ? info.rtt : null,
    }
  }

  function update(): void {
    const next = compute()
    if (sameStatus(next, snapshot)) return
    snapshot = next
    for (const listener of [...subscribers]) listener()
  }

  function cancelInFlight(): void {
    if (!inFlight) return
    const cancelled = inFlight
    inFlight = null
    timers.clearTimeout(cancelled.timeout)
    cancelled.controller.abort()
    cancelled.settle(false)
  }

  function check(): Promise<boolean> {
    if (!browserOnline()) {
      // No point asking the server: the browser already knows there is no network.
      cancelInFlight()
      update()
      return Promise.resolve(false)
    }
    if (inFlight) return inFlight.promise

    const id = ++checkSeq
    const controller = new AbortController()
    let settle: (ok: boolean) => void = () => {}
    const outcome = new Promise<boolean>((resolve) => {
      settle = resolve
    })
    const timeout = timers.setTimeout(() => {
      controller.abort()
      settle(false)
    }, timeoutMs)

    try {
      doFetch(healthUrl, { method: 'HEAD', cache: 'no-store', signal: controller.signal }).then(
        // 5xx (e.g. 503 when the database is down) counts as a failed check; 2xx-4xx means reachable.
        (response) => settle(response.status < 500),
        () => settle(false),
      )
    } catch {
      settle(false)
    }

    const promise = outcome.then((ok) => {
      const current = inFlight?.id === id
      if (current && inFlight) {
        timers.clearTimeout(inFlight.timeout)
        inFlight = null
      }
      // A check cancelled by stop() or by an 'offline' event must not overwrite newer state.
      if (current && running) {
        serverReachable = ok
        update()
      }
      return ok
    })
    inFlight = { id, controller, timeout, settle, promise }
    return promise
  }

  const onOnline = (): void => {
    update()
    void check()
  }
  const onOffline = (): void => {
    cancelInFlight()
    update()
  }
  const onConnectionChange = (): void => update()
  const onVisibilityChange = (): void => {
    if (!isHidden()) void check()
  }
  const onPoll = (): void => {
    // A hidden tab skips the poll; becoming visible triggers a check anyway.
    if (!isHidden()) void check()
  }

  function start(): void {
    if (running) return
    running = true
    events?.addEventListener('online', onOnline)
    events?.addEventListener('offline', onOffline)
    doc?.addEventListener('visibilitychange', onVisibilityChange)
    connection()?.addEventListener?.('change', onConnectionChange)
    pollHandle = timers.setInterval(onPoll, pollMs)
    update()
    void check()
  }

  function stop(): void {
    running = false
    events?.removeEventListener('online', onOnline)
    events?.removeEventListener('offline', onOffline)
    doc?.removeEventListener('visibilitychange', onVisibilityChange)
    connection()?.removeEventListener?.('change', onConnectionChange)
    if (pollHandle !== null) timers.clearInterval(pollHandle)
    pollHandle = null
    cancelInFlight()
    subscribers.clear()
  }

  return {
    start,
    stop,
    check,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      subscribers.add(listener)
      return () => {
        subscribers.delete(listener)
      }
    },
    get running() {
      return running
    },
  }
}
