import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { clearKeptSessions, deleteKeptSessions } from './session-cache'

/** The offline audio record: local database DriveAudioCache, store audios, version 1. */
export const AUDIO_CACHE_DB_NAME = 'DriveAudioCache'
export const AUDIO_CACHE_DB_VERSION = 1
export const AUDIO_CACHE_STORE = 'audios'
export const LAST_ACCESSED_INDEX = 'lastAccessedAt'

export interface OfflineAudioMetadata {
  /** The catalogue's duration text (e.g. '12:30'). */
  duration: string
  /** Bytes of `audioBlob`. */
  size: number
  /** The network URL the copy was downloaded from. */
  url: string
  /**
   * False while the download's other parts (the session, the page's data) are still being kept: a
   * download cut off by a reload or a closed tab is not 'Disponível offline' and resumes from its
   * voice copy. Absent on copies kept before this flag, which were complete.
   */
  complete?: boolean
}

/** Exactly the product's record. Timestamps are epoch milliseconds. */
export interface OfflineAudioRecord {
  id: string
  title: string
  fieldId: string
  audioBlob: Blob
  metadata: OfflineAudioMetadata
  downloadedAt: number
  lastAccessedAt: number
}

interface AudioCacheSchema extends DBSchema {
  audios: {
    key: string
    value: OfflineAudioRecord
    indexes: { lastAccessedAt: number }
  }
}

type AudioCacheDb = IDBPDatabase<AudioCacheSchema>

let dbPromise: Promise<AudioCacheDb> | null = null

/** Opens (once) `DriveAudioCache` v1 and creates `audios` (keyPath 'id', index lastAccessedAt). */
export function openAudioCacheDb(): Promise<AudioCacheDb> {
  if (!dbPromise) {
    dbPromise = openDB<AudioCacheSchema>(AUDIO_CACHE_DB_NAME, AUDIO_CACHE_DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(AUDIO_CACHE_STORE)) {
          const store = db.createObjectStore(AUDIO_CACHE_STORE, { keyPath: 'id' })
          store.createIndex(LAST_ACCESSED_INDEX, 'lastAccessedAt')
        }
      },
      // Another tab upgrading (or deleting) the database: let go, the next call reopens.
      blocking() {
        void closeAudioCacheDb()
      },
      terminated() {
        dbPromise = null
      },
    })
    dbPromise.catch(() => {
      dbPromise = null
    })
  }
  return dbPromise
}

/** Closes the shared connection (tests, or before deleting the database). */
export async function closeAudioCacheDb(): Promise<void> {
  const pending = dbPromise
  dbPromise = null
  if (pending) {
    try {
      ;(await pending).close()
    } catch {
      /* never opened */
    }
  }
}

// ── change notifications (hooks re-read stats when the cache changes) ──────────────────────
const changeListeners = new Set<() => void>()

export function subscribeCacheChanges(listener: () => void): () => void {
  changeListeners.add(listener)
  return () => {
    changeListeners.delete(listener)
  }
}

function notifyCacheChanged(): void {
  for (const listener of [...changeListeners]) listener()
}

// ── CRUD ────────────────────────────────────────────────────────────────────────────────────
export async function getCachedAudio(id: string): Promise<OfflineAudioRecord | undefined> {
  return (await openAudioCacheDb()).get(AUDIO_CACHE_STORE, id)
}

/** Whether a copy of the audio is on the device, every part of its download kept (`isComplete`). */
export async function hasCachedAudio(id: string): Promise<boolean> {
  const record = await getCachedAudio(id)
  return record !== undefined && isComplete(record)
}

/** A copy whose download finished (older copies have no flag and were complete). */
export function isComplete(record: Pick<OfflineAudioRecord, 'metadata'>): boolean {
  return record.metadata.complete !== false
}

/** The download's last part is kept: the copy is complete. */
export async function markCachedAudioComplete(id: string): Promise<void> {
  const tx = (await openAudioCacheDb()).transaction(AUDIO_CACHE_STORE, 'readwrite')
  const record = await tx.store.get(id)
  if (record) await tx.store.put({ ...record, metadata: { ...record.metadata, complete: true } })
  await tx.done
  notifyCacheChanged()
}

export async function putCachedAudio(record: OfflineAudioRecord): Promise<void> {
  await (await openAudioCacheDb()).put(AUDIO_CACHE_STORE, record)
  notifyCacheChanged()
}

export async function deleteCachedAudio(id: string): Promise<void> {
  await (await openAudioCacheDb()).delete(AUDIO_CACHE_STORE, id)
  // Its kept session goes with it.
  await deleteKeptSessions([id]).catch(() => undefined)
  notifyCacheChanged()
}

/** Deletes several records in one transaction. */
export async function deleteCachedAudios(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  const tx = (await openAudioCacheDb()).transaction(AUDIO_CACHE_STORE, 'readwrite')
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done])
  await deleteKeptSessions(ids).catch(() => undefined)
  notifyCacheChanged()
}

/** Every record, least-recently-accessed first. */
export async function listCachedAudios(): Promise<OfflineAudioRecord[]> {
  return (await openAudioCacheDb()).getAllFromIndex(AUDIO_CACHE_STORE, LAST_ACCESSED_INDEX)
}

export async function clearCachedAudios(): Promise<void> {
  await (await openAudioCacheDb()).clear(AUDIO_CACHE_STORE)
  await clearKeptSessions().catch(() => undefined)
  notifyCacheChanged()
}

/** Sets `lastAccessedAt` (default: now). Returns false when the audio is not cached. */
export async function touchCachedAudio(id: string, now: number = Date.now()): Promise<boolean> {
  const tx = (await openAudioCacheDb()).transaction(AUDIO_CACHE_STORE, 'readwrite')
  const record = await tx.store.get(id)
  if (record) await tx.store.put({ ...record, lastAccessedAt: now })
  await tx.done
  return record !== undefined
}

/** Bytes used by the copies (sum of `metadata.size`). */
export function totalSizeOf(records: readonly OfflineAudioRecord[]): number {
  return records.reduce((sum, r) => sum + (Number.isFinite(r.metadata.size) ? r.metadata.size : r.audioBlob.size), 0)
}
