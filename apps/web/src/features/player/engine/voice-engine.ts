import {
  AUDIO_DEFAULT_AUTOPLAY,
  AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
  AUDIO_DEFAULT_REPEAT_COUNT,
  AUDIO_DEFAULT_VOLUME,
  PLAYER_MSG,
} from '@sintonia/contract'
import { withHint } from './audio-errors'
import type { DiagnosticsReport, PlaybackTestResult } from './diagnostics'
import { DiagnosticsLog, type DiagnosticsEntry, type DiagnosticsLevel } from './diagnostics-log'
import { FileRepeatCounter } from './file-repeat-counter'
import { listen, MediaLoader, type MediaLoad } from './media-loader'
import { resolvePlayableUrl, type PlayableAudio, type PlayableUrlResolver } from './offline-source'
import type { RepeatCounter, RepeatCounterHost } from './repeat-counter'
import { SessionRepeatCounter, sessionFallbackUrl } from './session-repeat-counter'
import { createAudioElement, Emitter, errorMessage, errorName, SnapshotStore, type MediaElementLike } from './store'
import type { UrlValidationResult } from './validate-url'
import {
  sanitizeVoiceSettings,
  wantsSound,
  type PlayerNotice,
  type VoiceEngineEvents,
  type VoiceEngineOptions,
  type VoicePart,
  type VoiceSession,
  type VoiceSettings,
  type VoiceSnapshot,
  type VoiceSourceMeta,
  type VoiceStatus,
} from './voice-types'

export {
  isCycleComplete,
  sanitizeVoiceSettings,
  wantsSound,
  type NoticeTone,
  type PlayerNotice,
  type RepetitionHeard,
  type SessionPosition,
  type VoiceEngineEvents,
  type VoiceEngineOptions,
  type VoiceSession,
  type VoiceSettings,
  type VoiceSnapshot,
  type VoiceSourceMeta,
  type VoiceStatus,
} from './voice-types'

const LOADED: ReadonlySet<VoiceStatus> = new Set(['ready', 'playing', 'paused', 'transitioning'])

/**
 * The voice half of the audio engine (docs/product/listening.md#audio-engine): play/pause, the
 * playing intention, autoplay-policy handling and seeking. Loading, retries, the URL check and the
 * diagnostics are the `MediaLoader`'s; counting repetitions is the `RepeatCounter` picked with
 * each source (a rendered session read from its position, or a plain file replayed by page code).
 * Framework-free; the UI reads `getSnapshot()`/`subscribe()` and listens to `on('notice')`.
 */
export class VoiceEngine extends SnapshotStore<VoiceSnapshot> {
  private readonly el: MediaElementLike
  private readonly events = new Emitter<VoiceEngineEvents>()
  private readonly diagnosticsLog = new DiagnosticsLog()
  private readonly resolveUrl: PlayableUrlResolver
  private settings: VoiceSettings
  private readonly media: MediaLoader
  private readonly counterHost: RepeatCounterHost
  private counter: RepeatCounter
  private readonly detachElement: () => void
  private autoPlayConsumed = false
  /** A next audio follows this one (a playlist): a finished cycle keeps the playing intention for it. */
  private nextFollows = false
  private sourceToken = 0
  private destroyed = false

  constructor(options: VoiceEngineOptions = {}) {
    const settings = sanitizeVoiceSettings(options, {
      volume: AUDIO_DEFAULT_VOLUME,
      repeatCount: AUDIO_DEFAULT_REPEAT_COUNT,
      pauseBetweenRepeats: AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
      autoPlay: AUDIO_DEFAULT_AUTOPLAY,
    })
    super({
      status: 'idle',
      currentTime: 0,
      duration: 0,
      completedRepeats: 0,
      repeatTarget: settings.repeatCount,
      isPlayingIntent: false,
      error: null,
      hint: null,
      attempt: 0,
      canValidate: false,
      retrying: false,
      isValidating: false,
      src: '',
      meta: null,
      session: null,
    })
    const element = options.element ?? createAudioElement()
    if (!element) throw new Error('VoiceEngine: no audio element available')
    this.el = element
    this.settings = settings
    this.resolveUrl = options.resolveUrl ?? resolvePlayableUrl
    this.el.preload = 'auto'
    this.el.volume = settings.volume / 100
    const part: VoicePart = {
      element,
      getSnapshot: this.getSnapshot,
      setState: (patch) => this.setState(patch),
      log: (level, message, detail) => this.log(level, message, detail),
    }
    this.media = new MediaLoader(
      {
        ...part,
        notify: (notice) => this.notify(notice),
        loaded: (resumeAt) => this.loaded(resumeAt),
        interrupted: () => this.counter.cancelWait(),
      },
      options,
    )
    this.counterHost = {
      ...part,
      emit: (event, value) => this.events.emit(event, value),
      settings: () => this.settings,
      nextFollows: () => this.nextFollows,
      rewind: () => this.rewind(),
      resume: () => void this.playElement(),
      moveTo: (position) => this.moveTo(position),
    }
    this.counter = new FileRepeatCounter(this.counterHost, null)
    this.detachElement = this.attachElement()
  }

  // ---------------------------------------------------------------- public API

  /** Subscribe to repeatCompleted / cycleCompleted / notice / log. Returns an unsubscribe function. */
  on<K extends keyof VoiceEngineEvents>(event: K, handler: (value: VoiceEngineEvents[K]) => void): () => void {
    return this.events.on(event, handler)
  }

  get element(): MediaElementLike {
    return this.el
  }

  getSettings(): VoiceSettings {
    return { ...this.settings }
  }

  /** Applies preferences (volume 0-100, repeatCount, pauseBetweenRepeats, autoPlay); bad values are ignored. */
  configure(patch: Partial<VoiceSettings>): void {
    if (this.destroyed) return
    this.settings = sanitizeVoiceSettings(patch, this.settings)
    this.el.volume = this.settings.volume / 100
    this.counter.settingsChanged()
  }

  /** Loads a new source. Counters and retries reset; the playing intention is kept (next audio keeps playing). */
  setSource(url: string, meta: VoiceSourceMeta | null = null): void {
    if (this.destroyed) return
    const src = url.trim()
    const duration = meta?.durationSeconds && meta.durationSeconds > 0 ? meta.durationSeconds : 0
    const counter = new FileRepeatCounter(this.counterHost, meta)
    this.beginSource(counter, { src, resumeAt: 0, fallbackUrl: null, state: { meta, duration } })
  }

  /**
   * Loads a rendered session: one stream for every repetition, pause and the music under them.
   * Playback starts at `startAt` seconds (a chosen audio, a changed setting); the playing
   * intention is kept, like setSource.
   */
  loadSession(url: string, session: VoiceSession, startAt = 0): void {
    if (this.destroyed) return
    const src = url.trim()
    const counter = new SessionRepeatCounter(this.counterHost, session, startAt)
    const fallbackUrl = sessionFallbackUrl(session.manifest, src)
    this.beginSource(counter, { src, resumeAt: startAt, fallbackUrl, state: { meta: null, duration: counter.knownDuration } })
  }

  /** The session playing, if any. */
  get currentSession(): VoiceSession | null {
    return this.counter.session
  }

  /** Resolves the playable URL (network or offline copy) and loads it. */
  async loadAudio(audio: PlayableAudio & VoiceSourceMeta): Promise<void> {
    const token = ++this.sourceToken
    let url: string
    try {
      url = await this.resolveUrl(audio)
    } catch (error) {
      this.log('warning', 'Falha ao obter cópia local; usando a rede', errorMessage(error))
      url = audio.url
    }
    if (this.destroyed || token !== this.sourceToken) return
    const meta: VoiceSourceMeta = { id: audio.id, title: audio.title }
    if (audio.fieldTitle !== undefined) meta.fieldTitle = audio.fieldTitle
    if (audio.durationSeconds !== undefined) meta.durationSeconds = audio.durationSeconds
    if (audio.repeatCount !== undefined) meta.repeatCount = audio.repeatCount
    if (audio.completedRepeats !== undefined) meta.completedRepeats = audio.completedRepeats
    this.setSource(url, meta)
  }

  /**
   * Starts (or resumes) the voice. While the source is still coming (no source yet, loading or
   * validating) the notice says so and the playing intention is kept: it plays by itself once
   * ready, with no second press (docs/product/listening.md). In error: the error's notice.
   * Resolves true when the element is playing.
   */
  async play(): Promise<boolean> {
    if (this.destroyed) return false
    const { status } = this.getSnapshot()
    if (status === 'idle' || status === 'loading') {
      const snapshot = this.getSnapshot()
      this.notify({ tone: 'info', title: snapshot.isValidating ? PLAYER_MSG.validating : PLAYER_MSG.stillLoading })
      return this.playWhenReady()
    }
    if (status === 'error') {
      const { error, hint, retrying } = this.getSnapshot()
      this.notify({
        tone: 'error',
        title: PLAYER_MSG.errorTitle,
        description: withHint(error ?? PLAYER_MSG.mediaUnknown, hint),
        action: { label: PLAYER_MSG.retryAction, run: () => this.retry() },
      })
      // The automatic retry is a moment away: the press is kept and plays once it loads, as while loading.
      if (retrying) {
        this.setState({ isPlayingIntent: true })
        this.log('info', 'Reproduzir quando reconectar')
      }
      return false
    }
    if (status === 'playing' && !this.el.paused) return true

    this.counter.cancelWait()
    this.counter.prepareToPlay(status)
    this.setState({ isPlayingIntent: true, error: null, hint: null })
    this.log('info', 'Reproduzir')
    return this.playElement()
  }

  /** Stops the voice and clears the playing intention. */
  pause(): void {
    if (this.destroyed) return
    const { status } = this.getSnapshot()
    const wasTransitioning = status === 'transitioning'
    this.counter.cancelWait()
    const stopped = status === 'playing' || status === 'transitioning'
    this.setState({ isPlayingIntent: false, ...(stopped ? { status: 'paused' as const } : {}) })
    // A pause during the wait between repeats leaves the next repeat ready from the start.
    if (wasTransitioning) this.rewind()
    this.el.pause()
    this.log('info', 'Pausar')
  }

  toggle(): Promise<boolean> {
    if (wantsSound(this.getSnapshot())) {
      this.pause()
      return Promise.resolve(false)
    }
    return this.play()
  }

  /**
   * The listener asked to hear this audio before it finished loading ('Tocar playlist'): the
   * playing intention is recorded now and playback starts as soon as the audio is ready, without
   * the 'still loading' notice. Once loaded it is play().
   */
  playWhenReady(): Promise<boolean> {
    if (this.destroyed) return Promise.resolve(false)
    const { status } = this.getSnapshot()
    if (status === 'idle' || status === 'loading') {
      this.setState({ isPlayingIntent: true, error: null, hint: null })
      this.log('info', 'Reproduzir quando carregar')
      return Promise.resolve(false)
    }
    return this.play()
  }

  /**
   * Whether another audio follows this one (a playlist with a next item). When it does, a finished
   * cycle keeps the playing intention, so the next source starts by itself once loaded.
   */
  continueWithNext(follows: boolean): void {
    this.nextFollows = follows
  }

  /** Moves to `seconds` (clamped to the duration). */
  seek(seconds: number): void {
    if (this.destroyed || !Number.isFinite(seconds)) return
    const { duration } = this.getSnapshot()
    const target = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds)
    try {
      this.el.currentTime = target
    } catch {
      return // not seekable yet
    }
    this.setState({ currentTime: target })
    // A jump is not listening: what it skipped is not counted.
    this.counter.follow(target, false)
  }

  /** In a session: to the start of the audio at `index` of the listener's list (false when it is not in this stream). */
  seekToItem(index: number): boolean {
    const at = this.counter.positionOf(index)
    if (at === null) return false
    this.moveTo(at)
    return true
  }

  /** Back to the start with the repeat counter cleared; keeps playing if it was. */
  reset(): void {
    if (this.destroyed) return
    this.counter.reset()
    this.log('info', 'Reiniciar')
  }

  /** The 'Tentar novamente' action: reloads now with a fresh retry budget. */
  retry(): void {
    if (this.destroyed) return
    this.media.retry()
  }

  /**
   * URL check of `url` (default: the current source). While it runs the snapshot says isValidating.
   * A valid URL after an error triggers a reload.
   */
  validateUrl(url?: string): Promise<UrlValidationResult> {
    return this.media.validateUrl(url)
  }

  /** Inspects element, file and server; toasts the outcome. Null when it could not run. */
  runDiagnostics(): Promise<DiagnosticsReport | null> {
    return this.media.runDiagnostics()
  }

  /** Loads the current source in a silent probe element and tries to play it. */
  testPlayback(): Promise<PlaybackTestResult> {
    return this.media.testPlayback()
  }

  /** Oldest first, at most the latest 100 entries. */
  getDiagnosticsLog(): readonly DiagnosticsEntry[] {
    return this.diagnosticsLog.entries()
  }

  /** Clears every timer and listener and releases the element. Later calls do nothing. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.counter.cancelWait()
    this.detachElement()
    this.media.release()
    this.events.clear()
    this.clearSubscribers()
  }

  get isDestroyed(): boolean {
    return this.destroyed
  }

  // ---------------------------------------------------------------- sources

  /** Switches to `counter` for the new source and starts loading it; the playing intention is kept. */
  private beginSource(counter: RepeatCounter, load: MediaLoad): void {
    this.counter.cancelWait()
    this.counter = counter
    this.sourceToken++
    this.autoPlayConsumed = false
    this.media.begin({ ...load, state: { currentTime: 0, session: null, ...load.state, ...counter.start() } })
  }

  /** The loader has the source ready: back to where it was, then play if the listener wants to. */
  private loaded(resumeAt: number): void {
    if (resumeAt > 0) this.seek(resumeAt)
    const { knownDuration } = this.counter
    if (knownDuration !== null) this.setState({ duration: knownDuration })
    const { isPlayingIntent } = this.getSnapshot()
    const autoPlay = this.settings.autoPlay && !this.autoPlayConsumed
    this.autoPlayConsumed = true
    if (isPlayingIntent || autoPlay) {
      this.setState({ isPlayingIntent: true })
      void this.playElement()
    }
  }

  // ---------------------------------------------------------------- playback

  private async playElement(): Promise<boolean> {
    const token = this.sourceToken
    try {
      await this.el.play()
    } catch (error) {
      if (this.destroyed || token !== this.sourceToken) return false
      const name = errorName(error)
      // Interrupted by pause() or a new load: not a failure.
      if (name === 'AbortError') return false
      if (name === 'NotAllowedError') {
        this.setState({ isPlayingIntent: false, error: PLAYER_MSG.autoplayBlocked, hint: null, ...this.stoppedStatus() })
        this.log('warning', 'Reprodução bloqueada pelo navegador')
        this.notify({ tone: 'info', title: PLAYER_MSG.autoplayTitle, description: PLAYER_MSG.autoplayBlocked })
        return false
      }
      this.setState({ isPlayingIntent: false, error: PLAYER_MSG.playFailed, hint: null, ...this.stoppedStatus() })
      this.log('error', 'Erro ao reproduzir', errorMessage(error))
      this.notify({ tone: 'error', title: PLAYER_MSG.errorTitle, description: PLAYER_MSG.playFailed })
      return false
    }
    if (this.destroyed || token !== this.sourceToken) return false
    if (!this.getSnapshot().isPlayingIntent) {
      // pause() arrived while play() was pending.
      this.el.pause()
      return false
    }
    this.setState({ status: 'playing' })
    return true
  }

  private stoppedStatus(): Partial<VoiceSnapshot> {
    const { status } = this.getSnapshot()
    return status === 'transitioning' || status === 'playing' ? { status: 'paused' } : {}
  }

  private rewind(): void {
    try {
      this.el.currentTime = 0
    } catch {
      // not seekable yet
    }
    this.setState({ currentTime: 0 })
  }

  /** A seek that also works while the source is loading (it then waits to be ready). */
  private moveTo(position: number): void {
    if (this.getSnapshot().status !== 'loading') {
      this.seek(position)
      return
    }
    this.media.resumeFrom(position)
    this.counter.follow(position, false)
  }

  // ---------------------------------------------------------------- element events

  /** Playback events; the load events are the loader's. */
  private attachElement(): () => void {
    return listen(this.el, {
      timeupdate: () => {
        if (this.getSnapshot().status === 'transitioning') return
        this.setState({ currentTime: this.el.currentTime })
        this.counter.follow(this.el.currentTime, this.getSnapshot().status === 'playing' || !this.el.paused)
      },
      // A jump (the lock screen's or the browser's controls): not listening.
      seeking: () => this.counter.follow(this.el.currentTime, false),
      playing: () => {
        const { status, isPlayingIntent } = this.getSnapshot()
        if (!LOADED.has(status)) return
        if (!isPlayingIntent && status !== 'transitioning') {
          // Started outside the engine (e.g. browser media controls): follow it.
          this.setState({ isPlayingIntent: true })
        }
        this.setState({ status: 'playing' })
      },
      pause: () => {
        // Browsers fire 'pause' right before 'ended'; that one is handled below.
        if (this.el.ended) return
        if (this.getSnapshot().status !== 'playing') return
        this.setState({ status: 'paused', isPlayingIntent: false })
        this.log('info', 'Pausado fora do player')
      },
      ended: () => {
        const { status } = this.getSnapshot()
        if (status === 'error' || status === 'loading' || status === 'idle') return
        this.counter.ended()
      },
    })
  }

  // ---------------------------------------------------------------- helpers

  private notify(notice: PlayerNotice): void {
    this.events.emit('notice', notice)
  }

  private log(level: DiagnosticsLevel, message: string, detail?: string): void {
    const entry = this.diagnosticsLog.add(level, message, detail)
    this.events.emit('log', entry)
  }
}

export function createVoiceEngine(options: VoiceEngineOptions = {}): VoiceEngine {
  return new VoiceEngine(options)
}
