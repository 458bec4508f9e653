/**
 * The rendered-session cache (docs/product/sessions.md#the-cache): streams live in media storage
 * under sessions/<key>.mp3 until the cache passes its size limit (SESSION_CACHE_MAX_MB), when the
 * least recently played go first, down to 90 % of the limit; a stream mixed from a file the
 * catalogue no longer has is removed at once. An evicted session is rendered again when asked.
 * Renders in progress count toward the limit; the sessions rendered ahead (./prerender.ts) are kept.
 */
import type { Database } from '../../db/client.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { MediaStorage } from '../../lib/storage/media-storage.js'
import { deleteForgottenRenders, deleteStaleRenders, listStoredRenders, markEvicted, markRendered } from './repository.js'
import { renderStorageKey } from './renderer.js'

/** Evictions bring the cache down to this share of its limit, so they do not run on every render. */
export const EVICT_DOWN_TO = 0.9
/** A session asked for and never heard is forgotten after this many days. */
export const FORGET_UNHEARD_AFTER_DAYS = 30

export interface CacheDeps {
  db: Database
  storage: MediaStorage
  log: ServiceLogger
  maxBytes: number
  /** Bytes of the renders in progress on this instance (their unfinished files). */
  bytesInProgress?: () => number
  /** Keys never evicted: the sessions rendered ahead. */
  pinned?: () => ReadonlySet<string>
}

/**
 * Which stored streams to evict, most recently used kept first (pure, for the table test):
 * `inProgress` bytes are on disk too; the `keep` keys stay whatever their age.
 */
export function evictionVictims(
  stored: ReadonlyArray<{ key: string; sizeBytes: number }>,
  maxBytes: number,
  keep: ReadonlySet<string>,
  inProgress = 0,
): string[] {
  const total = stored.reduce((sum, row) => sum + row.sizeBytes, 0) + inProgress
  if (total <= maxBytes) return []
  const target = maxBytes * EVICT_DOWN_TO
  let kept = inProgress + stored.filter((row) => keep.has(row.key)).reduce((sum, row) => sum + row.sizeBytes, 0)
  const victims: string[] = []
  for (const row of stored) {
    if (keep.has(row.key)) continue
    if (kept + row.sizeBytes <= target) kept += row.sizeBytes
    else victims.push(row.key)
  }
  return victims
}

/** A render reached storage: record it, then make room. */
export async function recordStored(deps: CacheDeps, key: string): Promise<void> {
  await markRendered(deps.db, key)
  await evict(deps, key)
}

export async function evict(deps: CacheDeps, keep: string | null = null): Promise<void> {
  const kept = new Set(deps.pinned?.() ?? [])
  if (keep) kept.add(keep)
  const victims = evictionVictims(await listStoredRenders(deps.db), deps.maxBytes, kept, deps.bytesInProgress?.() ?? 0)
  if (victims.length > 0) {
    // The rows first: a request that finds the row unrendered renders again rather than miss a file.
    await markEvicted(deps.db, victims)
    await Promise.all(victims.map((victim) => deps.storage.delete(renderStorageKey(victim))))
    deps.log.info({ evicted: victims.length }, 'sessões removidas do cache')
  }
  await deleteForgottenRenders(deps.db, FORGET_UNHEARD_AFTER_DAYS)
}

/** Drops every session mixed from a file that was replaced, deleted or switched off. */
export async function sweepStale(deps: CacheDeps): Promise<number> {
  const stale = await deleteStaleRenders(deps.db)
  await Promise.all(stale.filter((row) => row.stored).map((row) => deps.storage.delete(renderStorageKey(row.key))))
  if (stale.length > 0) deps.log.info({ removed: stale.length }, 'sessões de arquivos alterados removidas')
  return stale.length
}
