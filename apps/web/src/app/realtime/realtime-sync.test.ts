import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { DOMAIN_EVENTS } from '@sintonia/contract'
import { RealtimeClient, type RealtimeMessage } from '../../features/realtime'
import { REALTIME_QUERY_KEYS, startRealtimeSync } from './realtime-sync'

/** A client whose messages the test pushes by hand; start/stop/restart are recorded. */
function fakeClient() {
  const client = new RealtimeClient({ url: 'ws://teste', createSocket: () => ({ readyState: 0, send() {}, close() {}, onopen: null, onclose: null, onerror: null, onmessage: null }) })
  const handlers: ((m: RealtimeMessage) => void)[] = []
  vi.spyOn(client, 'onMessage').mockImplementation((handler) => {
    handlers.push(handler)
    return () => handlers.splice(handlers.indexOf(handler), 1)
  })
  const restart = vi.spyOn(client, 'restart').mockImplementation(() => undefined)
  vi.spyOn(client, 'start').mockImplementation(() => undefined)
  vi.spyOn(client, 'stop').mockImplementation(() => undefined)
  return { client, restart, push: (m: RealtimeMessage) => handlers.forEach((h) => h(m)) }
}

function seed(queryClient: QueryClient, keys: QueryKey[]) {
  for (const key of keys) queryClient.setQueryData(key, { carregado: true })
}

const invalidated = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false

let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('realtime sync', () => {
  it('maps every domain event to at least one query key', () => {
    for (const name of DOMAIN_EVENTS) expect(REALTIME_QUERY_KEYS[name].length).toBeGreaterThan(0)
  })

  it('fields_changed refreshes the landing fields and the listener dashboard, not the landing content', () => {
    const queryClient = new QueryClient()
    const { client, push } = fakeClient()
    seed(queryClient, [['fields', 'public'], ['listener', 'fields'], ['catalogue', 'field', 'x'], ['landing'], ['playlists']])
    stop = startRealtimeSync(queryClient, client)
    push({ type: 'event', name: 'fields_changed' })
    expect(invalidated(queryClient, ['fields', 'public'])).toBe(true)
    expect(invalidated(queryClient, ['listener', 'fields'])).toBe(true)
    expect(invalidated(queryClient, ['catalogue', 'field', 'x'])).toBe(true)
    expect(invalidated(queryClient, ['landing'])).toBe(false)
    expect(invalidated(queryClient, ['playlists'])).toBe(false)
  })

  it('content and videos events reload the landing content (which carries the active video)', () => {
    for (const name of ['content_changed', 'videos_changed'] as const) {
      const queryClient = new QueryClient()
      const { client, push } = fakeClient()
      seed(queryClient, [['landing'], ['fields', 'public']])
      stop = startRealtimeSync(queryClient, client)
      push({ type: 'event', name })
      expect(invalidated(queryClient, ['landing'])).toBe(true)
      expect(invalidated(queryClient, ['fields', 'public'])).toBe(false)
      stop()
    }
  })

  it('resync (after a reconnection) refreshes everything the events cover', () => {
    const queryClient = new QueryClient()
    const { client, push } = fakeClient()
    const keys: QueryKey[] = [['landing'], ['fields', 'public'], ['plans', 'public'], ['listener', 'fields'], ['admin', 'fields']]
    seed(queryClient, keys)
    stop = startRealtimeSync(queryClient, client)
    push({ type: 'resync' })
    for (const key of keys) expect(invalidated(queryClient, key)).toBe(true)
  })

  it('opens a new socket when the signed-in person changes, not on the first sign-in answer', () => {
    const queryClient = new QueryClient()
    const { client, restart } = fakeClient()
    stop = startRealtimeSync(queryClient, client)
    queryClient.setQueryData(['signed-in'], null)
    expect(restart).not.toHaveBeenCalled()
    queryClient.setQueryData(['signed-in'], { id: 'admin-1', email: 'a@exemplo.com', displayName: 'a', role: 'admin' })
    expect(restart).toHaveBeenCalledTimes(1)
    queryClient.setQueryData(['signed-in'], { id: 'admin-1', email: 'a@exemplo.com', displayName: 'a', role: 'admin' })
    expect(restart).toHaveBeenCalledTimes(1)
    queryClient.setQueryData(['signed-in'], null)
    expect(restart).toHaveBeenCalledTimes(2)
  })
})
