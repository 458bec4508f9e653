import { OFFLINE_CACHE_MAX_BYTES } from '@sintonia/contract'
import { clearCachedAudios, deleteCachedAudio, listCachedAudios, totalSizeOf } from './audio-cache-db'
import { keptSessionBytes } from './session-cache'

/**
 * Cache statistics (docs/product/listening.md#downloads-downloads). Sizes in bytes; usedPercentage
 * = totalSize / cap × 100; availableSpace = what can still be downloaded: the room left under the
 * 500 MB cap, or the browser's remaining quota when that is smaller.
 */
export interface CacheStats {
  totalSize: number
  audioCount: number
  availableSpace: number
  usedPercentage: number
}

type StorageLike = Partial<Pick<StorageManager, 'estimate' | 'persist' | 'persisted'>>

export interface CacheStatsOptions {
  maxBytes?: number
  /** Defaults to `navigator.storage` (absent in jsdom and some browsers). */
  storage?: StorageLike | null
}

function defaultStorage(): StorageLike | null {
  return typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null
}

export async function getCacheStats(options: CacheStatsOptions = {}): Promise<CacheStats> {
  const maxBytes = options.maxBytes ?? OFFLINE_CACHE_MAX_BYTES
  const records = await listCachedAudios()
  // The sessions kept with the downloads count in the same space.
  const totalSize = totalSizeOf(records) + (await keptSessionBytes())
  let availableSpace = Math.max(0, maxBytes - totalSize)
  const storage = options.storage === undefined ? defaultStorage() : options.storage
  if (storage?.estimate) {
    try {
      const { quota, usage } = await storage.estimate()
      // The browser's own room can be smaller than what the cap still allows (a full device).
      if (typeof quota === 'number' && typeof usage === 'number') availableSpace = Math.min(availableSpace, Math.max(0, quota - usage))
    } catch {
      /* keep cap − total */
    }
  }
  return {
    totalSize,
    audioCount: records.length,
    availableSpace,
    usedPercentage: maxBytes > 0 ? (totalSize / maxBytes) * 100 : 0,
  }
}

export function removeCachedAudio(id: string): Promise<void> {
  return deleteCachedAudio(id)
}

export function clearCache(): Promise<void> {
  return clearCachedAudios()
}

let persistRequest: Promise<boolean> | null = null

/**
 * Asks the browser once per page load to keep the cache from being evicted under storage
 * pressure (`navigator.storage.persist()`). Resolves false when unsupported or refused.
 */
export function requestPersistentStorage(storage: StorageLike | null = defaultStorage()): Promise<boolean> {
  if (!persistRequest) {
    persistRequest = (async () => {
      if (!storage?.persist) return false
      try {
        if (storage.persisted && (await storage.persisted())) return true
        return await storage.persist()
      } catch {
        return false
      }
    })()
  }
  return persistRequest
}

/** Tests only: forget the remembered answer of requestPersistentStorage. */
export function resetPersistentStorageRequest(): void {
  persistRequest = null
}
