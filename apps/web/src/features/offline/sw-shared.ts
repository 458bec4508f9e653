/**
 * Names shared by the service worker (src/sw.ts) and the page: the worker's public entry into
 * this feature, at the folder's root like app-shell.ts. Kept free of imports so the worker's
 * bundle stays small.
 */

/** Cache Storage cache of the API reads the worker keeps for offline starts. */
export const OFFLINE_API_CACHE = 'sintonia-api-v1'

/** The page posts `{ type: SKIP_WAITING_MESSAGE }` to a waiting worker when the listener updates. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING'

/**
 * API reads a signed-in listener needs to reopen the app without a network: who is signed in,
 * the subscription answer, the catalogue (fields, a field, its audios, one audio and its transcript), the
 * listener's playlists, today's practice (the dashboard's first card and /hoje), and the public
 * landing data. Personal ones (sign-in, subscription, playlists, today's practice) are deleted at
 * sign-out together with the downloaded audios. Audio files, writes, search and live counters are
 * never kept.
 */
const OFFLINE_API_PATHS: readonly RegExp[] = [
  /^\/api\/account\/me$/,
  /^\/api\/subscription\/check$/,
  /^\/api\/fields$/,
  /^\/api\/fields\/[^/]+$/,
  /^\/api\/fields\/[^/]+\/audios$/,
  /^\/api\/audios\/[^/]+$/,
  /^\/api\/audios\/[^/]+\/transcript$/,
  /^\/api\/playlists$/,
  /^\/api\/practice\/today$/,
  /^\/api\/landing$/,
  /^\/api\/public\/fields$/,
]

export function isOfflineApiPath(pathname: string): boolean {
  return OFFLINE_API_PATHS.some((pattern) => pattern.test(pathname))
}
