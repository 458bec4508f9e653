import type { SessionManifest, SessionRequest } from '@sintonia/contract'
import { sessionRequestKey } from '@sintonia/contract'
import { touchCachedAudio } from './audio-cache-db'
import { readBody } from './read-body'
import { keepSession, keptSessionFor } from './session-cache'

/**
 * Same shape as the player's PlayableSession / SessionResolver (features/player/engine/
 * session-request.ts); features do not import each other, and structural typing makes them one.
 */
export interface PlayableSession {
  manifest: SessionManifest
  url: string
  offline?: boolean
}
export type SessionResolver = (request: SessionRequest) => Promise<PlayableSession | null>

export interface SessionDownloadsConfig {
  /** The session the listener would hear for this audio now (their settings), or null. */
  requestFor: (audioId: string) => SessionRequest | null
  /** The server's manifest for a request (null when it cannot give one). */
  describe: SessionResolver
}

let config: SessionDownloadsConfig | null = null

/** The app wires the player's settings and the API in once (features stay apart). */
export function configureSessionDownloads(next: SessionDownloadsConfig | null): void {
  config = next
}

/** Whether downloads also keep a session (the progress bar then covers both). */
export function keepsSessions(): boolean {
  return config !== null
}

export interface KeepSessionOptions {
  fetch: typeof fetch
  now: () => number
  /** 0..1 of the session's bytes. */
  onProgress?: (fraction: number) => void
}

/**
 * Downloads the session of this audio for the listener's settings and keeps it with the voice copy.
 * Never throws: without it the voice copy still plays (by page code) — returns whether it was kept.
 */
export async function keepSessionOf(audioId: string, options: KeepSessionOptions): Promise<boolean> {
  const current = config
  const request = current?.requestFor(audioId)
  if (!current || !request) return false
  try {
    const playable = await current.describe(request)
    if (!playable) return false
    // The API's own address (not the signed one): the download outlives any expiry; same-origin
    // keeps our cookie away from the bucket it redirects to (ADR 021).
    const response = await options.fetch(playable.manifest.url, { credentials: 'same-origin' })
    if (!response.ok || !response.body) return false
    const blob = await readBody(response.body, 'audio/mpeg', (received) => options.onProgress?.(Math.min(1, received / playable.manifest.bytes)))
    if (blob.size !== playable.manifest.bytes) return false
    await keepSession({ audioId, requestKey: sessionRequestKey(request), manifest: playable.manifest, blob, size: blob.size, downloadedAt: options.now() })
    return true
  } catch {
    return false
  }
}

export interface OfflineSessionResolver extends SessionResolver {
  /** Revokes the object URL handed out last (when the player is destroyed). */
  dispose(): void
}

/**
 * The player's sessions with the downloads first: a session kept on this device for exactly this
 * request plays from it (with no connection too); otherwise the network's, when online. Null
 * offline without a kept session: the player then plays the voice copy by page code.
 */
export function createOfflineSessionResolver(
  network: SessionResolver,
  options: { isOnline?: () => boolean; createObjectURL?: (blob: Blob) => string; revokeObjectURL?: (url: string) => void } = {},
): OfflineSessionResolver {
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  const createUrl = options.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob))
  const revokeUrl = options.revokeObjectURL ?? ((url: string) => URL.revokeObjectURL(url))
  let handedOut: string | null = null
  const release = () => {
    if (handedOut) revokeUrl(handedOut)
    handedOut = null
  }
  const resolve = async (request: SessionRequest): Promise<PlayableSession | null> => {
    let kept
    try {
      kept = await keptSessionFor(request)
    } catch {
      kept = undefined // IndexedDB unavailable: as if nothing were kept
    }
    if (kept) {
      void touchCachedAudio(kept.audioId).catch(() => undefined)
      release()
      handedOut = createUrl(kept.blob)
      return { manifest: kept.manifest, url: handedOut, offline: true }
    }
    if (!isOnline()) return null
    return network(request)
  }
  return Object.assign(resolve, { dispose: release })
}
