import { getCachedAudio, touchCachedAudio } from './audio-cache-db'
import { OFFLINE_ERRORS } from './messages'

/**
 * Copy of the player's type (features/player/engine/offline-source.ts); features do not import
 * each other, and TypeScript's structural typing makes the two interchangeable.
 */
export type PlayableUrlResolver = (audio: { id: string; url: string }) => string | Promise<string>

export interface OfflineResolverOptions {
  isOnline?: () => boolean
  createObjectURL?: (blob: Blob) => string
  revokeObjectURL?: (url: string) => void
  now?: () => number
}

export interface OfflinePlayableUrlResolver extends PlayableUrlResolver {
  /** Revokes the object URL currently handed out (call when the player is destroyed). */
  dispose(): void
}

/**
 * Cached → object URL of the blob (lastAccessedAt touched); online and not cached → the network
 * URL; offline and not cached → throws 'Áudio não disponível offline e sem conexão'. Keeps one
 * live object URL: asking for the same audio again reuses it; a different audio revokes it.
 */
export function createOfflinePlayableUrlResolver(options: OfflineResolverOptions = {}): OfflinePlayableUrlResolver {
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  const createUrl = options.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob))
  const revokeUrl = options.revokeObjectURL ?? ((url: string) => URL.revokeObjectURL(url))
  const now = options.now ?? Date.now
  let current: { id: string; url: string } | null = null

  const release = () => {
    if (current) revokeUrl(current.url)
    current = null
  }

  const resolve = async (audio: { id: string; url: string }): Promise<string> => {
    if (current && current.id !== audio.id) release()
    let record
    try {
      record = await getCachedAudio(audio.id)
    } catch {
      record = undefined // IndexedDB unavailable (private mode…): behave as not cached
    }
    if (record) {
      void touchCachedAudio(audio.id, now()).catch(() => {})
      if (current && current.id === audio.id) return current.url
      release()
      current = { id: audio.id, url: createUrl(record.audioBlob) }
      return current.url
    }
    if (current && current.id === audio.id) release() // the copy was removed meanwhile
    if (!isOnline()) throw new Error(OFFLINE_ERRORS.notAvailableOffline)
    return audio.url
  }

  return Object.assign(resolve, { dispose: release })
}
