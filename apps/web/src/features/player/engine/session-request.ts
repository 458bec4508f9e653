import {
  SESSION_MAX_ITEMS,
  SESSION_MAX_PAUSE_S,
  SESSION_MAX_REPETITIONS,
  type SessionManifest,
  type SleepTimer,
  type SessionRequest,
} from '@sintonia/contract'
import type { AudioPreferences } from './preferences'

/** One audio of what the listener plays: a field's audio, a playlist's, a day's. */
export interface PlayerQueueItem {
  id: string
  title: string
  /** The audio's own file (played by page code when no session can be had). */
  url: string
  durationSeconds?: number
  /** Text form ('3:25'). */
  duration?: string
  /** This audio's own repetition count (a day of a programme) over the listener's preference. */
  repetitions?: number
  /** Repetitions already heard (a day resumed where it was left). */
  heard?: number
  /** Its field, whose colour its generated artwork takes (docs/design.md#artwork). */
  fieldId?: string
  /** Its uploaded cover, if any. */
  coverImage?: string | null
}

/** Where a session starts in the list, and how much of that audio was heard already. */
export interface SessionAnchor {
  index: number
  heard: number
}

export interface SessionPlanRequest {
  request: SessionRequest
  /** The list's index of the request's first audio. */
  firstIndex: number
  /** Repetitions of each requested audio heard before this stream. */
  heardBefore: number[]
}

export interface SessionRequestOptions {
  /** Later audios follow in the same stream (a playlist, a day); a field plays the chosen one only. */
  continuous: boolean
  preferences: Pick<AudioPreferences, 'repeatCount' | 'pauseBetweenRepeats' | 'musicVolume'>
  /**
   * The sleep timer: minutes from the stream's start, or a number of repetitions of the audio
   * playing (then that audio alone); null to end with the session.
   */
  sleep: SleepTimer | null
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/**
 * What to ask the server for (docs/product/sessions.md#what-plays): the audio at the anchor and,
 * when continuous, the ones after it, each with its own count or the listener's "Repetições" (0:
 * "sem parar", then that audio alone), the pause, the music level and the sleep timer. A resumed
 * audio asks only for the repetitions left.
 */
export function sessionRequestFor(queue: readonly PlayerQueueItem[], anchor: SessionAnchor, options: SessionRequestOptions): SessionPlanRequest | null {
  const first = queue[anchor.index]
  if (!first) return null
  const { preferences, sleep } = options
  if (sleep?.kind === 'repetitions') {
    // "Ao fim de N repetições": the audio playing, N more times, and the session ends.
    const request: SessionRequest = {
      items: [{ audioId: first.id, repetitions: clamp(sleep.count, 1, SESSION_MAX_REPETITIONS) }],
      pauseSeconds: clamp(Math.round(preferences.pauseBetweenRepeats), 0, SESSION_MAX_PAUSE_S),
      music: 'auto',
      endAtSeconds: null,
    }
    if (preferences.musicVolume !== null) request.musicLevel = clamp(Math.round(preferences.musicVolume), 0, 100)
    return { request, firstIndex: anchor.index, heardBefore: [Math.max(0, Math.floor(anchor.heard))] }
  }
  const countOf = (item: PlayerQueueItem) => clamp(Math.floor(item.repetitions ?? preferences.repeatCount), 0, SESSION_MAX_REPETITIONS)
  const endless = countOf(first) === 0
  const chosen = options.continuous && !endless ? queue.slice(anchor.index, anchor.index + SESSION_MAX_ITEMS) : [first]
  // "Sem parar" only for the audio itself: in a continuous list the preference's 0 cannot be
  // followed by anything, so that list plays the chosen audio alone.
  const items: SessionRequest['items'] = []
  const heardBefore: number[] = []
  chosen.forEach((item, i) => {
    const count = countOf(item)
    const heard = clamp(Math.floor(i === 0 ? anchor.heard : (item.heard ?? 0)), 0, count === 0 ? Number.MAX_SAFE_INTEGER : count - 1)
    items.push({ audioId: item.id, repetitions: count === 0 ? 0 : count - heard })
    heardBefore.push(heard)
  })
  const request: SessionRequest = {
    items,
    pauseSeconds: clamp(Math.round(preferences.pauseBetweenRepeats), 0, SESSION_MAX_PAUSE_S),
    music: 'auto',
    endAtSeconds: sleep?.kind === 'minutes' ? sleep.minutes * 60 : null,
  }
  if (preferences.musicVolume !== null) request.musicLevel = clamp(Math.round(preferences.musicVolume), 0, 100)
  return { request, firstIndex: anchor.index, heardBefore }
}

/** A stored session's signed address is used only with at least this much of its life left. */
export const DIRECT_STREAM_MARGIN_MS = 5 * 60_000

/**
 * Where a session's bytes are fetched from: a stored session's signed address, handed out with its
 * manifest so the first play needs no redirect (docs/decisions/021-signed-media-urls.md), while
 * enough of its life is left; otherwise the session's own address, which redirects to a fresh one.
 */
export function sessionStreamUrl(manifest: SessionManifest, nowMs: number = Date.now()): string {
  const direct = manifest.direct
  if (direct && Date.parse(direct.expiresAt) - nowMs >= DIRECT_STREAM_MARGIN_MS) return direct.url
  return manifest.url
}

/** A session the player can play: the manifest and where its bytes are (the network, or a copy on this device). */
export interface PlayableSession {
  manifest: SessionManifest
  url: string
  /** Played from this device's downloads. */
  offline?: boolean
}

/**
 * Turns a request into a playable session, or null when none can be had (no connection and no
 * copy, or a server without sessions): the player then plays the audio by page code.
 */
export type SessionResolver = (request: SessionRequest) => Promise<PlayableSession | null>
