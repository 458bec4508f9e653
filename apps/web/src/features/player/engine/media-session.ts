import { shownPosition } from './shown-position'
import type { VoiceEngine, VoiceSnapshot } from './voice-engine'

/** The parts of navigator.mediaSession used here (lets tests pass a fake). */
export interface MediaSessionLike {
  metadata: MediaMetadata | null
  playbackState: MediaSessionPlaybackState
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void
  setPositionState?(state?: MediaPositionState): void
}

export interface MediaSessionEnv {
  /** Defaults to navigator.mediaSession; null/absent makes every function a no-op. */
  mediaSession?: MediaSessionLike | null
  /** Defaults to `new MediaMetadata(init)`. */
  createMetadata?: (init: MediaMetadataInit) => MediaMetadata
}

export interface MediaSessionTrack {
  title: string
  /** Shown as the artist. */
  fieldTitle?: string | null
  /** Shown as the album: the product name setting (default 'Sintonia'). */
  productName: string
  artwork?: MediaImage[]
}

export interface MediaSessionHandlers {
  play: () => void
  pause: () => void
  /** null/absent disables the lock-screen button (first audio). */
  previous?: (() => void) | null
  /** null/absent disables the lock-screen button (last audio). */
  next?: (() => void) | null
  seekTo?: ((seconds: number) => void) | null
}

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'previoustrack', 'nexttrack', 'seekto']

function sessionOf(env: MediaSessionEnv): MediaSessionLike | null {
  if (env.mediaSession !== undefined) return env.mediaSession
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return null
  return navigator.mediaSession ?? null
}

function metadataFactory(env: MediaSessionEnv): ((init: MediaMetadataInit) => MediaMetadata) | null {
  if (env.createMetadata) return env.createMetadata
  if (typeof MediaMetadata === 'function') return (init) => new MediaMetadata(init)
  return null
}

export function isMediaSessionSupported(env: MediaSessionEnv = {}): boolean {
  return sessionOf(env) !== null
}

/** Lock-screen metadata: title, artist = field title, album = product name. */
export function setMediaSessionMetadata(track: MediaSessionTrack | null, env: MediaSessionEnv = {}): void {
  const session = sessionOf(env)
  if (!session) return
  if (!track) {
    session.metadata = null
    return
  }
  const create = metadataFactory(env)
  if (!create) return
  session.metadata = create({
    title: track.title,
    artist: track.fieldTitle ?? '',
    album: track.productName,
    ...(track.artwork ? { artwork: track.artwork } : {}),
  })
}

function setHandler(session: MediaSessionLike, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler)
  } catch {
    // The browser does not know this action.
  }
}

/** Installs play/pause/previoustrack/nexttrack/seekto handlers. Returns a function that removes them. */
export function setMediaSessionHandlers(handlers: MediaSessionHandlers, env: MediaSessionEnv = {}): () => void {
  const session = sessionOf(env)
  if (!session) return () => {}
  setHandler(session, 'play', () => handlers.play())
  setHandler(session, 'pause', () => handlers.pause())
  const previous = handlers.previous
  const next = handlers.next
  const seekTo = handlers.seekTo
  setHandler(session, 'previoustrack', previous ? () => previous() : null)
  setHandler(session, 'nexttrack', next ? () => next() : null)
  setHandler(
    session,
    'seekto',
    seekTo
      ? (details) => {
          if (typeof details.seekTime === 'number') seekTo(details.seekTime)
        }
      : null,
  )
  return () => {
    for (const action of ACTIONS) setHandler(session, action, null)
  }
}

export function setMediaSessionPlaybackState(state: MediaSessionPlaybackState, env: MediaSessionEnv = {}): void {
  const session = sessionOf(env)
  if (session) session.playbackState = state
}

export function setMediaSessionPosition(position: number, duration: number, env: MediaSessionEnv = {}): void {
  const session = sessionOf(env)
  if (!session?.setPositionState || !(duration > 0) || !Number.isFinite(duration)) return
  try {
    session.setPositionState({ duration, position: Math.min(Math.max(0, position), duration), playbackRate: 1 })
  } catch {
    // Inconsistent values are rejected by the browser; nothing to do.
  }
}

export interface ConnectMediaSessionOptions extends MediaSessionEnv {
  productName: string
  previous?: (() => void) | null
  next?: (() => void) | null
  /** The lock screen's picture of an audio (its cover); the metadata shows without it until it is ready. */
  artworkFor?: (audioId: string) => Promise<MediaImage[]> | MediaImage[]
}

function playbackStateOf(snapshot: VoiceSnapshot): MediaSessionPlaybackState {
  if (snapshot.status === 'idle') return 'none'
  return snapshot.isPlayingIntent ? 'playing' : 'paused'
}

/**
 * Keeps the Media Session in step with a voice engine: metadata from the source meta, playback
 * state from the playing intention, position on each change, and handlers that drive the engine.
 */
export function connectMediaSession(voice: VoiceEngine, options: ConnectMediaSessionOptions): () => void {
  const env: MediaSessionEnv = {
    ...(options.mediaSession !== undefined ? { mediaSession: options.mediaSession } : {}),
    ...(options.createMetadata ? { createMetadata: options.createMetadata } : {}),
  }
  if (!isMediaSessionSupported(env)) return () => {}
  const removeHandlers = setMediaSessionHandlers(
    {
      play: () => void voice.play(),
      pause: () => voice.pause(),
      previous: options.previous ?? null,
      next: options.next ?? null,
      seekTo: (seconds) => voice.seek(shownPosition(voice.getSnapshot().currentTime, voice.getSnapshot().duration, voice.currentSession?.manifest).offset + seconds),
    },
    env,
  )
  let lastMeta: VoiceSnapshot['meta'] | undefined
  let lastState: MediaSessionPlaybackState | undefined
  const sync = () => {
    const snapshot = voice.getSnapshot()
    if (snapshot.meta !== lastMeta) {
      const meta = snapshot.meta
      lastMeta = meta
      const track = meta ? { title: meta.title, fieldTitle: meta.fieldTitle ?? null, productName: options.productName } : null
      setMediaSessionMetadata(track, env)
      if (meta?.id && track && options.artworkFor) {
        void Promise.resolve(options.artworkFor(meta.id)).then((artwork) => {
          // Only while that audio is still the one shown.
          if (lastMeta === meta && artwork.length > 0) setMediaSessionMetadata({ ...track, artwork }, env)
        })
      }
    }
    const state = playbackStateOf(snapshot)
    if (state !== lastState) {
      lastState = state
      setMediaSessionPlaybackState(state, env)
    }
    // The lock screen shows what the player shows: "sem parar", the audio's own length.
    const shown = shownPosition(snapshot.currentTime, snapshot.duration, voice.currentSession?.manifest)
    setMediaSessionPosition(shown.current, shown.duration, env)
  }
  sync()
  const unsubscribe = voice.subscribe(sync)
  return () => {
    unsubscribe()
    removeHandlers()
    setMediaSessionMetadata(null, env)
    setMediaSessionPlaybackState('none', env)
  }
}
