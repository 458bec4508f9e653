/**
 * The voice engine's public shapes (snapshot, events, settings, options) and what its parts — the
 * media loader and the repeat counters — share to read and change its state.
 */
import type { SessionManifest } from '@sintonia/contract'
import type { DiagnosticsEntry, DiagnosticsLevel } from './diagnostics-log'
import type { PlayableUrlResolver } from './offline-source'
import type { MediaElementLike } from './store'
import type { FetchLike } from './validate-url'

/**
 * idle: no source · loading: fetching metadata · ready: loaded, not started (or a finished cycle) ·
 * playing · paused · transitioning: waiting pauseBetweenRepeats before the next repeat · error.
 */
export type VoiceStatus = 'idle' | 'loading' | 'ready' | 'playing' | 'paused' | 'transitioning' | 'error'

/**
 * Every repetition of a finite target was heard and playback stopped ('Concluído'). Derived from
 * the counter kept here, so the card, the page and the engine agree on it.
 */
export function isCycleComplete(snapshot: Pick<VoiceSnapshot, 'status' | 'repeatTarget' | 'completedRepeats' | 'isPlayingIntent'>): boolean {
  return (
    snapshot.status === 'ready' &&
    !snapshot.isPlayingIntent &&
    snapshot.repeatTarget > 0 &&
    snapshot.completedRepeats >= snapshot.repeatTarget
  )
}

/**
 * The listener hears sound, or will as soon as the source is there: the play button reads "Pausar".
 * A failed load waiting for its automatic retry keeps a press made meanwhile (the error is passing);
 * any other error does not.
 */
export function wantsSound(snapshot: Pick<VoiceSnapshot, 'status' | 'isPlayingIntent' | 'retrying'>): boolean {
  return snapshot.isPlayingIntent && (snapshot.status !== 'error' || snapshot.retrying)
}

export interface VoiceSourceMeta {
  id?: string
  title: string
  /** The field (campo) or playlist the audio is played from. */
  fieldTitle?: string | null
  /** The catalogue's duration, used until the file reports its own. */
  durationSeconds?: number
  /**
   * This source's own repetition count (a day of a programme: each audio with the day's count),
   * instead of the listener's repeatCount preference. Ignored unless a whole number ≥ 1.
   */
  repeatCount?: number
  /**
   * Repetitions of this source already heard (a session resumed where it was left): the counter
   * starts here. Kept below the repetition target, so at least one repetition is left to play.
   */
  completedRepeats?: number
}

/**
 * A rendered session playing (docs/product/sessions.md): one stream holding every repetition, the
 * pauses and the music. The counter, the current audio and the repetitions heard are read from
 * the element's position, so what played while the page's code was suspended is caught up in one
 * reading.
 */
export interface VoiceSession {
  manifest: SessionManifest
  /** Where the manifest's first audio is in the listener's list (a playlist, a day). */
  firstIndex: number
  /** Repetitions of each manifest audio heard before this stream (a resumed day): the counters start there. */
  heardBefore?: readonly number[]
  /** The field, playlist or day, shown as the lock screen's artist. */
  contextTitle?: string | null
}

/** Where a session is, as the page shows it. */
export interface SessionPosition {
  key: string
  /** The current audio's place in the listener's list. */
  index: number
  /** Between two repetitions or two audios (the pause, heard as music only). */
  inPause: boolean
  /** The background track mixed into the stream (null: none); the separate music element stays silent. */
  musicTitle: string | null
}

/** One repetition heard, with when it was heard (in the past when caught up after a locked screen). */
export interface RepetitionHeard {
  /** The audio's place in the listener's list. */
  index: number
  audioId: string
  /** Its repetitions heard so far, counting those from before this stream. */
  completed: number
  /** Its repetitions in all (0 = "sem parar"). */
  target: number
  at: Date
}

export interface VoiceSnapshot {
  status: VoiceStatus
  /** Seconds. */
  currentTime: number
  /** Seconds (0 while unknown). */
  duration: number
  completedRepeats: number
  /** The source's own repeatCount when it has one, else the repeatCount preference: 0 = infinite. */
  repeatTarget: number
  /** The listener wants sound: set by play(), cleared by pause(), by a finished cycle and by a failed play. */
  isPlayingIntent: boolean
  /** The message to show (load error, 'Máximo de tentativas…', or a play problem such as the autoplay policy). */
  error: string | null
  /** The connectivity hint for errors that mention rede, conexão or timeout. */
  hint: string | null
  /** 1-based load attempt for the current source (1 = first load, 2 = first retry, …). */
  attempt: number
  /** The 'validate' button shows from attempt 2. */
  canValidate: boolean
  /** In error with an automatic retry scheduled: the source is loading again in a moment. */
  retrying: boolean
  isValidating: boolean
  src: string
  meta: VoiceSourceMeta | null
  /** Set while a rendered session is the source; null for a single audio played by page code. */
  session: SessionPosition | null
}

export type NoticeTone = 'info' | 'success' | 'warning' | 'error'

/** Something the UI should toast (sonner: `toast[tone](title, { description, action })`). */
export interface PlayerNotice {
  tone: NoticeTone
  title: string
  description?: string
  action?: { label: string; run: () => void }
}

export interface VoiceEngineEvents {
  /** n = completed repeats of the current source, emitted at each natural end (the last one too). */
  repeatCompleted: number
  /**
   * All repeats of a finite repeatCount are done. The engine stopped, unless a next audio was
   * announced (`continueWithNext(true)`): then the playing intention is kept for it.
   */
  cycleCompleted: number
  /** Each repetition heard, in both modes (the listening records and "Repetições Hoje" come from it). */
  repetitionHeard: RepetitionHeard
  notice: PlayerNotice
  log: DiagnosticsEntry
}

export interface VoiceSettings {
  /** 0-100 */
  volume: number
  /** 0 = infinite */
  repeatCount: number
  /** Seconds. */
  pauseBetweenRepeats: number
  autoPlay: boolean
}

export interface VoiceEngineOptions extends Partial<VoiceSettings> {
  /** The voice `<audio>`; defaults to `new Audio()`. */
  element?: MediaElementLike
  fetch?: FetchLike
  /** Relative URLs are checked against this (defaults to the page address). */
  baseUrl?: string
  /** Separate element for testPlayback(); defaults to `new Audio()`. */
  createProbe?: () => MediaElementLike | null
  /** loadAudio() turns an audio into a playable URL with this (offline cache hook). */
  resolveUrl?: PlayableUrlResolver
  /** HEAD-checked by diagnostics; null skips. Default API.health ('/api/health'). */
  healthUrl?: string | null
  isOnline?: () => boolean
}

export function sanitizeVoiceSettings(input: Partial<VoiceSettings>, base: VoiceSettings): VoiceSettings {
  const next = { ...base }
  if (typeof input.volume === 'number' && Number.isFinite(input.volume)) next.volume = Math.min(100, Math.max(0, input.volume))
  if (typeof input.repeatCount === 'number' && Number.isFinite(input.repeatCount) && input.repeatCount >= 0) {
    next.repeatCount = Math.floor(input.repeatCount)
  }
  if (
    typeof input.pauseBetweenRepeats === 'number' &&
    Number.isFinite(input.pauseBetweenRepeats) &&
    input.pauseBetweenRepeats >= 0
  ) {
    next.pauseBetweenRepeats = input.pauseBetweenRepeats
  }
  if (typeof input.autoPlay === 'boolean') next.autoPlay = input.autoPlay
  return next
}

/** The engine's state and log, as its parts (the media loader, a repeat counter) reach them. */
export interface VoicePart {
  readonly element: MediaElementLike
  getSnapshot(): VoiceSnapshot
  setState(patch: Partial<VoiceSnapshot>): void
  log(level: DiagnosticsLevel, message: string, detail?: string): void
}
