import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { ENDPOINTS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/**
 * Background music kept for offline listening. Its own database, so `DriveAudioCache` stays
 * exactly the product's v1 with its single `audios` store. The active tracks are copied with the
 * first download of a page load; the player's music loader is wrapped so it uses the copies
 * (always when offline, and online too when a copy of the same file exists).
 */
export const MUSIC_CACHE_DB_NAME = 'SintoniaMusicCache'
export const MUSIC_CACHE_DB_VERSION = 1
const TRACKS = 'tracks'
const SETTINGS = 'settings'
const SETTINGS_KEY = 'current'

/** Same shape as the player's BackgroundMusicTrack / BackgroundMusicConfig (features stay apart). */
export interface MusicTrack {
  id: string
  title: string
  url: string
  volume?: number
}
export interface MusicConfig {
  tracks: MusicTrack[]
  volumePercentage?: number | null
}
export type MusicLoader = () => Promise<MusicConfig>

export interface StoredMusicTrack {
  id: string
  title: string
  /** The network URL the copy came from (a changed file gets a new copy). */
  url: string
  volume?: number
  blob: Blob
  cachedAt: number
}

interface StoredSettings {
  volumePercentage: number | null
  /** Active track ids in the server's order. */
  trackIds: string[]
}

interface MusicCacheSchema extends DBSchema {
  tracks: { key: string; value: StoredMusicTrack }
  settings: { key: string; value: StoredSettings }
}

let dbPromise: Promise<IDBPDatabase<MusicCacheSchema>> | null = null

function openMusicDb(): Promise<IDBPDatabase<MusicCacheSchema>> {
  if (!dbPromise) {
    dbPromise = openDB<MusicCacheSchema>(MUSIC_CACHE_DB_NAME, MUSIC_CACHE_DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(TRACKS)) db.createObjectStore(TRACKS, { keyPath: 'id' })
        if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS)
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

/** GET /api/background-music (subscribers only). */
export async function fetchActiveMusic(): Promise<MusicConfig> {
  const body = await api(ENDPOINTS.catalogue.backgroundMusic)
  return {
    tracks: body.tracks.map((track) => ({ id: track.id, title: track.title, url: track.url })),
    volumePercentage: body.volumePercentage,
  }
}

export interface KeepMusicOptions {
  load?: MusicLoader
  fetch?: typeof fetch
  now?: () => number
}

/**
 * Copies the active tracks (and the volume setting) into the music cache: new or changed files
 * are downloaded, tracks no longer active are dropped. Resolves false when anything failed (the
 * copies made so far stay); never rejects.
 */
export async function keepBackgroundMusic(options: KeepMusicOptions = {}): Promise<boolean> {
  const load = options.load ?? fetchActiveMusic
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const now = options.now ?? Date.now
  try {
    const config = await load()
    const db = await openMusicDb()
    const stored = new Map((await db.getAll(TRACKS)).map((t) => [t.id, t]))
    let complete = true
    for (const track of config.tracks) {
      const existing = stored.get(track.id)
      if (existing && existing.url === track.url) {
        if (existing.title !== track.title) await db.put(TRACKS, { ...existing, title: track.title })
        continue
      }
      try {
        // Our cookie goes to our API only; the signed address it redirects to gets none (ADR 021).
        const response = await doFetch(track.url, { credentials: 'same-origin' })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const blob = await response.blob()
        await db.put(TRACKS, {
          id: track.id,
          title: track.title,
          url: track.url,
          ...(track.volume !== undefined ? { volume: track.volume } : {}),
          blob,
          cachedAt: now(),
        })
      } catch {
        complete = false
      }
    }
    const active = new Set(config.tracks.map((t) => t.id))
    for (const id of stored.keys()) if (!active.has(id)) await db.delete(TRACKS, id)
    await db.put(SETTINGS, { volumePercentage: config.volumePercentage ?? null, trackIds: [...active] }, SETTINGS_KEY)
    return complete
  } catch {
    return false
  }
}

/** The kept tracks in the server's order, with the kept volume; null when nothing was kept. */
export async function readKeptMusic(): Promise<{ tracks: StoredMusicTrack[]; volumePercentage: number | null } | null> {
  const db = await openMusicDb()
  const settings = await db.get(SETTINGS, SETTINGS_KEY)
  if (!settings) return null
  const tracks: StoredMusicTrack[] = []
  for (const id of settings.trackIds) {
    const track = await db.get(TRACKS, id)
    if (track) tracks.push(track)
  }
  return { tracks, volumePercentage: settings.volumePercentage }
}

export async function clearKeptMusic(): Promise<void> {
  const db = await openMusicDb()
  const tx = db.transaction([TRACKS, SETTINGS], 'readwrite')
  await Promise.all([tx.objectStore(TRACKS).clear(), tx.objectStore(SETTINGS).clear(), tx.done])
}

export interface OfflineMusicLoaderOptions {
  isOnline?: () => boolean
  createObjectURL?: (blob: Blob) => string
  revokeObjectURL?: (url: string) => void
}

export interface OfflineMusicLoader extends MusicLoader {
  /** Revokes the object URLs handed out (call when the player is destroyed). */
  dispose(): void
}

/**
 * Wraps the player's music loader. Online: the server's active list, each track that has a copy
 * of the same file played from the copy. Offline (or when the server cannot answer): the kept
 * list. Nothing kept and no network → rejects, and the engine falls back to its local track.
 */
export function withOfflineMusic(load: MusicLoader, options: OfflineMusicLoaderOptions = {}): OfflineMusicLoader {
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  const createUrl = options.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob))
  const revokeUrl = options.revokeObjectURL ?? ((url: string) => URL.revokeObjectURL(url))
  const handedOut: string[] = []
  const toUrl = (blob: Blob) => {
    const url = createUrl(blob)
    handedOut.push(url)
    return url
  }
  const dispose = () => {
    for (const url of handedOut.splice(0)) revokeUrl(url)
  }

  const loader = async (): Promise<MusicConfig> => {
    let kept: Awaited<ReturnType<typeof readKeptMusic>>
    try {
      kept = await readKeptMusic()
    } catch {
      kept = null // IndexedDB unavailable: network only
    }
    let live: MusicConfig | null = null
    let failure: unknown = null
    if (isOnline()) {
      try {
        live = await load()
      } catch (error) {
        failure = error
      }
    }
    dispose() // a reload of the list replaces the previous URLs
    if (live) {
      const byId = new Map((kept?.tracks ?? []).map((t) => [t.id, t]))
      return {
        ...live,
        tracks: live.tracks.map((track) => {
          const copy = byId.get(track.id)
          return copy && copy.url === track.url ? { ...track, url: toUrl(copy.blob) } : track
        }),
      }
    }
    if (kept && kept.tracks.length > 0) {
      return {
        volumePercentage: kept.volumePercentage,
        tracks: kept.tracks.map((t) => ({ id: t.id, title: t.title, url: toUrl(t.blob), ...(t.volume !== undefined ? { volume: t.volume } : {}) })),
      }
    }
    throw failure instanceof Error ? failure : new Error('Música de fundo indisponível sem conexão')
  }
  return Object.assign(loader, { dispose })
}
