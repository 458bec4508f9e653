import type { VoiceEngineEvents, VoicePart, VoiceSession, VoiceSettings, VoiceSnapshot, VoiceStatus } from './voice-types'

/**
 * How the repetitions of the loaded source are counted. The engine picks one when a source is
 * loaded and asks it at every point where the two ways differ:
 * - a rendered session (docs/product/sessions.md): the stream holds every repetition, so the
 *   counter is read from the element's position (`SessionRepeatCounter`);
 * - a plain file: page code replays it and counts each natural end (`FileRepeatCounter`).
 */
export interface RepeatCounter {
  /** The rendered session being followed; null when page code repeats a plain file. */
  readonly session: VoiceSession | null
  /** The stream's length known before the element reports one (a session's manifest), else null. */
  readonly knownDuration: number | null
  /** The snapshot's counter fields as the source starts (counter, target; a session's audio and position too). */
  start(): Partial<VoiceSnapshot>
  /** The listener's settings changed. */
  settingsChanged(): void
  /** The element is at `position`; `listening` is false for a jump, which counts nothing it skipped. */
  follow(position: number, listening: boolean): void
  /** Where the audio at `index` of the listener's list starts in this source; null when it is not in it. */
  positionOf(index: number): number | null
  /** play() is about to start the element: rewinds what has to start over. */
  prepareToPlay(status: VoiceStatus): void
  /** 'Reiniciar'. */
  reset(): void
  /** The element reached its end (the engine checked that a source is loaded). */
  ended(): void
  /** Drops a pending replay (the wait between repeats): a pause, a failure, a new source. */
  cancelWait(): void
}

/** What a counter needs from the engine besides its state. */
export interface RepeatCounterHost extends VoicePart {
  emit<K extends keyof VoiceEngineEvents>(event: K, value: VoiceEngineEvents[K]): void
  settings(): VoiceSettings
  /** A next audio follows this one (`continueWithNext`): a finished cycle keeps the playing intention. */
  nextFollows(): boolean
  /** Back to 0 s. */
  rewind(): void
  /** Plays the element (the next repeat). */
  resume(): void
  /** Moves to `position` without counting, also while the source is still loading. */
  moveTo(position: number): void
}

/** The state a finished cycle leaves: ready, and still playing only when a next audio follows. */
export function cycleEndState(host: RepeatCounterHost, wasPlaying: boolean): Pick<VoiceSnapshot, 'status' | 'isPlayingIntent'> {
  return { status: 'ready', isPlayingIntent: wasPlaying && host.nextFollows() }
}
