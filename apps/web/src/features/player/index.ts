/** Public API of the player feature: the framework-free audio engine and its React hook. */
export {
  createVoiceEngine,
  isCycleComplete,
  sanitizeVoiceSettings,
  VoiceEngine,
  type NoticeTone,
  type PlayerNotice,
  type VoiceEngineEvents,
  type VoiceEngineOptions,
  type VoiceSettings,
  type VoiceSnapshot,
  type VoiceSourceMeta,
  type VoiceStatus,
  type VoiceSession,
  type RepetitionHeard,
  type SessionPosition,
} from './engine/voice-engine'
export {
  BackgroundMusic,
  createBackgroundMusic,
  FALLBACK_BACKGROUND_TRACK,
  type BackgroundMusicConfig,
  type BackgroundMusicLoader,
  type BackgroundMusicOptions,
  type BackgroundMusicSnapshot,
  type BackgroundMusicTrack,
} from './engine/background-music'
export {
  createPlayerCoordinator,
  type PlayerCoordinator,
  type PlayerCoordinatorOptions,
} from './engine/player-coordinator'
export { createListenerPlayer, type ListenerPlayer, type ListenerPlayerOptions } from './engine/create-player'
export {
  createPreferencesStore,
  DEFAULT_AUDIO_PREFERENCES,
  mergePreferences,
  PreferencesStore,
  readAudioPreferences,
  type AudioPreferences,
  type AudioPreferencesInput,
} from './engine/preferences'
export {
  connectMediaSession,
  isMediaSessionSupported,
  setMediaSessionHandlers,
  setMediaSessionMetadata,
  setMediaSessionPlaybackState,
  setMediaSessionPosition,
  type MediaSessionHandlers,
  type MediaSessionTrack,
} from './engine/media-session'
export { resolvePlayableUrl, type PlayableAudio, type PlayableUrlResolver } from './engine/offline-source'
export { validateAudioUrl, type UrlValidationResult } from './engine/validate-url'
export type { DiagnosticFinding, DiagnosticsReport, PlaybackTestResult } from './engine/diagnostics'
export type { DiagnosticsEntry } from './engine/diagnostics-log'
export { audioErrorHint, describeMediaError } from './engine/audio-errors'
export type { MediaElementLike, SnapshotSource } from './engine/store'
export { isProgressMilestone } from './engine/progress'
export { usePlayerSnapshot } from './hooks/use-player-snapshot'
export { PlayerCard, toastNotice, type PlayerCardProps } from './components/player-card'
export { AudioSettingsDialog, type AudioSettingsDialogProps } from './components/audio-settings-dialog'
export { DiagnosticsDialog, type DiagnosticsDialogProps } from './components/diagnostics-dialog'
export { AudioNotFound, PlayerPage, PlayerPageLoading, type PlayerPageProps } from './components/player-page'
export { sessionRequestFor, type PlayableSession, type PlayerQueueItem, type SessionAnchor, type SessionResolver } from './engine/session-request'
export { usePlayerSession, type PlayerSessionControls } from './hooks/use-player-session'
export { StandalonePlayer, type StandalonePlayerAudio, type StandalonePlayerProps } from './components/standalone-player'
export {
  loadBackgroundMusic,
  loadPublicBackgroundMusic,
  describeSession,
  repetitionsTodayKey,
  repetitionsTodayQueryOptions,
  type ListeningEvent,
  type ListeningEventKind,
} from './api/listener-api'
export { listeningQueue } from './hooks/listening-queue'
export { useListenerPlayer } from './hooks/use-listener-player'
export { useRepetitionsToday } from './hooks/use-repetitions-today'
