import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { sessionRequestKey, type SessionManifest, type SessionRequest } from '@sintonia/contract'

/**
 * Rendered sessions kept with the downloads (docs/product/sessions.md#offline): for each downloaded
 * audio, the session of the listener's settings when it was downloaded — the stream that plays on
 * with the screen locked — beside the raw voice copy of `DriveAudioCache`. Its own database, so
 * `DriveAudioCache` stays the product's v1 with its single `audios` store; it is emptied with it.
 */
export const SESSION_CACHE_DB_NAME = 'SintoniaSessionCache'
export const SESSION_CACHE_DB_VERSION = 1
const SESSIONS = 'sessions'

export interface KeptSession {
  audioId: string
  /** sessionRequestKey of the request it answers. */
  requestKey: string
  manifest: SessionManifest
  blob: Blob
  size: number
  downloadedAt: number
}

interface SessionCacheSchema extends DBSchema {
  sessions: { key: string; value: KeptSession }
}

let dbPromise: Promise<IDBPDatabase<SessionCacheSchema>> | null = null

function openSessionCacheDb(): Promise<IDBPDatabase<SessionCacheSchema>> {
  if (!dbPromise) {
    dbPromise = openDB<SessionCacheSchema>(SESSION_CACHE_DB_NAME, SESSION_CACHE_DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: 'audioId' })
      },
      blocking() {
        void closeSessionCacheDb()
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

export async function closeSessionCacheDb(): Promise<void> {
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

export async function keepSession(session: KeptSession): Promise<void> {
  await (await openSessionCacheDb()).put(SESSIONS, session)
}

export async function getKeptSession(audioId: string): Promise<KeptSession | undefined> {
  return (await openSessionCacheDb()).get(SESSIONS, audioId)
}

/** The kept session of this audio when it answers exactly this request. */
export async function keptSessionFor(request: SessionRequest): Promise<KeptSession | undefined> {
  const [only] = request.items
  if (!only || request.items.length !== 1) return undefined
  const kept = await getKeptSession(only.audioId)
  return kept && kept.requestKey === sessionRequestKey(request) ? kept : undefined
}

export async function deleteKeptSessions(audioIds: readonly string[]): Promise<void> {
  if (audioIds.length === 0) return
  const tx = (await openSessionCacheDb()).transaction(SESSIONS, 'readwrite')
  await Promise.all([...audioIds.map((id) => tx.store.delete(id)), tx.done])
}

export async function clearKeptSessions(): Promise<void> {
  await (await openSessionCacheDb()).clear(SESSIONS)
}

/** Bytes of the kept sessions (they count in the downloads' space). */
export async function keptSessionBytes(): Promise<number> {
  try {
    const all = await (await openSessionCacheDb()).getAll(SESSIONS)
    return all.reduce((sum, session) => sum + session.size, 0)
  } catch {
    return 0
  }
}
