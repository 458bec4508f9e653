import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REALTIME_MAX_RECONNECT_ATTEMPTS, REALTIME_RECONNECT_BASE_MS } from '@sintonia/contract'
import { RealtimeClient, type RealtimeMessage } from './realtime-client'

/** Stands in for the browser's WebSocket: the test opens it, feeds messages and kills it like a server would. */
class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  closedByClient = false
  onopen: ((event: Event) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null

  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }

  send(data: string) {
    this.sent.push(JSON.parse(data))
  }

  close() {
    this.closedByClient = true
    this.readyState = 3
  }

  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }

  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }))
  }

  /** The server (or the network) ends the connection. */
  kill(code = 1006) {
    this.readyState = 3
    this.onerror?.(new Event('error'))
    this.onclose?.(new CloseEvent('close', { code }))
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!

function createClient(extra: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  return new RealtimeClient({ url: 'ws://teste/api/realtime', createSocket: (url) => new FakeSocket(url), ...extra })
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

let client: RealtimeClient
beforeEach(() => {
  vi.useFakeTimers()
  FakeSocket.all = []
})
afterEach(() => {
  client?.stop()
  vi.useRealTimers()
  setVisibility('visible')
})

describe('RealtimeClient', () => {
  it('goes disconnected → connecting → connected', () => {
    client = createClient()
    const states: string[] = []
    client.subscribe(() => states.push(client.getSnapshot().state))
    expect(client.getSnapshot().state).toBe('disconnected')
    client.start()
    expect(client.getSnapshot().state).toBe('connecting')
    expect(latest().url).toBe('ws://teste/api/realtime')
    latest().open()
    expect(client.getSnapshot()).toEqual({ state: 'connected', attempts: 0, gaveUp: false })
    expect(states).toEqual(['connecting', 'connected'])
  })

  it('reconnects after the server kills the socket with the product delays 1 s, 2 s, 4 s, 8 s, 16 s, then gives up', () => {
    expect(REALTIME_RECONNECT_BASE_MS).toBe(1_000)
    expect(REALTIME_MAX_RECONNECT_ATTEMPTS).toBe(5)
    client = createClient()
    client.start()
    latest().open()
    latest().kill()
    expect(client.getSnapshot().state).toBe('disconnected')

    const delays = [1_000, 2_000, 4_000, 8_000, 16_000]
    delays.forEach((delay, index) => {
      const before = FakeSocket.all.length
      vi.advanceTimersByTime(delay - 1)
      expect(FakeSocket.all.length, `tentativa ${index + 1} não pode sair antes de ${delay} ms`).toBe(before)
      vi.advanceTimersByTime(1)
      expect(FakeSocket.all.length, `tentativa ${index + 1} sai aos ${delay} ms`).toBe(before + 1)
      expect(client.getSnapshot()).toMatchObject({ state: 'connecting', attempts: index + 1 })
      // The server is still down: the handshake fails.
      latest().kill()
    })

    expect(client.getSnapshot()).toEqual({ state: 'disconnected', attempts: 5, gaveUp: true })
    vi.advanceTimersByTime(10 * 60_000)
    expect(FakeSocket.all).toHaveLength(1 + delays.length)
  })

  it('starts over after a successful reconnection: attempts reset, joins re-sent, handlers told to resync', () => {
    client = createClient()
    const received: RealtimeMessage[] = []
    client.onMessage((m) => received.push(m))
    client.join('admin-sync')
    client.start()
    latest().open()
    expect(latest().sent).toEqual([{ type: 'join', channel: 'admin-sync' }])
    latest().kill()
    vi.advanceTimersByTime(1_000)
    latest().kill()
    vi.advanceTimersByTime(2_000)
    latest().open()
    expect(client.getSnapshot()).toEqual({ state: 'connected', attempts: 0, gaveUp: false })
    expect(latest().sent).toEqual([{ type: 'join', channel: 'admin-sync' }])
    expect(received).toEqual([{ type: 'resync' }])
    // A new loss begins again at 1 s.
    latest().kill()
    const before = FakeSocket.all.length
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all.length).toBe(before + 1)
  })

  it('after giving up, starts again when the tab becomes visible', () => {
    client = createClient()
    client.start()
    latest().kill()
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      vi.advanceTimersByTime(delay)
      latest().kill()
    }
    expect(client.getSnapshot().gaveUp).toBe(true)
    const before = FakeSocket.all.length
    setVisibility('hidden')
    expect(FakeSocket.all.length).toBe(before)
    setVisibility('visible')
    expect(FakeSocket.all.length).toBe(before + 1)
    expect(client.getSnapshot()).toMatchObject({ state: 'connecting', attempts: 0, gaveUp: false })
    latest().open()
    expect(client.getSnapshot().state).toBe('connected')
  })

  it('after giving up, starts again when the browser comes back online', () => {
    client = createClient({ maxAttempts: 1 })
    client.start()
    latest().kill()
    vi.advanceTimersByTime(1_000)
    latest().kill()
    expect(client.getSnapshot().gaveUp).toBe(true)
    const before = FakeSocket.all.length
    window.dispatchEvent(new Event('online'))
    expect(FakeSocket.all.length).toBe(before + 1)
    // While connected, showing the tab or coming online again does nothing.
    latest().open()
    setVisibility('visible')
    window.dispatchEvent(new Event('online'))
    expect(FakeSocket.all.length).toBe(before + 1)
  })

  it('does not reconnect a suspended account (4403) until the tab is shown again', () => {
    client = createClient()
    client.start()
    latest().open()
    latest().kill(4403)
    vi.advanceTimersByTime(60_000)
    expect(FakeSocket.all).toHaveLength(1)
    expect(client.getSnapshot()).toMatchObject({ state: 'disconnected', gaveUp: true })
    setVisibility('visible')
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('reconnects a socket whose sign-in ended (4401): the next handshake is anonymous', () => {
    client = createClient()
    client.start()
    latest().open()
    latest().kill(4401)
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('pings while connected and treats a missing pong as a dead connection', () => {
    client = createClient({ pingIntervalMs: 25_000, pongTimeoutMs: 10_000 })
    client.start()
    const first = latest()
    first.open()
    vi.advanceTimersByTime(25_000)
    expect(first.sent).toContainEqual({ type: 'ping' })
    first.receive({ type: 'pong' })
    vi.advanceTimersByTime(10_000)
    expect(client.getSnapshot().state).toBe('connected')
    vi.advanceTimersByTime(15_000 + 10_000)
    expect(first.closedByClient).toBe(true)
    expect(client.getSnapshot()).toMatchObject({ state: 'disconnected', attempts: 1 })
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('hands events and presence to handlers and ignores malformed frames', () => {
    client = createClient()
    const received: RealtimeMessage[] = []
    client.onMessage((m) => received.push(m))
    client.start()
    latest().open()
    latest().receive({ type: 'event', name: 'fields_changed' })
    latest().receive('não é json')
    latest().receive({ sem: 'tipo' })
    latest().receive({ type: 'presence', admins: 'x' })
    latest().receive({ type: 'pong' })
    latest().receive({ type: 'presence', admins: [], self: 'eu' })
    expect(received).toEqual([
      { type: 'event', name: 'fields_changed' },
      { type: 'presence', admins: [], self: 'eu' },
    ])
  })

  it('joins once per channel while any caller holds it, and leaves when the last one lets go', () => {
    client = createClient()
    client.start()
    latest().open()
    const leaveA = client.join('admin-sync')
    const leaveB = client.join('admin-sync')
    leaveA()
    leaveA()
    expect(latest().sent).toEqual([{ type: 'join', channel: 'admin-sync' }])
    leaveB()
    expect(latest().sent).toEqual([
      { type: 'join', channel: 'admin-sync' },
      { type: 'leave', channel: 'admin-sync' },
    ])
  })

  it('restart() opens a new socket at once (sign-in or sign-out changed the cookie)', () => {
    client = createClient()
    client.start()
    const first = latest()
    first.open()
    client.restart()
    expect(first.closedByClient).toBe(true)
    expect(FakeSocket.all).toHaveLength(2)
    expect(client.getSnapshot().state).toBe('connecting')
  })
})
