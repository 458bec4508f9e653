import type { FetchLike } from '../validate-url'

export type FakeRoute =
  | { status: number; contentType?: string | null }
  | 'network-error'
  | 'hang'
  | 'throw-other'

/**
 * A fetch stand-in keyed by absolute URL (unknown URLs answer 404). 'hang' never answers but
 * honours the AbortSignal, the way a real fetch does.
 */
export function createFakeFetch(routes: Record<string, FakeRoute> = {}) {
  const calls: Array<{ url: string; method: string }> = []
  const fetch: FetchLike = (input, init) => {
    calls.push({ url: input, method: init?.method ?? 'GET' })
    const route = routes[input] ?? { status: 404 }
    if (route === 'network-error') return Promise.reject(new TypeError('Failed to fetch'))
    if (route === 'throw-other') return Promise.reject(new RangeError('algo inesperado'))
    if (route === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
      })
    }
    const headers = new Headers()
    if (route.contentType) headers.set('content-type', route.contentType)
    return Promise.resolve(new Response(null, { status: route.status, headers }))
  }
  return { fetch, calls, routes }
}
