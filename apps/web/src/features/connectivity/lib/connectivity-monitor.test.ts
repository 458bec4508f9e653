import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API, CONNECTIVITY_CHECK_TIMEOUT_MS, CONNECTIVITY_POLL_MS } from '@sintonia/contract'
import {
  createConnectivityMonitor,
  INITIAL_CONNECTION_STATUS,
  isSlowConnection,
  type ConnectivityMonitor,
  type NetworkInformationLike,
} from './connectivity-monitor'

class FakeConnection extends EventTarget implements NetworkInformationLike {
  effectiveType?: string = '4g'
  downlink?: number = 10
  rtt?: number = 50
  set(values: Partial<Pick<FakeConnection, 'effectiveType' | 'downlink' | 'rtt'>>) {
    Object.assign(this, values)
    this.dispatchEvent(new Event('change'))
  }
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible'
  setVisibility(state: DocumentVisibilityState) {
    this.visibilityState = state
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

type Answer = number | 'network-error' | 'hang'

/** A fetch stub: each call takes the next answer (or the default); 'hang' waits for the abort. */
function createFakeFetch(defaultAnswer: Answer = 200) {
  const queue: Answer[] = []
  const calls: { url: string; init: RequestInit | undefined }[] = []
  const fetch = vi.fn((url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init })
    const answer = queue.shift() ?? defaultAnswer
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'))
    if (answer === 'hang') {
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
      })
    }
    return Promise.resolve(new Response(null, { status: answer }))
  })
  return {
    fetch,
    calls,
    next: (...answers: Answer[]) => queue.push(...answers),
    setDefault: (answer: Answer) => {
      defaultAnswer = answer
    },
  }
}

function setup(options: { onLine?: boolean; connection?: FakeConnection | null; answer?: Answer } = {}) {
  const net = createFakeFetch(options.answer ?? 200)
  const connection = options.connection === undefined ? new FakeConnection() : options.connection
  const nav = { onLine: options.onLine ?? true, connection }
  const win = new EventTarget()
  const doc = new FakeDocument()
  const monitor = createConnectivityMonitor({ fetch: net.fetch, navigator: nav, eventTarget: win, document: doc })
  const goOffline = () => {
    nav.onLine = false
    win.dispatchEvent(new Event('offline'))
  }
  const goOnline = () => {
    nav.onLine = true
    win.dispatchEvent(new Event('online'))
  }
  return { net, nav, connection, win, doc, monitor, goOffline, goOnline }
}

/** Lets the pending fetch promise chains settle without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0)

let active: ConnectivityMonitor | null = null

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  active?.stop()
  active = null
  vi.useRealTimers()
})

function started(options?: Parameters<typeof setup>[0]) {
  const ctx = setup(options)
  active = ctx.monitor
  ctx.monitor.start()
  return ctx
}

describe('isSlowConnection', () => {
  it.each([
    [{ effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: '3g' }, false],
    [{ effectiveType: '4g', downlink: 0.4 }, true],
    [{ effectiveType: '4g', downlink: 0.5 }, false],
    [{ effectiveType: '4g', rtt: 2001 }, true],
    [{ effectiveType: '4g', rtt: 2000 }, false],
    [{ effectiveType: '4g', downlink: 10, rtt: 50 }, false],
    [{}, false],
  ])('%o → %s', (info, slow) => {
    expect(isSlowConnection(info)).toBe(slow)
  })

  it('treats a missing Network Information API as not slow', () => {
    expect(isSlowConnection(null)).toBe(false)
    expect(isSlowConnection(undefined)).toBe(false)
  })
})

describe('createConnectivityMonitor', () => {
  it('starts from the optimistic snapshot and reads the connection details on start', async () => {
    const { monitor } = setup()
    active = monitor
    expect(monitor.getSnapshot()).toBe(INITIAL_CONNECTION_STATUS)
    monitor.start()
    await flush()
    expect(monitor.getSnapshot()).toEqual({ isOnline: true, status: 'online', effectiveType: '4g', downlink: 10, rtt: 50 })
  })

  it('works without the Network Information API', async () => {
    const { monitor } = started({ connection: null })
    await flush()
    expect(monitor.getSnapshot()).toEqual({ isOnline: true, status: 'online', effectiveType: null, downlink: null, rtt: null })
  })

  it.each([
    ['slow-2g type', { effectiveType: 'slow-2g' }],
    ['2g type', { effectiveType: '2g' }],
    ['downlink below 0.5', { downlink: 0.3 }],
    ['rtt above 2000 ms', { rtt: 2500 }],
  ])('reports slow on %s (connection change event)', async (_name, values) => {
    const { monitor, connection } = started()
    await flush()
    const listener = vi.fn()
    monitor.subscribe(listener)
    connection!.set(values)
    expect(monitor.getSnapshot().status).toBe('slow')
    expect(monitor.getSnapshot().isOnline).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
    connection!.set({ effectiveType: '4g', downlink: 10, rtt: 50 })
    expect(monitor.getSnapshot().status).toBe('online')
  })

  it('reports slow already at start', async () => {
    const connection = new FakeConnection()
    connection.effectiveType = '2g'
    const { monitor } = started({ connection })
    await flush()
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: true, status: 'slow', effectiveType: '2g' })
  })

  it('checks HEAD /api/health with no-store and a signal, once at start and every 30 s', async () => {
    const { net } = started()
    await flush()
    expect(net.fetch).toHaveBeenCalledTimes(1)
    expect(net.calls[0]!.url).toBe(API.health)
    expect(net.calls[0]!.init).toMatchObject({ method: 'HEAD', cache: 'no-store' })
    expect(net.calls[0]!.init?.signal).toBeInstanceOf(AbortSignal)

    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS - 1)
    expect(net.fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(net.fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS * 2)
    expect(net.fetch).toHaveBeenCalledTimes(4)
  })

  it('marks offline when the check times out after 5 s, even though the browser says online', async () => {
    const { monitor, net } = started({ answer: 'hang' })
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS - 1)
    expect(monitor.getSnapshot().status).toBe('online')
    await vi.advanceTimersByTimeAsync(1)
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: false, status: 'offline' })
    expect(net.calls[0]!.init?.signal?.aborted).toBe(true)
  })

  it('times out even when fetch ignores the abort signal', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}))
    const monitor = createConnectivityMonitor({
      fetch,
      navigator: { onLine: true },
      eventTarget: new EventTarget(),
      document: new FakeDocument(),
    })
    active = monitor
    const result = monitor.check()
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS)
    await expect(result).resolves.toBe(false)
  })

  it('marks offline when the server answers 503 (database down)', async () => {
    const { monitor } = started({ answer: 503 })
    await flush()
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: false, status: 'offline' })
  })

  it('marks offline on a network error', async () => {
    const { monitor } = started({ answer: 'network-error' })
    await flush()
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: false, status: 'offline' })
  })

  it('counts a 4xx answer as reachable', async () => {
    const { monitor } = started({ answer: 404 })
    await flush()
    expect(monitor.getSnapshot().status).toBe('online')
  })

  it('recovers to online at the next poll once the server answers again', async () => {
    const { monitor, net } = started({ answer: 503 })
    await flush()
    expect(monitor.getSnapshot().status).toBe('offline')
    const listener = vi.fn()
    monitor.subscribe(listener)
    net.setDefault(200)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS)
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: true, status: 'online' })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('recovers to slow (not online) when the network is slow', async () => {
    const connection = new FakeConnection()
    connection.rtt = 3000
    const { monitor, net } = started({ connection, answer: 'network-error' })
    await flush()
    expect(monitor.getSnapshot().status).toBe('offline')
    net.setDefault(200)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS)
    expect(monitor.getSnapshot().status).toBe('slow')
  })

  it('goes offline at once on the offline event and skips the fetch while offline', async () => {
    const { monitor, net, goOffline } = started()
    await flush()
    const listener = vi.fn()
    monitor.subscribe(listener)
    goOffline()
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: false, status: 'offline' })
    expect(listener).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS * 2)
    expect(net.fetch).toHaveBeenCalledTimes(1)
    expect(monitor.getSnapshot().status).toBe('offline')
  })

  it('starts offline when the browser is offline, without fetching', async () => {
    const { monitor, net } = started({ onLine: false })
    await flush()
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: false, status: 'offline' })
    expect(net.fetch).not.toHaveBeenCalled()
  })

  it('re-checks on the online event and comes back online', async () => {
    const { monitor, net, goOffline, goOnline } = started()
    await flush()
    goOffline()
    goOnline()
    expect(net.fetch).toHaveBeenCalledTimes(2)
    await flush()
    expect(monitor.getSnapshot()).toMatchObject({ isOnline: true, status: 'online' })
  })

  it('stays offline after the online event until a failed check passes', async () => {
    const { monitor, net, goOffline, goOnline } = started({ answer: 503 })
    await flush()
    goOffline()
    net.next('hang')
    goOnline()
    expect(monitor.getSnapshot().status).toBe('offline')
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS)
    expect(monitor.getSnapshot().status).toBe('offline')
    net.setDefault(200)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS)
    expect(monitor.getSnapshot().status).toBe('online')
  })

  it('ignores a check that was running when the offline event fired', async () => {
    const { monitor, net, goOffline } = started({ answer: 'hang' })
    expect(net.fetch).toHaveBeenCalledTimes(1)
    goOffline()
    expect(net.calls[0]!.init?.signal?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS)
    expect(monitor.getSnapshot().status).toBe('offline')
  })

  it('re-checks when the tab becomes visible and skips polls while hidden', async () => {
    const { monitor, net, doc } = started()
    await flush()
    expect(net.fetch).toHaveBeenCalledTimes(1)
    doc.setVisibility('hidden')
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS * 2)
    expect(net.fetch).toHaveBeenCalledTimes(1)
    net.next(503)
    doc.setVisibility('visible')
    expect(net.fetch).toHaveBeenCalledTimes(2)
    await flush()
    expect(monitor.getSnapshot().status).toBe('offline')
  })

  it('shares one running check between concurrent callers', async () => {
    const { monitor, net } = started({ answer: 'hang' })
    const a = monitor.check()
    const b = monitor.check()
    expect(a).toBe(b)
    expect(net.fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_CHECK_TIMEOUT_MS)
    await expect(a).resolves.toBe(false)
  })

  it('keeps the same snapshot object while nothing changes', async () => {
    const { monitor } = started()
    await flush()
    const first = monitor.getSnapshot()
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS * 3)
    expect(monitor.getSnapshot()).toBe(first)
  })

  it('start() is idempotent', async () => {
    const { monitor, net } = started()
    monitor.start()
    await flush()
    expect(net.fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS)
    expect(net.fetch).toHaveBeenCalledTimes(2)
  })

  it('unsubscribe stops notifications', async () => {
    const { monitor, goOffline } = started()
    await flush()
    const listener = vi.fn()
    const unsubscribe = monitor.subscribe(listener)
    unsubscribe()
    goOffline()
    expect(listener).not.toHaveBeenCalled()
  })

  it('stop() clears the poll, the timeout, the listeners and the subscribers', async () => {
    const { monitor, net, connection, doc, goOffline } = started({ answer: 'hang' })
    const listener = vi.fn()
    monitor.subscribe(listener)
    expect(vi.getTimerCount()).toBe(2) // poll interval + check timeout
    monitor.stop()
    expect(monitor.running).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
    expect(net.calls[0]!.init?.signal?.aborted).toBe(true)

    goOffline()
    connection!.set({ effectiveType: '2g' })
    doc.setVisibility('hidden')
    doc.setVisibility('visible')
    await vi.advanceTimersByTimeAsync(CONNECTIVITY_POLL_MS * 3)
    expect(net.fetch).toHaveBeenCalledTimes(1)
    expect(listener).not.toHaveBeenCalled()
    expect(monitor.getSnapshot().status).toBe('online')
  })

  it('can start again after stop()', async () => {
    const { monitor, net } = started()
    await flush()
    monitor.stop()
    monitor.start()
    await flush()
    expect(net.fetch).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(1)
  })
})
