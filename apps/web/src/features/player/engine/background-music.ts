import {
  BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT,
  BACKGROUND_MUSIC_FALLBACK_TITLE,
  BACKGROUND_MUSIC_FALLBACK_URL,
} from '@sintonia/contract'
import { createAudioElement, errorName, SnapshotStore, type MediaElementLike } from './store'

export interface BackgroundMusicTrack {
  id: string
  title: string
  url: string
  /** The track's own level, 0..1 (default 1); multiplied by the volume setting. */
  volume?: number
}

/** What the loader answers: the active tracks and background_music_settings.volume_percentage. */
export interface BackgroundMusicConfig {
  tracks: BackgroundMusicTrack[]
  volumePercentage?: number | null
}

export type BackgroundMusicLoader = () => Promise<BackgroundMusicConfig>

export interface BackgroundMusicSnapshot {
  isPlaying: boolean
  currentMusic: BackgroundMusicTrack | null
  /** Effective element volume 0..1 (track volume × setting; default 0.25). */
  volume: number
  isLoading: boolean
  /** Nothing is playable, not even the local fallback. */
  hasError: boolean
  /** Playing the local /background.mp3 because the list was empty or failed. */
  usingFallback: boolean
}

export interface BackgroundMusicOptions {
  load: BackgroundMusicLoader
  /** The music `<audio>`; defaults to `new Audio()`. */
  element?: MediaElementLike
  /** For the random start index; defaults to Math.random. */
  random?: () => number
  fallback?: BackgroundMusicTrack
}

export const FALLBACK_BACKGROUND_TRACK: BackgroundMusicTrack = Object.freeze({
  id: 'fallback',
  title: BACKGROUND_MUSIC_FALLBACK_TITLE,
  url: BACKGROUND_MUSIC_FALLBACK_URL,
})

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function sanitizePercent(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? clamp(value, 0, 100) : BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT
}

/**
 * The background music under the voice (docs/product/listening.md#background-music): a cyclic
 * playlist of the active tracks starting at a random index, silently falling back to the
 * local track. It never decides by itself when to sound: the coordinator calls play()/pause().
 */
export class BackgroundMusic extends SnapshotStore<BackgroundMusicSnapshot> {
  private readonly el: MediaElementLike
  private readonly load: BackgroundMusicLoader
  private readonly random: () => number
  private readonly fallback: BackgroundMusicTrack
  private readonly detachElement: () => void
  private tracks: BackgroundMusicTrack[] = []
  private index = 0
  private volumePercentage = BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT
  private initPromise: Promise<void> | null = null
  private generation = 0
  private wantPlaying = false
  private consecutiveErrors = 0
  private destroyed = false

  constructor(options: BackgroundMusicOptions) {
    super({
      isPlaying: false,
      currentMusic: null,
      volume: BACKGROUND_MUSIC_DEFAULT_VOLUME_PERCENT / 100,
      isLoading: false,
      hasError: false,
      usingFallback: false,
    })
    const element = options.element ?? createAudioElement()
    if (!element) throw new Error('BackgroundMusic: no audio element available')
    this.el = element
    this.el.preload = 'auto'
    this.load = options.load
    this.random = options.random ?? Math.random
    this.fallback = options.fallback ?? FALLBACK_BACKGROUND_TRACK
    this.detachElement = this.attachElement()
  }

  get element(): MediaElementLike {
    return this.el
  }

  /** Loads the list once (later calls share the same promise). */
  init(): Promise<void> {
    this.initPromise ??= this.initialise()
    return this.initPromise
  }

  /** Forgets the list and loads it again (e.g. after a music_changed event); keeps playing if it was. */
  refresh(): Promise<void> {
    if (this.destroyed) return Promise.resolve()
    this.initPromise = null
    this.tracks = []
    this.consecutiveErrors = 0
    this.setState({ hasError: false })
    return this.init()
  }

  play(): void {
    if (this.destroyed) return
    this.wantPlaying = true
    this.setState({ isPlaying: true })
    if (!this.initPromise) {
      void this.init()
      return
    }
    if (this.tracks.length > 0 && !this.getSnapshot().hasError) this.playElement()
  }

  pause(): void {
    if (this.destroyed) return
    this.wantPlaying = false
    this.setState({ isPlaying: false })
    this.el.pause()
  }

  /** background_music_settings.volume_percentage (0-100). */
  setVolumePercentage(percent: number): void {
    if (this.destroyed) return
    this.volumePercentage = sanitizePercent(percent)
    this.applyVolume()
  }

  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.generation++
    this.detachElement()
    this.el.pause()
    this.el.removeAttribute('src')
    this.clearSubscribers()
  }

  // ---------------------------------------------------------------- internals

  private async initialise(): Promise<void> {
    const generation = ++this.generation
    this.setState({ isLoading: true })
    let config: BackgroundMusicConfig | null
    try {
      config = await this.load()
    } catch {
      config = null // product rule: music load errors fall back silently
    }
    if (this.destroyed || generation !== this.generation) return
    const tracks = (config?.tracks ?? []).filter((t) => t && typeof t.url === 'string' && t.url.trim() !== '')
    this.volumePercentage = sanitizePercent(config?.volumePercentage)
    if (tracks.length === 0) {
      this.useFallback()
      return
    }
    this.tracks = tracks
    const r = this.random()
    this.index = clamp(Math.floor((Number.isFinite(r) ? r : 0) * tracks.length), 0, tracks.length - 1)
    this.setState({ usingFallback: false, hasError: false })
    this.loadCurrent()
  }

  private useFallback(): void {
    this.tracks = [this.fallback]
    this.index = 0
    this.consecutiveErrors = 0
    this.setState({ usingFallback: true })
    this.loadCurrent()
  }

  private loadCurrent(): void {
    const track = this.tracks[this.index]
    if (!track) return
    this.el.src = track.url
    this.el.load()
    this.setState({ currentMusic: track, isLoading: true })
    this.applyVolume()
    if (this.wantPlaying) this.playElement()
  }

  private advance(): void {
    if (this.tracks.length === 0) return
    this.index = (this.index + 1) % this.tracks.length
    this.loadCurrent()
  }

  private onTrackError(): void {
    this.consecutiveErrors++
    if (this.consecutiveErrors < this.tracks.length) {
      this.advance()
      return
    }
    // Every track of the list failed in a row.
    if (!this.getSnapshot().usingFallback) {
      this.useFallback()
      return
    }
    this.el.removeAttribute('src')
    this.setState({ hasError: true, isLoading: false })
  }

  private playElement(): void {
    this.el.play().catch((error: unknown) => {
      if (this.destroyed || errorName(error) === 'AbortError') return
      // Blocked or unplayable: stay quiet; the next play() from the coordinator tries again.
      this.wantPlaying = false
      this.setState({ isPlaying: false })
    })
  }

  private applyVolume(): void {
    const track = this.getSnapshot().currentMusic
    const trackVolume = typeof track?.volume === 'number' && Number.isFinite(track.volume) ? clamp(track.volume, 0, 1) : 1
    const volume = trackVolume * (this.volumePercentage / 100)
    this.el.volume = volume
    this.setState({ volume })
  }

  private attachElement(): () => void {
    const handlers: Array<[string, () => void]> = [
      ['canplay', () => this.onLoaded()],
      ['loadeddata', () => this.onLoaded()],
      ['playing', () => this.onLoaded()],
      ['ended', () => this.advance()],
      ['error', () => this.onTrackError()],
    ]
    for (const [type, handler] of handlers) this.el.addEventListener(type, handler)
    return () => {
      for (const [type, handler] of handlers) this.el.removeEventListener(type, handler)
    }
  }

  private onLoaded(): void {
    this.consecutiveErrors = 0
    this.setState({ isLoading: false, hasError: false })
  }
}

export function createBackgroundMusic(options: BackgroundMusicOptions): BackgroundMusic {
  return new BackgroundMusic(options)
}
