import { ACCOUNTS_PATHS, CATALOGUE_PATHS, COMMERCE_PATHS } from '@sintonia/contract'
import { clearCachedAudios } from './audio-cache-db'
import { downloadStore, type DownloadRequest } from './audio-downloader'
import { requestPersistentStorage } from './cache-stats'
import { keepResponseForOffline, type KeepOptions } from './keep-answers'
import { clearKeptMusic, keepBackgroundMusic, type KeepMusicOptions } from './music-cache'
import { OFFLINE_API_CACHE } from '../sw-shared'

let musicKept: Promise<boolean> | null = null

export interface PrepareOfflineOptions extends KeepMusicOptions {
  /** Defaults to `navigator.storage`. */
  persist?: () => Promise<boolean>
  fetch?: typeof fetch
  /** Where the answers are kept when no service worker sees them (tests). */
  keep?: KeepOptions
  /** 0..1 of the parts kept (the download bar's last part). */
  onProgress?: (fraction: number) => void
}

/**
 * What a download also keeps, as its last part (the card reads 'Disponível offline' after it), so
 * the audio can be heard with no network at all:
 * - the browser is asked (once per page load) to keep this site's storage
 *   (`navigator.storage.persist()`);
 * - the active background-music tracks are copied, with the first download of the page load;
 * - the catalogue the audio is reached through — the field list, its field and the field's
 *   audios, the audio itself and its transcript (`{ transcript: null }` when it has none) — with the sign-in and the subscription answer, so the dashboard,
 *   the field page and the player open offline. They are read once and kept in the offline
 *   answers' cache: by the service worker when it sees them, else by the page
 *   (`keep-answers.ts`; the worker may not control the page yet, and the subscription answer is
 *   otherwise often served from its 5-minute local cache and never reaches the worker).
 * Never rejects: each part is best-effort, and the audio itself is already kept.
 */
export async function prepareOfflineListening(request: DownloadRequest, options: PrepareOfflineOptions = {}): Promise<void> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const persist = options.persist ?? (() => requestPersistentStorage())
  if (!musicKept) {
    musicKept = keepBackgroundMusic(options).then((ok) => {
      if (!ok) musicKept = null // try again with the next download
      return ok
    })
  }
  const read = async (path: string) => {
    const response = await doFetch(path, { credentials: 'include', headers: { accept: 'application/json' } })
    await keepResponseForOffline(path, response, options.keep)
  }
  // Not waited for: Firefox asks the person, and the download's bar would wait for the answer.
  void persist().catch(() => false)
  const parts = [
    musicKept,
    read(CATALOGUE_PATHS.audio(request.id)),
    read(CATALOGUE_PATHS.audioTranscript(request.id)),
    read(CATALOGUE_PATHS.fields),
    read(CATALOGUE_PATHS.field(request.fieldId)),
    read(CATALOGUE_PATHS.fieldAudios(request.fieldId)),
    // What the guards ask on start: who is signed in and whether the subscription is active.
    read(ACCOUNTS_PATHS.me),
    read(COMMERCE_PATHS.subscription.check),
  ]
  let kept = 0
  const counted = parts.map((part) => part.finally(() => options.onProgress?.(++kept / parts.length)))
  await Promise.allSettled(counted)
}

/** The Cache Storage API, where the page can reach it (absent in jsdom and insecure contexts). */
function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches
}

/**
 * Forgets everything this device keeps for one listener (sign-out, account deletion, another
 * person signing in): the downloaded audios (`DriveAudioCache`/`audios` emptied), the kept
 * background music, and the API answers the service worker kept for offline starts. Each part is
 * attempted even if another fails; rejects with the first failure.
 */
export async function clearOfflineData(options: { caches?: CacheStorage | null } = {}): Promise<void> {
  const storage = options.caches === undefined ? cacheStorage() : options.caches
  musicKept = null
  const results = await Promise.allSettled([
    clearCachedAudios(),
    clearKeptMusic(),
    storage ? storage.delete(OFFLINE_API_CACHE) : Promise.resolve(true),
  ])
  downloadStore.clear()
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
}

/** Tests only: forget that the music was kept in this page load. */
export function resetPrepareOfflineForTests(): void {
  musicKept = null
}
