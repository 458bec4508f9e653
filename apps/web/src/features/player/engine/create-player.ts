import { createBackgroundMusic, type BackgroundMusic, type BackgroundMusicLoader } from './background-music'
import { createPlayerCoordinator, type PlayerCoordinator } from './player-coordinator'
import { createPreferencesStore, type PreferencesStore, type StorageLike } from './preferences'
import { createAudioElement, type MediaElementLike } from './store'
import type { PlayableUrlResolver } from './offline-source'
import type { SessionResolver } from './session-request'
import type { FetchLike } from './validate-url'
import { createVoiceEngine, type VoiceEngine } from './voice-engine'

export interface ListenerPlayerOptions {
  /** Active background tracks + volume percentage (the API call lives with the UI). */
  loadMusic: BackgroundMusicLoader
  voiceElement?: MediaElementLike
  musicElement?: MediaElementLike
  /** Defaults to localStorage. */
  storage?: StorageLike | null
  fetch?: FetchLike
  random?: () => number
  resolveUrl?: PlayableUrlResolver
  /**
   * Turns what the listener plays into a rendered session (the API, or a copy on this device);
   * without one, or when it answers null, audios play by page code (voice + music elements).
   */
  resolveSession?: SessionResolver
  /** Watch this document for other media (landing/demo video); null to skip. Defaults to `document`. */
  document?: Document | null
}

/** The whole engine, wired: the UI creates one per listener session and destroys it on leave. */
export interface ListenerPlayer {
  voice: VoiceEngine
  music: BackgroundMusic
  preferences: PreferencesStore
  coordinator: PlayerCoordinator
  resolveSession: SessionResolver
  destroy: () => void
}

/** Voice + background music + preferences + coordinator, with preferences applied to the voice as they change. */
export function createListenerPlayer(options: ListenerPlayerOptions): ListenerPlayer {
  const preferences = createPreferencesStore(options.storage === undefined ? {} : { storage: options.storage })
  const voiceElement = options.voiceElement ?? createAudioElement()
  const musicElement = options.musicElement ?? createAudioElement()
  if (!voiceElement || !musicElement) throw new Error('createListenerPlayer: no audio element available')
  const voice = createVoiceEngine({
    element: voiceElement,
    ...preferences.get(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.resolveUrl ? { resolveUrl: options.resolveUrl } : {}),
  })
  const music = createBackgroundMusic({
    element: musicElement,
    load: options.loadMusic,
    ...(options.random ? { random: options.random } : {}),
  })
  const coordinator = createPlayerCoordinator({ voice, music, ownElements: [voiceElement, musicElement] })
  const doc = options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document
  const unwatch = doc ? coordinator.watchDocument(doc) : () => {}
  const stopFlushing = doc ? preferences.flushWhenLeaving(doc) : () => {}
  const unsubscribePreferences = preferences.subscribe(() => voice.configure(preferences.get()))

  return {
    voice,
    music,
    preferences,
    coordinator,
    resolveSession: options.resolveSession ?? (async () => null),
    destroy() {
      unsubscribePreferences()
      unwatch()
      stopFlushing()
      coordinator.destroy()
      voice.destroy()
      music.destroy()
      preferences.destroy()
    },
  }
}
