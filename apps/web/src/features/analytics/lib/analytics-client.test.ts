import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_VISITOR_ID_PATTERN, API, type AnalyticsBatch } from '@sintonia/contract'
import {
  ANALYTICS_VISITOR_STORAGE_KEY,
  createAnalyticsClient,
  createVisitorId,
  sanitizeEventData,
  type AnalyticsClient,
  type AnalyticsClientOptions,
} from './analytics-client'

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  }
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsText(blob)
  })
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
}

let client: AnalyticsClient | null = null

function setup(options: AnalyticsClientOptions = {}) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 202 }))
  const beacon = vi.fn((_url: string, _data: Blob) => true)
  const storage = memoryStorage()
  client = createAnalyticsClient({ fetch: fetchMock as unknown as typeof fetch, sendBeacon: beacon, storage, ...options })
  const batches = () =>
    fetchMock.mock.calls.map(([url, init]) => {
      expect(url).toBe(API.insights.events)
      return JSON.parse(String(init?.body)) as AnalyticsBatch
    })
  return { client, fetchMock, beacon, storage, batches }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-22T12:00:00.000Z'))
})

afterEach(() => {
  client?.dispose()
  client = null
  setVisibility('visible')
  vi.useRealTimers()
})

describe('analytics client', () => {
  it('queues events and sends them as one batch 5 s later', async () => {
    const { client, fetchMock, batches } = setup()
    client.track('lead_capture')
    client.track('form_field_focus', { fieldTitle: 'email' })
    client.track('lead_submitted', { interestField: 'carreira' })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(client.pending()).toBe(3)

    await vi.advanceTimersByTimeAsync(4_999)
    expect(fetchMock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)

    const [batch] = batches()
    expect(batch!.sessionId).toMatch(ANALYTICS_VISITOR_ID_PATTERN)
    expect(batch!.events).toEqual([
      { eventType: 'lead_capture', occurredAt: '2026-11-22T12:00:00.000Z' },
      { eventType: 'form_field_focus', eventData: { fieldTitle: 'email' }, occurredAt: '2026-11-22T12:00:00.000Z' },
      { eventType: 'lead_submitted', eventData: { interestField: 'carreira' }, occurredAt: '2026-11-22T12:00:00.000Z' },
    ])
    const init = fetchMock.mock.calls[0]![1]!
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    expect(client.pending()).toBe(0)

    // Nothing queued: the timer does not send empty batches.
    await vi.advanceTimersByTimeAsync(20_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('never sends more than 50 events per request and sends at once when 50 are waiting', async () => {
    const { client, fetchMock, batches } = setup()
    for (let i = 0; i < 120; i++) client.track('page_view', { path: `/p/${i}` })
    // Two full batches left immediately; the remaining 20 wait for the timer.
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(client.pending()).toBe(20)

    await vi.advanceTimersByTimeAsync(5_000)
    const sent = batches()
    expect(sent.map((b) => b.events.length)).toEqual([50, 50, 20])
    expect(sent.flatMap((b) => b.events.map((e) => e.eventData?.path))).toEqual(
      Array.from({ length: 120 }, (_, i) => `/p/${i}`),
    )
    expect(new Set(sent.map((b) => b.sessionId)).size).toBe(1)
  })

  it('strips personal-data keys and unusable values before queueing', async () => {
    const { client, batches } = setup()
    client.track('lead_submitted', {
      email: 'maria@example.com',
      'e-mail': 'x',
      nome: 'Maria',
      userName: 'Maria',
      phone: '+5511987654321',
      whatsapp: '11987654321',
      cpf: '123',
      senha: 'segredo',
      fieldTitle: 'email',
      interestField: 'sono_relaxamento',
      hasPhone: true,
      optedIn: true,
      count: 2,
      nothing: null,
    })
    client.track('page_view', { path: 'x'.repeat(500), bad: Number.NaN, nested: { a: 1 } as unknown as string })
    await client.flush()
    const [batch] = batches()
    expect(batch!.events[0]!.eventData).toEqual({
      fieldTitle: 'email',
      interestField: 'sono_relaxamento',
      optedIn: true,
      count: 2,
      nothing: null,
    })
    expect(batch!.events[1]!.eventData).toEqual({ path: 'x'.repeat(200) })
    expect(JSON.stringify(batch)).not.toMatch(/maria|Maria|5511|segredo/)
  })

  it('sends with navigator.sendBeacon (a JSON Blob) when the page becomes hidden', async () => {
    const { client, fetchMock, beacon } = setup()
    client.track('conversion_page_view')
    client.track('social_share', { network: 'whatsapp' })

    setVisibility('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(beacon).not.toHaveBeenCalled()

    setVisibility('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(beacon).toHaveBeenCalledTimes(1)
    const [url, blob] = beacon.mock.calls[0]!
    expect(url).toBe(API.insights.events)
    expect(blob.type).toBe('application/json')
    expect(client.pending()).toBe(0)

    // The timer was cleared with the queue: nothing is sent twice.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetchMock).not.toHaveBeenCalled()

    vi.useRealTimers() // jsdom's FileReader runs on real timers
    const batch = JSON.parse(await readBlob(blob)) as AnalyticsBatch
    expect(batch.sessionId).toMatch(ANALYTICS_VISITOR_ID_PATTERN)
    expect(batch.events.map((e) => e.eventType)).toEqual(['conversion_page_view', 'social_share'])
    expect(batch.events[1]!.eventData).toEqual({ network: 'whatsapp' })
  })

  it('flushes with a beacon on pagehide and falls back to fetch when the beacon is refused', async () => {
    const { client, fetchMock, beacon } = setup()
    beacon.mockReturnValueOnce(false)
    client.track('page_view', { path: '/' })
    window.dispatchEvent(new Event('pagehide'))
    expect(beacon).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]![1]!.keepalive).toBe(true)
  })

  it('swallows every failure', async () => {
    const failingFetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'))
    const throwingBeacon = vi.fn(() => {
      throw new TypeError('Illegal invocation')
    })
    const { client } = setup({ fetch: failingFetch, sendBeacon: throwingBeacon })
    expect(() => client.track('page_view', { path: '/' })).not.toThrow()
    await expect(client.flush()).resolves.toBeUndefined()
    client.track('page_view', { path: '/' })
    setVisibility('hidden')
    expect(() => document.dispatchEvent(new Event('visibilitychange'))).not.toThrow()
    await vi.advanceTimersByTimeAsync(0)
    expect(failingFetch).toHaveBeenCalledTimes(2)
    // Invalid event names are ignored rather than sent for the server to refuse.
    client.track('Not Valid' as 'page_view')
    expect(client.pending()).toBe(0)
  })
})

describe('analytics visitor id', () => {
  it('is random, matches the server pattern and is kept in localStorage', () => {
    const storage = memoryStorage()
    const first = createAnalyticsClient({ storage, fetch: vi.fn(), sendBeacon: null, document: null, window: null })
    const id = first.visitorId()
    expect(id).toMatch(ANALYTICS_VISITOR_ID_PATTERN)
    expect(storage.map.get(ANALYTICS_VISITOR_STORAGE_KEY)).toBe(id)
    const second = createAnalyticsClient({ storage, fetch: vi.fn(), sendBeacon: null, document: null, window: null })
    expect(second.visitorId()).toBe(id)
    expect(createVisitorId()).not.toBe(createVisitorId())
  })

  it('replaces a malformed stored id and survives blocked storage', () => {
    const storage = memoryStorage({ [ANALYTICS_VISITOR_STORAGE_KEY]: 'bad id!' })
    const id = createAnalyticsClient({ storage, fetch: vi.fn(), document: null, window: null }).visitorId()
    expect(id).toMatch(ANALYTICS_VISITOR_ID_PATTERN)
    expect(storage.map.get(ANALYTICS_VISITOR_STORAGE_KEY)).toBe(id)

    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
    }
    const memoryOnly = createAnalyticsClient({ storage: blocked, fetch: vi.fn(), document: null, window: null })
    expect(memoryOnly.visitorId()).toMatch(ANALYTICS_VISITOR_ID_PATTERN)
    expect(memoryOnly.visitorId()).toBe(memoryOnly.visitorId())
  })
})

describe('sanitizeEventData', () => {
  it('keeps at most 20 plain keys and returns undefined when nothing is left', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]))
    expect(Object.keys(sanitizeEventData(many)!)).toHaveLength(20)
    expect(sanitizeEventData({ email: 'a@b.c' })).toBeUndefined()
    expect(sanitizeEventData(undefined)).toBeUndefined()
    expect(sanitizeEventData(['a'])).toBeUndefined()
  })
})
