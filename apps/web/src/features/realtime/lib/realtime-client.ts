import {
  REALTIME_CLOSE,
  REALTIME_MAX_RECONNECT_ATTEMPTS,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_PONG_TIMEOUT_MS,
  REALTIME_RECONNECT_BASE_MS,
  type RealtimeChannel,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@sintonia/contract'

/** The connection's states (docs/product/realtime-and-offline.md#connection-and-reconnect-policy). */
export type RealtimeState = 'disconnected' | 'connecting' | 'connected'

export interface RealtimeSnapshot {
  state: RealtimeState
  /** Reconnection attempts made since the last successful connection (0..5). */
  attempts: number
  /** True after the 5th failed attempt: nothing more happens until the tab is shown again or the network returns. */
  gaveUp: boolean
}

/** What the client hands to message handlers: the server's messages, plus `resync` after a reconnection. */
export type RealtimeMessage = RealtimeServerMessage

type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((event: Event) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
}

export interface RealtimeClientOptions {
  /** Full ws:// or wss:// address; by default /api/realtime on the page's own host. */
  url?: string
  createSocket?: (url: string) => WebSocketLike
  baseDelayMs?: number
  maxAttempts?: number
  pingIntervalMs?: number
  pongTimeoutMs?: number
  /** Where to watch `visibilitychange` and `online`; null in tests that drive them by hand. */
  document?: Document | null
  window?: Window | null
}

const OPEN = 1

export function defaultRealtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`
}

/**
 * One WebSocket to /api/realtime (docs/realtime.md) with the product's reconnection: after a close it
 * waits 1 s, 2 s, 4 s, 8 s, 16 s (base doubling, 5 attempts), then gives up; showing the tab again
 * or the network coming back starts over. Channel joins are remembered and sent again after every
 * reconnection, and handlers get a `resync` then, because events sent meanwhile were missed.
 */
export class RealtimeClient {
  private readonly options: Required<Pick<RealtimeClientOptions, 'baseDelayMs' | 'maxAttempts' | 'pingIntervalMs' | 'pongTimeoutMs'>>
  private readonly createSocket: (url: string) => WebSocketLike
  private readonly url: () => string
  private readonly doc: Document | null
  private readonly win: Window | null
  private socket: WebSocketLike | null = null
  private snapshot: RealtimeSnapshot = { state: 'disconnected', attempts: 0, gaveUp: false }
  private readonly stateListeners = new Set<() => void>()
  private readonly messageHandlers = new Set<(message: RealtimeMessage) => void>()
  private readonly joins = new Map<RealtimeChannel, number>()
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private pongTimer: ReturnType<typeof setTimeout> | null = null
  private started = false
  private connectedBefore = false
  private suspended = false

  constructor(options: RealtimeClientOptions = {}) {
    this.options = {
      baseDelayMs: options.baseDelayMs ?? REALTIME_RECONNECT_BASE_MS,
      maxAttempts: options.maxAttempts ?? REALTIME_MAX_RECONNECT_ATTEMPTS,
      pingIntervalMs: options.pingIntervalMs ?? REALTIME_PING_INTERVAL_MS,
      pongTimeoutMs: options.pongTimeoutMs ?? REALTIME_PONG_TIMEOUT_MS,
    }
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url))
    this.url = options.url ? () => options.url! : () => defaultRealtimeUrl()
    this.doc = options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document
    this.win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window
  }

  getSnapshot = (): RealtimeSnapshot => this.snapshot

  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  onMessage(handler: (message: RealtimeMessage) => void): () => void {
    this.messageHandlers.add(handler)
    return () => this.messageHandlers.delete(handler)
  }

  /** Opens the connection (idempotent) and starts watching visibility and the network. */
  start(): void {
    if (this.started) return
    this.started = true
    this.doc?.addEventListener('visibilitychange', this.onVisibilityChange)
    this.win?.addEventListener('online', this.onOnline)
    this.connect()
  }

  stop(): void {
    if (!this.started) return
    this.started = false
    this.doc?.removeEventListener('visibilitychange', this.onVisibilityChange)
    this.win?.removeEventListener('online', this.onOnline)
    this.clearTimers()
    this.dropSocket()
    this.setSnapshot({ state: 'disconnected', attempts: 0, gaveUp: false })
  }

  /** A new handshake now (the sign-in changed: the server reads the cookie only at the handshake). */
  restart(): void {
    if (!this.started) return
    this.suspended = false
    this.clearTimers()
    this.dropSocket()
    this.setSnapshot({ state: 'disconnected', attempts: 0, gaveUp: false })
    this.connect()
  }

  /** Joins a channel while at least one caller wants it; re-sent after reconnections. */
  join(channel: RealtimeChannel): () => void {
    const count = this.joins.get(channel) ?? 0
    this.joins.set(channel, count + 1)
    if (count === 0) this.send({ type: 'join', channel })
    let left = false
    return () => {
      if (left) return
      left = true
      const remaining = (this.joins.get(channel) ?? 1) - 1
      if (remaining > 0) {
        this.joins.set(channel, remaining)
        return
      }
      this.joins.delete(channel)
      this.send({ type: 'leave', channel })
    }
  }

  private readonly onVisibilityChange = () => {
    if (this.doc?.visibilityState === 'visible') this.wake()
  }

  private readonly onOnline = () => this.wake()

  /** The tab is visible again or the network is back: a connection that is down starts over. */
  private wake(): void {
    if (!this.started || this.snapshot.state !== 'disconnected') return
    this.suspended = false
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.setSnapshot({ state: 'disconnected', attempts: 0, gaveUp: false })
    this.connect()
  }

  private connect(): void {
    if (!this.started || this.suspended) return
    this.setSnapshot({ ...this.snapshot, state: 'connecting' })
    let socket: WebSocketLike
    try {
      socket = this.createSocket(this.url())
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onopen = () => {
      if (this.socket !== socket) return
      const reconnected = this.connectedBefore
      this.connectedBefore = true
      this.setSnapshot({ state: 'connected', attempts: 0, gaveUp: false })
      for (const channel of this.joins.keys()) this.send({ type: 'join', channel })
      this.startPing()
      if (reconnected) this.emit({ type: 'resync' })
    }
    socket.onmessage = (event) => {
      if (this.socket !== socket) return
      this.clearPongTimer()
      const message = parseServerMessage(event.data)
      if (message && message.type !== 'pong') this.emit(message)
    }
    socket.onclose = (event) => {
      if (this.socket !== socket) return
      this.lost(event.code)
    }
    // An error is always followed by close, which decides what happens next.
    socket.onerror = () => undefined
  }

  private lost(code: number): void {
    this.socket = null
    this.clearTimers()
    if (code === REALTIME_CLOSE.accountSuspended.code) {
      // A suspended account would be refused again: wait for the tab or network to come back.
      this.suspended = true
      this.setSnapshot({ state: 'disconnected', attempts: this.snapshot.attempts, gaveUp: true })
      return
    }
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    const { attempts } = this.snapshot
    if (attempts >= this.options.maxAttempts) {
      this.setSnapshot({ state: 'disconnected', attempts, gaveUp: true })
      return
    }
    const delay = this.options.baseDelayMs * 2 ** attempts
    this.setSnapshot({ state: 'disconnected', attempts: attempts + 1, gaveUp: false })
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.connect()
    }, delay)
  }

  private startPing(): void {
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping' })) return
      this.clearPongTimer()
      this.pongTimer = setTimeout(() => {
        // No answer: the connection is dead even if the browser has not noticed yet.
        this.dropSocket()
        this.lost(1006)
      }, this.options.pongTimeoutMs)
    }, this.options.pingIntervalMs)
  }

  private send(message: RealtimeClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false
    this.socket.send(JSON.stringify(message))
    return true
  }

  private emit(message: RealtimeMessage): void {
    for (const handler of [...this.messageHandlers]) handler(message)
  }

  private dropSocket(): void {
    const socket = this.socket
    this.socket = null
    if (!socket) return
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null
    try {
      socket.close(1000)
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  private clearPongTimer(): void {
    if (this.pongTimer) clearTimeout(this.pongTimer)
    this.pongTimer = null
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.retryTimer = null
    this.pingTimer = null
    this.clearPongTimer()
  }

  private setSnapshot(next: RealtimeSnapshot): void {
    const current = this.snapshot
    if (current.state === next.state && current.attempts === next.attempts && current.gaveUp === next.gaveUp) return
    this.snapshot = next
    for (const listener of [...this.stateListeners]) listener()
  }
}

/** Server frames are trusted only as far as their shape: anything else is ignored. */
export function parseServerMessage(data: unknown): RealtimeServerMessage | null {
  if (typeof data !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(data)
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') return null
    const message = parsed as RealtimeServerMessage
    if (message.type === 'presence' && !Array.isArray(message.admins)) return null
    return message
  } catch {
    return null
  }
}
