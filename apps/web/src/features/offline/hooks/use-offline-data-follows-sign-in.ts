import { useEffect, useRef } from 'react'

/** localStorage: the id of the person whose downloads this device keeps. */
export const OFFLINE_OWNER_KEY = 'offline:owner'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function clearOfflineDataLater(): void {
  // A browser without IndexedDB and Cache Storage has nothing to clear; skip loading the code.
  if (typeof indexedDB === 'undefined' && typeof caches === 'undefined') return
  void import('../lib/offline-data')
    .then(({ clearOfflineData }) => clearOfflineData())
    .catch(() => {
      // Storage blocked or already gone: nothing left to clear.
    })
}

/**
 * Keeps the device's offline data (downloaded audios, kept music, the API answers kept by the
 * service worker) with the person it belongs to:
 * - a sign-in that ends while the app is open (sign-out, account deleted, expired) clears it;
 * - a different person signing in on this device clears the previous person's data first.
 * `userId` is the signed-in person, null when nobody is, 'loading' while unknown. A sign-in that
 * merely cannot be read (offline) never clears anything.
 */
export function useOfflineDataFollowsSignIn(userId: string | null | 'loading'): void {
  const previous = useRef<string | null>(null)
  useEffect(() => {
    if (userId === 'loading') return
    const before = previous.current
    previous.current = userId
    const store = storage()
    if (userId) {
      let owner: string | null
      try {
        owner = store?.getItem(OFFLINE_OWNER_KEY) ?? null
      } catch {
        owner = null
      }
      if (owner && owner !== userId) clearOfflineDataLater()
      try {
        store?.setItem(OFFLINE_OWNER_KEY, userId)
      } catch {
        // blocked storage: the sign-out path still clears
      }
    } else if (before) {
      clearOfflineDataLater()
      try {
        store?.removeItem(OFFLINE_OWNER_KEY)
      } catch {
        // ignore
      }
    }
  }, [userId])
}
