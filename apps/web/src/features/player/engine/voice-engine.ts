import {
  API,
  AUDIO_DEFAULT_AUTOPLAY,
  AUDIO_DEFAULT_PAUSE_BETWEEN_REPEATS_S,
  AUDIO_DEFAULT_REPEAT_COUNT,
  AUDIO_DEFAULT_VOLUME,
  AUDIO_LOADING_TIMEOUT_MS,
  AUDIO_MAX_RETRIES,
  AUDIO_READY_MONITOR_DELAY_MS,
  AUDIO_READY_MONITOR_INTERVAL_MS,
  AUDIO_RETRY_BASE_DELAY_MS,
  itemIndexAt,
  PLAYER_MSG,
  repetitionsHeardAt,
  repetitionsPassed,
  type SessionManifest,
} from '@sintonia/contract'
import { audioErrorHint, describeMediaError } from './audio-errors'
import { collectDiagnostics, testAudioPlayback, type DiagnosticsReport, type PlaybackTestResult } from './diagnostics'
import { DiagnosticsLog, type DiagnosticsEntry, type DiagnosticsLevel } from './diagnostics-log'
import { resolvePlayableUrl, type PlayableAudio, type PlayableUrlResolver } from './offline-source'
import {
  createAudioElement,
  Emitter,
  errorMessage,
  errorName,
  SnapshotStore,
  type MediaElementLike,
} from './store'
import { defaultBaseUrl, defaultFetch, validateAudioUrl, type FetchLike, type UrlValidationResult } from './validate-url'

/** HTMLMediaElement.HAVE_METADATA */
const HAVE_METADATA = 1

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

type TimerName = 'loadTimeout' | 'monitorStart' | 'monitor' | 'retry' | 'transition'

const LOADED: ReadonlySet<VoiceStatus> = new Set(['ready', 'playing', 'paused', 'transitioning'])

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

/**
 * The voice half of the audio engine (docs/product/listening.md#audio-engine): loading with a 5 s
 * timeout and a ready-state monitor, automatic retries, the repeat counter with an optional
 * pause between repeats, autoplay-policy handling, URL validation and diagnostics.
 * Framework-free; the UI reads `getSnapshot()`/`subscribe()` and listens to `on('notice')`.
 */
export class VoiceEngine extends SnapshotStore<VoiceSnapshot> {
  private readonly el: MediaElementLike
  private readonly events = new Emitter<VoiceEngineEvents>()
  private readonly diagnosticsLog = new DiagnosticsLog()
  private readonly fetchFn: FetchLike
  private readonly baseUrl: string | undefined
  private readonly createProbe: () => MediaElementLike | null
  private readonly resolveUrl: PlayableUrlResolver
  private readonly healthUrl: string | null
  private readonly isOnline: (() => boolean) | undefined
  private settings: VoiceSettings
  private readonly timers = new Map<TimerName, ReturnType<typeof setTimeout>>()
  private readonly detachElement: () => void
  /** Automatic retries spent since the last successful load (max AUDIO_MAX_RETRIES). */
  private retriesUsed = 0
  /** Position to restore after a retry reload. */
  private resumeAt = 0
  private autoPlayConsumed = false
  /** A next audio follows this one (a playlist): a finished cycle keeps the playing intention for it. */
  private nextFollows = false
  /** The current source's own repetition count (VoiceSourceMeta.repeatCount), over the preference. */
  private sourceRepeatCount: number | null = null
  /** Some of the file arrived during the current load attempt (a slow connection rather than none). */
  private dataArrived = false
  private sourceToken = 0
  private validationToken = 0
  private destroyed = false
  /** The rendered session being played, or null (a single audio, repeated by this code). */
  private session: VoiceSession | null = null
  /** The position up to which the session's repetitions were counted. */
  private countedTo = 0

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
      isValidating: false,
      src: '',
      meta: null,
      session: null,
    })
    const element = options.element ?? createAudioElement()
    if (!element) throw new Error('VoiceEngine: no audio element available')
    this.el = element
    this.settings = settings
    this.fetchFn = options.fetch ?? defaultFetch
    this.baseUrl = options.baseUrl ?? defaultBaseUrl()
    this.createProbe = options.createProbe ?? createAudioElement
    this.resolveUrl = options.resolveUrl ?? resolvePlayableUrl
    this.healthUrl = options.healthUrl === undefined ? API.health : options.healthUrl
    this.isOnline = options.isOnline
    this.el.preload = 'auto'
    this.el.volume = settings.volume / 100
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
    // A session's counts are in its stream; a new setting there means a new session (the page's).
    if (!this.session) this.setState({ repeatTarget: this.repeatTarget() })
  }

  /** Loads a new source. Counters and retries reset; the playing intention is kept (next audio keeps playing). */
  setSource(url: string, meta: VoiceSourceMeta | null = null): void {
    if (this.destroyed) return
    this.session = null
    this.beginSource(url, meta)
  }

  /**
   * Loads a rendered session: one stream for every repetition, pause and the music under them.
   * Playback starts at `startAt` seconds (a chosen audio, a changed setting); the playing
   * intention is kept, like setSource.
   */
  loadSession(url: string, session: VoiceSession, startAt = 0): void {
    if (this.destroyed) return
    this.session = session
    this.beginSource(url, null)
    this.countedTo = Math.max(0, startAt)
    this.resumeAt = Math.max(0, startAt)
    this.setState({ duration: session.manifest.durationSeconds })
    this.followSession(this.countedTo, false)
  }

  /** The session playing, if any. */
  get currentSession(): VoiceSession | null {
    return this.session
  }

  private beginSource(url: string, meta: VoiceSourceMeta | null): void {
    this.sourceToken++
    this.validationToken++
    this.clearAllTimers()
    this.retriesUsed = 0
    this.resumeAt = 0
    this.autoPlayConsumed = false
    const duration = meta?.durationSeconds && meta.durationSeconds > 0 ? meta.durationSeconds : 0
    const trimmed = url.trim()
    const own = meta?.repeatCount
    this.sourceRepeatCount = typeof own === 'number' && Number.isInteger(own) && own >= 1 ? own : null
    const target = this.repeatTarget()
    this.setState({
      status: trimmed ? 'loading' : 'idle',
      src: trimmed,
      meta,
      currentTime: 0,
      duration,
      completedRepeats: startingRepeats(meta?.completedRepeats, target),
      repeatTarget: target,
      error: null,
      hint: null,
      attempt: trimmed ? 1 : 0,
      canValidate: false,
      isValidating: false,
      session: null,
    })
    if (!trimmed) {
      this.el.pause()
      this.el.removeAttribute('src')
      this.log('info', 'Fonte removida')
      return
    }
    this.log('info', 'Carregando áudio', trimmed)
    this.el.src = trimmed
    this.startLoad()
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
   * Starts (or resumes) the voice. Refuses with a notice while loading/validating or in error.
   * Resolves true when the element is playing.
   */
  async play(): Promise<boolean> {
    if (this.destroyed) return false
    const { status } = this.getSnapshot()
    if (status === 'idle') {
      this.log('warning', 'play() sem fonte')
      return false
    }
    if (status === 'loading') {
      const snapshot = this.getSnapshot()
      this.notify({ tone: 'info', title: snapshot.isValidating ? PLAYER_MSG.validating : PLAYER_MSG.stillLoading })
      return false
    }
    if (status === 'error') {
      const { error, hint } = this.getSnapshot()
      this.notify({
        tone: 'error',
        title: PLAYER_MSG.errorTitle,
        description: joinText(error ?? PLAYER_MSG.mediaUnknown, hint),
        action: { label: PLAYER_MSG.retryAction, run: () => this.retry() },
      })
      return false
    }
    if (status === 'playing' && !this.el.paused) return true

    this.clearTimer('transition')
    const snapshot = this.getSnapshot()
    if (this.session) {
      // A session heard to its end starts again from its beginning.
      if (this.el.ended) this.rewind()
    } else {
      const cycleDone = snapshot.repeatTarget > 0 && snapshot.completedRepeats >= snapshot.repeatTarget
      if (status === 'transitioning' || cycleDone || this.el.ended) this.rewind()
      if (cycleDone) this.setState({ completedRepeats: 0 })
    }
    this.setState({ isPlayingIntent: true, error: null, hint: null })
    this.log('info', 'Reproduzir')
    return this.playElement()
  }

  /** Stops the voice and clears the playing intention. */
  pause(): void {
    if (this.destroyed) return
    const { status } = this.getSnapshot()
    const wasTransitioning = status === 'transitioning'
    this.clearTimer('transition')
    const stopped = status === 'playing' || status === 'transitioning'
    this.setState({ isPlayingIntent: false, ...(stopped ? { status: 'paused' as const } : {}) })
    // A pause during the wait between repeats leaves the next repeat ready from the start.
    if (wasTransitioning) this.rewind()
    this.el.pause()
    this.log('info', 'Pausar')
  }

  toggle(): Promise<boolean> {
    if (this.getSnapshot().isPlayingIntent) {
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
    if (this.session) {
      this.countedTo = target
      this.followSession(target, false)
    }
  }

  /** In a session: to the start of the audio at `index` of the listener's list (false when it is not in this stream). */
  seekToItem(index: number): boolean {
    const session = this.session
    const item = session?.manifest.items[index - (session?.firstIndex ?? 0)]
    if (!session || !item) return false
    const at = index === session.firstIndex ? 0 : Math.max(0, item.start - 1)
    if (this.getSnapshot().status === 'loading') {
      this.resumeAt = at
      this.countedTo = at
      this.followSession(at, false)
    } else this.seek(at)
    return true
  }

  /** Back to the start with the repeat counter cleared; keeps playing if it was. */
  reset(): void {
    if (this.destroyed) return
    if (this.session) {
      // Back to the start of the audio playing now: its counter reads from there.
      this.seekToItem(this.getSnapshot().session?.index ?? this.session.firstIndex)
      this.log('info', 'Reiniciar')
      return
    }
    const wasTransitioning = this.getSnapshot().status === 'transitioning'
    this.clearTimer('transition')
    this.rewind()
    this.setState({ completedRepeats: 0 })
    this.log('info', 'Reiniciar')
    if (wasTransitioning) void this.playElement()
  }

  /** The 'Tentar novamente' action: reloads now with a fresh retry budget. */
  retry(): void {
    if (this.destroyed) return
    const { src, attempt, currentTime } = this.getSnapshot()
    if (!src) return
    this.clearAllTimers()
    this.retriesUsed = 0
    this.resumeAt = currentTime
    this.setState({ attempt: attempt + 1, canValidate: attempt + 1 >= 2 })
    this.log('info', 'Nova tentativa manual', `tentativa ${attempt + 1}`)
    this.startLoad()
  }

  /**
   * URL check of `url` (default: the current source). While it runs the snapshot says isValidating.
   * A valid URL after an error triggers a reload.
   */
  async validateUrl(url?: string): Promise<UrlValidationResult> {
    const target = url ?? this.getSnapshot().src
    const token = ++this.validationToken
    this.setState({ isValidating: true })
    this.log('info', 'Validando URL', target)
    const result = await validateAudioUrl(target, { fetch: this.fetchFn, ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}) })
    if (this.destroyed || token !== this.validationToken) return result
    this.setState({ isValidating: false })
    if (!result.ok) {
      const message = result.error ?? PLAYER_MSG.mediaUnknown
      this.log('error', 'Validação falhou', message)
      if (this.getSnapshot().status === 'error') this.setState({ error: message, hint: audioErrorHint(message) })
      this.notify({ tone: 'error', title: PLAYER_MSG.errorTitle, description: joinText(message, audioErrorHint(message)) })
      return result
    }
    if (result.warning) {
      this.log('warning', 'Tipo de conteúdo inesperado', result.warning)
      this.notify({ tone: 'warning', title: PLAYER_MSG.urlValid, description: result.warning })
    } else {
      this.log('info', 'URL válida', result.contentType ?? undefined)
      this.notify({ tone: 'success', title: PLAYER_MSG.urlValid })
    }
    if (url === undefined && this.getSnapshot().status === 'error') this.retry()
    return result
  }

  /** Inspects element, file and server; toasts the outcome. Null when it could not run. */
  async runDiagnostics(): Promise<DiagnosticsReport | null> {
    if (this.destroyed) {
      this.notify({ tone: 'error', title: PLAYER_MSG.elementMissing, description: PLAYER_MSG.elementMissingDetail })
      return null
    }
    try {
      const report = await collectDiagnostics({
        element: this.el,
        url: this.getSnapshot().src,
        fetch: this.fetchFn,
        healthUrl: this.healthUrl,
        ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}),
        ...(this.isOnline ? { isOnline: this.isOnline } : {}),
      })
      if (this.destroyed) return report
      this.log(report.ok ? 'info' : 'error', 'Diagnóstico', report.summary)
      this.notify(
        report.ok
          ? { tone: 'success', title: PLAYER_MSG.diagnosticsDone, description: report.summary }
          : { tone: 'error', title: PLAYER_MSG.diagnosticsProblem, description: report.summary },
      )
      return report
    } catch (error) {
      this.log('error', 'Erro no diagnóstico', errorMessage(error))
      this.notify({ tone: 'error', title: PLAYER_MSG.diagnosticsError, description: errorMessage(error) })
      return null
    }
  }

  /** Loads the current source in a silent probe element and tries to play it. */
  async testPlayback(): Promise<PlaybackTestResult> {
    if (this.destroyed) {
      this.notify({ tone: 'error', title: PLAYER_MSG.elementMissing, description: PLAYER_MSG.elementMissingDetail })
      return { ok: false, message: PLAYER_MSG.elementMissing }
    }
    const result = await testAudioPlayback(this.getSnapshot().src, { createProbe: this.createProbe })
    if (this.destroyed) return result
    this.log(result.ok ? 'info' : 'error', 'Teste de reprodução', result.message)
    this.notify(
      result.ok
        ? { tone: 'success', title: PLAYER_MSG.testSucceeded, description: result.message }
        : { tone: 'error', title: PLAYER_MSG.testFailed, description: result.message },
    )
    return result
  }

  /** Oldest first, at most the latest 100 entries. */
  getDiagnosticsLog(): readonly DiagnosticsEntry[] {
    return this.diagnosticsLog.entries()
  }

  /** Clears every timer and listener and releases the element. Later calls do nothing. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.clearAllTimers()
    this.detachElement()
    this.el.pause()
    this.el.removeAttribute('src')
    this.events.clear()
    this.clearSubscribers()
  }

  get isDestroyed(): boolean {
    return this.destroyed
  }

  // ---------------------------------------------------------------- loading

  private startLoad(): void {
    this.clearLoadTimers()
    this.clearTimer('transition')
    this.dataArrived = false
    this.setState({ status: 'loading', error: null, hint: null })
    this.log('info', 'Iniciando carregamento', `tentativa ${this.getSnapshot().attempt}`)
    this.el.load()
    this.setTimer('loadTimeout', AUDIO_LOADING_TIMEOUT_MS, () => this.onLoadTimeout())
    this.setTimer('monitorStart', AUDIO_READY_MONITOR_DELAY_MS, () => {
      this.checkReadyState()
      if (this.getSnapshot().status !== 'loading') return
      this.timers.set(
        'monitor',
        setInterval(() => this.checkReadyState(), AUDIO_READY_MONITOR_INTERVAL_MS),
      )
    })
  }

  /** The ready-state monitor: forces loading complete once metadata is available. */
  private checkReadyState(): void {
    if (this.getSnapshot().status !== 'loading') {
      this.clearTimer('monitor')
      return
    }
    if (this.el.readyState >= HAVE_METADATA) this.markReady('monitor')
  }

  private onLoadTimeout(): void {
    if (this.getSnapshot().status !== 'loading') return
    if (this.el.readyState >= HAVE_METADATA) this.markReady('timeout-check')
    // Part of the file came, but not enough to start: the connection is slow rather than absent.
    else this.fail(this.dataArrived ? PLAYER_MSG.slowLoad : PLAYER_MSG.loadTimeout)
  }

  private markReady(reason: string): void {
    this.clearLoadTimers()
    this.retriesUsed = 0
    const duration = this.readDuration()
    this.setState({ status: 'ready', error: null, hint: null, ...(duration > 0 ? { duration } : {}) })
    this.log('info', 'Áudio pronto', reason)
    if (this.resumeAt > 0) {
      const at = this.resumeAt
      this.resumeAt = 0
      this.seek(at)
    }
    if (this.session) this.setState({ duration: this.session.manifest.durationSeconds })
    const { isPlayingIntent } = this.getSnapshot()
    const autoPlay = this.settings.autoPlay && !this.autoPlayConsumed
    this.autoPlayConsumed = true
    if (isPlayingIntent || autoPlay) {
      this.setState({ isPlayingIntent: true })
      void this.playElement()
    }
  }

  private fail(message: string): void {
    this.clearLoadTimers()
    this.clearTimer('transition')
    const hint = audioErrorHint(message)
    const { currentTime } = this.getSnapshot()
    if (currentTime > 0) this.resumeAt = currentTime
    this.leaveExpiredAddress()
    this.log('error', message)
    if (this.retriesUsed < AUDIO_MAX_RETRIES) {
      const delay = AUDIO_RETRY_BASE_DELAY_MS * 2 ** this.retriesUsed
      this.retriesUsed++
      this.setState({ status: 'error', error: message, hint })
      this.log('warning', 'Nova tentativa agendada', `${delay} ms`)
      this.notify({ tone: 'error', title: PLAYER_MSG.retrying, description: joinText(message, hint) })
      this.setTimer('retry', delay, () => {
        const attempt = this.getSnapshot().attempt + 1
        this.setState({ attempt, canValidate: attempt >= 2 })
        this.startLoad()
      })
      return
    }
    this.setState({ status: 'error', error: PLAYER_MSG.maxRetries, hint })
    this.log('error', PLAYER_MSG.maxRetries)
    this.notify({
      tone: 'error',
      title: PLAYER_MSG.persistent,
      description: joinText(PLAYER_MSG.maxRetries, hint),
      action: { label: PLAYER_MSG.retryAction, run: () => this.retry() },
    })
  }

  /**
   * A stored session played from the signed address its manifest carried (ADR 021) that stops
   * answering — expired during a long pause, or refused: the retries go to the session's own
   * address, which authorises again and redirects to a fresh one.
   */
  private leaveExpiredAddress(): void {
    const session = this.session
    const { src } = this.getSnapshot()
    if (!session?.manifest.direct || src !== session.manifest.direct.url || src === session.manifest.url) return
    this.log('warning', 'Endereço do áudio expirou; pedindo outro', session.manifest.url)
    this.setState({ src: session.manifest.url })
    this.el.src = session.manifest.url
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

  private onEnded(): void {
    const snapshot = this.getSnapshot()
    if (snapshot.status === 'error' || snapshot.status === 'loading' || snapshot.status === 'idle') return
    if (this.session) {
      this.followSession(this.session.manifest.durationSeconds, true)
      const continues = snapshot.isPlayingIntent && this.nextFollows
      const after = this.getSnapshot()
      this.setState({ status: 'ready', isPlayingIntent: continues })
      this.log('info', 'Sessão concluída')
      this.events.emit('cycleCompleted', after.completedRepeats)
      return
    }
    const completed = snapshot.completedRepeats + 1
    const target = this.repeatTarget()
    const again = snapshot.isPlayingIntent && (target === 0 || completed < target)
    this.log('info', 'Repetição concluída', String(completed))
    if (again) {
      const waitMs = this.settings.pauseBetweenRepeats * 1000
      this.setState({ completedRepeats: completed, status: 'transitioning', currentTime: snapshot.duration || this.el.currentTime })
      this.emitHeard(completed)
      this.events.emit('repeatCompleted', completed)
      if (this.getSnapshot().status !== 'transitioning') return // a listener paused or reset
      if (waitMs > 0) this.setTimer('transition', waitMs, () => this.replay())
      else this.replay()
    } else {
      // In a playlist the intention carries over to the next audio (its page loads it next).
      const continues = snapshot.isPlayingIntent && this.nextFollows
      this.setState({ completedRepeats: completed, status: 'ready', isPlayingIntent: continues })
      this.emitHeard(completed)
      this.events.emit('repeatCompleted', completed)
      this.events.emit('cycleCompleted', completed)
    }
  }

  /** A repetition heard in single-audio mode: now, of the audio loaded. */
  private emitHeard(completed: number): void {
    const { meta } = this.getSnapshot()
    if (!meta?.id) return
    this.events.emit('repetitionHeard', { index: -1, audioId: meta.id, completed, target: this.repeatTarget(), at: new Date() })
  }

  /**
   * Reads the session at `position`: the audio playing, its counter, whether it is a pause; when
   * `listening`, every repetition that ended since the last reading is heard now, in order, dated
   * by when it ended (the page's code may have been asleep while the stream played on).
   */
  private followSession(position: number, listening: boolean): void {
    const session = this.session
    if (!session) return
    const { manifest, firstIndex } = session
    const before = session.heardBefore ?? []
    if (listening && position > this.countedTo) {
      const now = Date.now()
      const rate = this.el.playbackRate > 0 ? this.el.playbackRate : 1
      for (const passed of repetitionsPassed(manifest, this.countedTo, position)) {
        const item = manifest.items[passed.itemIndex]!
        const completed = (before[passed.itemIndex] ?? 0) + passed.repetition
        const target = manifest.endless ? 0 : (before[passed.itemIndex] ?? 0) + item.repetitions
        const at = new Date(now - Math.max(0, ((position - passed.end) / rate) * 1000))
        this.events.emit('repetitionHeard', { index: firstIndex + passed.itemIndex, audioId: passed.audioId, completed, target, at })
        this.events.emit('repeatCompleted', completed)
      }
    }
    if (position > this.countedTo || !listening) this.countedTo = position
    const itemIndex = itemIndexAt(manifest, position)
    const item = manifest.items[itemIndex]!
    const heard = before[itemIndex] ?? 0
    const current = this.getSnapshot()
    const index = firstIndex + itemIndex
    // Between two voices (a pause, or the breath before the next audio); not the lead-in nor the tail.
    const insideVoice = item.repetitionStarts.some((start, r) => position >= start && position < (item.repetitionEnds[r] ?? Infinity))
    const inPause = !insideVoice && position > manifest.items[0]!.start && position < manifest.items.at(-1)!.end
    const meta =
      current.meta?.id === item.audioId && current.session?.index === index
        ? current.meta
        : { id: item.audioId, title: item.title, fieldTitle: session.contextTitle ?? null }
    this.setState({
      meta,
      completedRepeats: heard + repetitionsHeardAt(item, position),
      repeatTarget: manifest.endless ? 0 : heard + item.repetitions,
      session:
        current.session && current.session.key === manifest.key && current.session.index === index && current.session.inPause === inPause
          ? current.session
          : { key: manifest.key, index, inPause, musicTitle: manifest.music?.title ?? null },
    })
  }

  private replay(): void {
    this.clearTimer('transition')
    this.rewind()
    void this.playElement()
  }

  private rewind(): void {
    try {
      this.el.currentTime = 0
    } catch {
      // not seekable yet
    }
    this.setState({ currentTime: 0 })
  }

  // ---------------------------------------------------------------- element events

  private attachElement(): () => void {
    const offs: Array<() => void> = []
    const on = (type: string, handler: () => void) => {
      this.el.addEventListener(type, handler)
      offs.push(() => this.el.removeEventListener(type, handler))
    }
    const readyFromEvent = (reason: string) => () => {
      const duration = this.readDuration()
      if (duration > 0) this.setState({ duration })
      if (this.getSnapshot().status === 'loading') this.markReady(reason)
    }
    on('progress', () => {
      if (this.getSnapshot().status === 'loading') this.dataArrived = true
    })
    on('loadedmetadata', readyFromEvent('loadedmetadata'))
    on('canplay', readyFromEvent('canplay'))
    on('durationchange', () => {
      const duration = this.readDuration()
      if (duration > 0) this.setState({ duration })
    })
    on('timeupdate', () => {
      if (this.getSnapshot().status === 'transitioning') return
      this.setState({ currentTime: this.el.currentTime })
      if (this.session) this.followSession(this.el.currentTime, this.getSnapshot().status === 'playing' || !this.el.paused)
    })
    on('seeking', () => {
      // A jump (the lock screen's or the browser's controls): not listening.
      if (!this.session) return
      this.countedTo = this.el.currentTime
      this.followSession(this.el.currentTime, false)
    })
    on('playing', () => {
      const { status, isPlayingIntent } = this.getSnapshot()
      if (!LOADED.has(status)) return
      if (!isPlayingIntent && status !== 'transitioning') {
        // Started outside the engine (e.g. browser media controls): follow it.
        this.setState({ isPlayingIntent: true })
      }
      this.setState({ status: 'playing' })
    })
    on('pause', () => {
      // Browsers fire 'pause' right before 'ended'; that one is handled by onEnded.
      if (this.el.ended) return
      if (this.getSnapshot().status !== 'playing') return
      this.setState({ status: 'paused', isPlayingIntent: false })
      this.log('info', 'Pausado fora do player')
    })
    on('ended', () => this.onEnded())
    on('error', () => {
      const { status, src } = this.getSnapshot()
      if (!src || status === 'idle' || status === 'error') return
      this.fail(describeMediaError(this.el.error))
    })
    return () => offs.forEach((off) => off())
  }

  private readDuration(): number {
    const value = this.el.duration
    if (Number.isFinite(value) && value > 0) return value
    return this.getSnapshot().duration
  }

  // ---------------------------------------------------------------- helpers

  /** The repetitions of the current source: its own count when it has one, else the preference (0 = infinite). */
  private repeatTarget(): number {
    return this.sourceRepeatCount ?? this.settings.repeatCount
  }

  private setTimer(name: TimerName, ms: number, run: () => void): void {
    this.clearTimer(name)
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name)
        run()
      }, ms),
    )
  }

  private clearTimer(name: TimerName): void {
    const id = this.timers.get(name)
    if (id === undefined) return
    clearTimeout(id)
    clearInterval(id)
    this.timers.delete(name)
  }

  private clearLoadTimers(): void {
    this.clearTimer('loadTimeout')
    this.clearTimer('monitorStart')
    this.clearTimer('monitor')
  }

  private clearAllTimers(): void {
    for (const name of [...this.timers.keys()]) this.clearTimer(name)
  }

  private notify(notice: PlayerNotice): void {
    this.events.emit('notice', notice)
  }

  private log(level: DiagnosticsLevel, message: string, detail?: string): void {
    const entry = this.diagnosticsLog.add(level, message, detail)
    this.events.emit('log', entry)
  }
}

/** Where a source's counter starts: the repetitions already heard, whole, and below a finite target. */
function startingRepeats(heard: number | undefined, target: number): number {
  if (typeof heard !== 'number' || !Number.isFinite(heard) || heard < 1) return 0
  const whole = Math.floor(heard)
  return target > 0 ? Math.min(whole, target - 1) : whole
}

function joinText(message: string, hint: string | null): string {
  return hint ? `${message} ${hint}` : message
}

export function createVoiceEngine(options: VoiceEngineOptions = {}): VoiceEngine {
  return new VoiceEngine(options)
}
