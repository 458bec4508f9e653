import { playlistListSchema, type Playlist } from '@sintonia/contract'
import { personalDataGeneration } from '../../../lib/personal-data-generation'

/** localStorage key of the playlist cache, one key (docs/product/listening.md#playlists-and-favourites). */
export const PLAYLISTS_KEY = 'playlists'
/** Local storage write debounce. */
export const STORAGE_WRITE_DEBOUNCE_MS = 100

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The cached playlists, or undefined when nothing (valid) is cached. */
export function readCachedPlaylists(): Playlist[] | undefined {
  try {
    const raw = storage()?.getItem(PLAYLISTS_KEY)
    if (!raw) return undefined
    const parsed = playlistListSchema.safeParse({ playlists: JSON.parse(raw) as unknown })
    return parsed.success ? parsed.data.playlists : undefined
  } catch {
    return undefined
  }
}

let timer: ReturnType<typeof setTimeout> | undefined
let pending: Playlist[] | undefined
let pendingGeneration = 0

/**
 * Writes the cache, debounced: only the last value within 100 ms is written — and only if the
 * person has not signed out meanwhile (lib/personal-data-generation.ts).
 */
export function writeCachedPlaylists(playlists: Playlist[]): void {
  pending = playlists
  pendingGeneration = personalDataGeneration()
  if (timer) clearTimeout(timer)
  timer = setTimeout(flushCachedPlaylists, STORAGE_WRITE_DEBOUNCE_MS)
}

export function flushCachedPlaylists(): void {
  if (timer) clearTimeout(timer)
  timer = undefined
  if (!pending) return
  if (pendingGeneration !== personalDataGeneration()) {
    pending = undefined
    return
  }
  try {
    storage()?.setItem(PLAYLISTS_KEY, JSON.stringify(pending))
  } catch {
    // Quota or blocked storage: the server copy is the source of truth.
  }
  pending = undefined
}
