import {
  AUDIO_DEFAULT_AUTOPLAY,
  AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
  AUDIO_DEFAULT_REPEAT_COUNT,
  AUDIO_DEFAULT_SHOW_PROGRESS,
  AUDIO_DEFAULT_VOLUME,
  AUDIO_PREFERENCES_STORAGE_KEY,
  AUDIO_PREFERENCES_WRITE_DEBOUNCE_MS,
  parseNightTimer,
  type NightTimer,
} from '@sintonia/contract'
import { SnapshotStore } from './store'

/** localStorage['audio-preferences'] (docs/product/listening.md#preferences). */
export interface AudioPreferences {
  /** 0-100 */
  volume: number
  /** Integer ≥ 0; 0 = infinite. */
  repeatCount: number
  autoPlay: boolean
  showProgress: boolean
  /** Seconds ≥ 0. */
  pauseBetweenRepeats: number
  /**
   * The background music's level in a session, 0–100 (0 = no music); null follows the level the
   * admins set (docs/product/sessions.md#the-listeners-settings).
   */
  musicVolume: number | null
  /**
   * The automatic night timer: sessions begun from that hour (until 5 h) start with the sleep
   * timer set to its minutes; null: off (docs/product/sessions.md#sleep-timer).
   */
  nightTimer: NightTimer | null
}

export const DEFAULT_AUDIO_PREFERENCES: Readonly<AudioPreferences> = Object.freeze({
  volume: AUDIO_DEFAULT_VOLUME,
  repeatCount: AUDIO_DEFAULT_REPEAT_COUNT,
  autoPlay: AUDIO_DEFAULT_AUTOPLAY,
  showProgress: AUDIO_DEFAULT_SHOW_PROGRESS,
  pauseBetweenRepeats: AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
  musicVolume: null,
  nightTimer: null,
})

/** Raw input as a form gives it: numbers may arrive as strings. */
export type AudioPreferencesInput = { [K in keyof AudioPreferences]?: unknown }

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim())
    return Number.isFinite(n) ? n : null
  }
  return null
}

/**
 * Applies `input` over `base`: volume clamped to 0-100; repeatCount an integer ≥ 0 (negative or
 * non-numeric ignored, fractions dropped); pauseBetweenRepeats ≥ 0 seconds (negative or non-numeric
 * ignored); musicVolume clamped to 0-100, or null for the admins' level; booleans must be booleans;
 * nightTimer null (off) or a valid hour and one of the timer's minutes (else ignored).
 */
export function mergePreferences(base: AudioPreferences, input: AudioPreferencesInput): AudioPreferences {
  const next = { ...base }
  const volume = toNumber(input.volume)
  if (volume !== null) next.volume = Math.round(Math.min(100, Math.max(0, volume)))
  const repeatCount = toNumber(input.repeatCount)
  if (repeatCount !== null && repeatCount >= 0) next.repeatCount = Math.floor(repeatCount)
  const pause = toNumber(input.pauseBetweenRepeats)
  if (pause !== null && pause >= 0) next.pauseBetweenRepeats = pause
  if (typeof input.autoPlay === 'boolean') next.autoPlay = input.autoPlay
  if (typeof input.showProgress === 'boolean') next.showProgress = input.showProgress
  if (input.nightTimer === null) next.nightTimer = null
  else {
    const night = parseNightTimer(input.nightTimer)
    if (night) next.nightTimer = night
  }
  if (input.musicVolume === null) next.musicVolume = null
  else {
    const musicVolume = toNumber(input.musicVolume)
    if (musicVolume !== null) next.musicVolume = Math.round(Math.min(100, Math.max(0, musicVolume)))
  }
  return next
}

/** Reads the stored preferences; anything missing or malformed falls back to the defaults. */
export function readAudioPreferences(storage: StorageLike | null): AudioPreferences {
  let raw: string | null
  try {
    raw = storage?.getItem(AUDIO_PREFERENCES_STORAGE_KEY) ?? null
  } catch {
    raw = null
  }
  if (!raw) return { ...DEFAULT_AUDIO_PREFERENCES }
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ...DEFAULT_AUDIO_PREFERENCES }
    return mergePreferences({ ...DEFAULT_AUDIO_PREFERENCES }, parsed as AudioPreferencesInput)
  } catch {
    return { ...DEFAULT_AUDIO_PREFERENCES }
  }
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // access denied (privacy settings)
  }
}

export interface PreferencesStoreOptions {
  /** Defaults to localStorage; null keeps preferences in memory only. */
  storage?: StorageLike | null
  debounceMs?: number
}

/**
 * The listener's audio preferences: read once, changed in memory at once (subscribers see it
 * immediately), written to storage 100 ms after the last change.
 */
export class PreferencesStore extends SnapshotStore<AudioPreferences> {
  private readonly storage: StorageLike | null
  private readonly debounceMs: number
  private writeTimer: ReturnType<typeof setTimeout> | undefined

  constructor(options: PreferencesStoreOptions = {}) {
    const storage = options.storage === undefined ? defaultStorage() : options.storage
    super(readAudioPreferences(storage))
    this.storage = storage
    this.debounceMs = options.debounceMs ?? AUDIO_PREFERENCES_WRITE_DEBOUNCE_MS
  }

  get(): AudioPreferences {
    return this.getSnapshot()
  }

  /** Invalid values are ignored field by field; returns the resulting preferences. */
  update(input: AudioPreferencesInput): AudioPreferences {
    const next = mergePreferences(this.getSnapshot(), input)
    this.setState(next)
    this.scheduleWrite()
    return this.getSnapshot()
  }

  resetPreferences(): AudioPreferences {
    this.setState({ ...DEFAULT_AUDIO_PREFERENCES })
    this.scheduleWrite()
    return this.getSnapshot()
  }

  /**
   * Writes pending changes when the page is left (pagehide) or hidden (a phone may close a hidden
   * tab without another event): a setting changed just before a reload or closing the tab is kept,
   * rather than lost with the 100 ms write timer. Returns the function that stops listening.
   */
  flushWhenLeaving(doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState' | 'defaultView'>): () => void {
    const onPageHide = () => this.flush()
    const onVisibilityChange = () => {
      if (doc.visibilityState === 'hidden') this.flush()
    }
    doc.defaultView?.addEventListener('pagehide', onPageHide)
    doc.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      doc.defaultView?.removeEventListener('pagehide', onPageHide)
      doc.removeEventListener('visibilitychange', onVisibilityChange)
    }
  }

  /** Writes a pending change now. */
  flush(): void {
    if (this.writeTimer === undefined) return
    clearTimeout(this.writeTimer)
    this.writeTimer = undefined
    this.write()
  }

  destroy(): void {
    this.flush()
    this.clearSubscribers()
  }

  private scheduleWrite(): void {
    if (!this.storage) return
    if (this.writeTimer !== undefined) clearTimeout(this.writeTimer)
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined
      this.write()
    }, this.debounceMs)
  }

  private write(): void {
    try {
      this.storage?.setItem(AUDIO_PREFERENCES_STORAGE_KEY, JSON.stringify(this.getSnapshot()))
    } catch {
      // Quota or privacy mode: keep the in-memory value.
    }
  }
}

export function createPreferencesStore(options: PreferencesStoreOptions = {}): PreferencesStore {
  return new PreferencesStore(options)
}
