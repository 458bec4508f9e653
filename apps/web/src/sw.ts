/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, strategy injectManifest; docs/offline.md).
 *
 * - Precaches the app shell of this build (index.html, every JS/CSS chunk, icons, the fallback
 *   background track) so the listener area opens with no network.
 * - Page navigations go to the network first — the server puts the landing's first-paint data
 *   into `/` — and fall back to the precached index.html when the network fails or hangs.
 * - A short list of API reads (sign-in, subscription, catalogue, playlists) is kept network-first
 *   in its own cache, so a signed-in listener can reopen the app offline. Audio files never pass
 *   through here: offline copies live in IndexedDB and play from object URLs.
 * - A new version waits until the page asks it to take over ('Atualizar' in the update toast).
 * - Push reminders: a push shows the practice reminder, a click on it opens today's session
 *   (features/reminders/sw-push.ts, docs/product/practice.md#reminders).
 */
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { OFFLINE_API_CACHE, SKIP_WAITING_MESSAGE, isOfflineApiPath } from './features/offline/sw-shared'
import { installReminderPush } from './features/reminders/sw-push'

/** `__WB_MANIFEST` is replaced at build time by the list of files of this build. */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

/** Same budget as the connectivity check: after 5 s without an answer the device counts as offline. */
const NETWORK_TIMEOUT_MS = 5_000

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting()
})

installReminderPush(self)

// The first install takes the open pages at once (nothing to be consistent with yet); later
// versions wait for skipWaiting, i.e. for the listener's 'Atualizar'.
clientsClaim()
cleanupOutdatedCaches()

async function networkWithTimeout(request: Request): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_MS)
  try {
    return await fetch(request, { signal: controller.signal })
  } finally {
    clearTimeout(timer)
  }
}

// Registered before the precache route so that `/` (which the precache would map to its copy of
// index.html) still gets the server's page with the landing data whenever the network answers.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const response = await networkWithTimeout(request)
        if (response.status < 500) return response
      } catch {
        // offline, or no answer in time: the shell below
      }
      return (await matchPrecache('/index.html')) ?? Response.error()
    },
    { denylist: [/^\/api(\/|$)/, /^\/sandbox(\/|$)/] },
  ),
)

precacheAndRoute(self.__WB_MANIFEST)

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isOfflineApiPath(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_MS / 1000,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 })],
  }),
)
