import type { QueryKey } from '@tanstack/react-query'
import { LISTENING_PENDING_KEY, PLAYLISTS_PENDING_KEY } from '../../../lib/pending-storage-keys'
import { startNewPersonalDataGeneration } from '../../../lib/personal-data-generation'
import { safeLocalStorage } from '../../../lib/safe-local-storage'
import { SUBSCRIPTION_CACHE_KEY } from '../../../lib/subscription-checker'

/** localStorage keys holding one person's data (docs/product/realtime-and-offline.md#what-is-kept-on-the-device). */
export const LAST_ROUTE_KEY = 'dm:lastRoute'

/** Removed at sign-out and account deletion, so the next person on this device starts clean. */
export const PERSONAL_LOCAL_KEYS = [
  SUBSCRIPTION_CACHE_KEY,
  'justSubscribed',
  'playlists',
  // Playlist edits waiting for the network: replaying them after a sign-out would write into
  // the next person's account on this device.
  PLAYLISTS_PENDING_KEY,
  // Listening records not yet sent: they belong to the person who listened.
  LISTENING_PENDING_KEY,
  LAST_ROUTE_KEY,
] as const

/**
 * Device preferences (audio settings, dismissed install help) are not personal and stay, and so
 * does the list of accounts that closed the welcome banner (only their ids), so that closing it is
 * remembered after a sign-out.
 */
export function clearPersonalLocalData(storage: Storage | null = safeLocalStorage()): void {
  startNewPersonalDataGeneration()
  if (!storage) return
  for (const key of PERSONAL_LOCAL_KEYS) {
    try {
      storage.removeItem(key)
    } catch {
      // Storage may be blocked (private mode, quota); nothing else to do.
    }
  }
}

/**
 * Query roots that hold public data (the same for every visitor) and survive a sign-out. Every
 * other cached query is private and is dropped when the sign-in ends.
 */
const PUBLIC_QUERY_ROOTS = new Set(['landing', 'demo', 'plans', 'legal'])

export function isPublicQueryKey(key: QueryKey): boolean {
  const [root, second] = key
  if (typeof root !== 'string') return false
  if (PUBLIC_QUERY_ROOTS.has(root)) return true
  // ['fields', 'public'] is the landing's public field list; other 'fields' keys are the catalogue.
  return root === 'fields' && second === 'public'
}
