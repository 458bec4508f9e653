import { personalDataGeneration } from '../../../lib/personal-data-generation'
import { isOfflineApiPath, OFFLINE_API_CACHE } from '../sw-shared'

/**
 * The answers the app needs to open with no network (the fields, a field and its audios, an
 * audio, the sign-in…) live in the cache the service worker reads when the network fails
 * (`sintonia-api-v1`, docs/product/realtime-and-offline.md#what-is-kept-on-the-device). The
 * worker keeps what passes through it; what it did not see — read before it took control of the
 * page, as on the very first visit — the page keeps itself, here. Small, light module: the app
 * shell loads it on every page.
 */

export interface KeepOptions {
  /** Defaults to the page's Cache Storage (absent in jsdom and insecure contexts). */
  caches?: CacheStorage | null
  /** Whether a service worker controls the page (it keeps the answer itself). Defaults to the page's. */
  controlled?: boolean
}

function pageCaches(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches
}

function pageControlled(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)
}

function pathnameOf(path: string): string {
  return new URL(path, 'http://local').pathname
}

async function put(path: string, response: Response, options: KeepOptions): Promise<boolean> {
  const storage = options.caches === undefined ? pageCaches() : options.caches
  const controlled = options.controlled ?? pageControlled()
  if (!storage || controlled || !isOfflineApiPath(pathnameOf(path))) return false
  // A sign-out while this was on its way: the previous person's answer must not come back.
  const generation = personalDataGeneration()
  const cache = await storage.open(OFFLINE_API_CACHE)
  if (generation !== personalDataGeneration()) return false
  await cache.put(path, response)
  return true
}

/** Keeps one JSON answer the page read through the API client (`observeAnswers`). Never rejects. */
export function keepAnswerForOffline(path: string, body: unknown, options: KeepOptions = {}): Promise<boolean> {
  const response = new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() },
  })
  return put(path, response, options).catch(() => false)
}

/** Keeps an answer read with `fetch` (a copy; the caller may still read `response`). Never rejects. */
export function keepResponseForOffline(path: string, response: Response, options: KeepOptions = {}): Promise<boolean> {
  if (!response.ok) return Promise.resolve(false)
  return put(path, response.clone(), options).catch(() => false)
}
