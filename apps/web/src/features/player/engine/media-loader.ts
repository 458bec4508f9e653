import {
  API,
  AUDIO_LOADING_TIMEOUT_MS,
  AUDIO_MAX_RETRIES,
  AUDIO_READY_MONITOR_DELAY_MS,
  AUDIO_READY_MONITOR_INTERVAL_MS,
  AUDIO_RETRY_BASE_DELAY_MS,
  PLAYER_MSG,
} from '@sintonia/contract'
import { audioErrorHint, describeMediaError, withHint } from './audio-errors'
import { collectDiagnostics, testAudioPlayback, type DiagnosticsReport, type PlaybackTestResult } from './diagnostics'
import { createAudioElement, errorMessage, type MediaElementLike } from './store'
import { defaultBaseUrl, defaultFetch, validateAudioUrl, type FetchLike, type UrlValidationResult } from './validate-url'
import type { PlayerNotice, VoiceEngineOptions, VoicePart, VoiceSnapshot } from './voice-types'

/** HTMLMediaElement.HAVE_METADATA */
const HAVE_METADATA = 1

type TimerName = 'loadTimeout' | 'monitorStart' | 'monitor' | 'retry'

/** What the loader needs from the engine besides its state. */
export interface MediaLoaderHost extends VoicePart {
  notify(notice: PlayerNotice): void
  /** The source is ready to play; `resumeAt` is where playback was before a reload (0: the start). */
  loaded(resumeAt: number): void
  /** A failure or a reload: whatever waits to play (the pause between repeats) must not. */
  interrupted(): void
}

export type MediaLoaderOptions = Pick<VoiceEngineOptions, 'fetch' | 'baseUrl' | 'createProbe' | 'healthUrl' | 'isOnline'>

/** A new source for `MediaLoader.begin`. */
export interface MediaLoad {
  /** Trimmed; empty clears the element. */
  src: string
  /** Where to start once loaded (seconds). */
  resumeAt: number
  /** The address to reload from when `src` stops answering (a session's own address), or null. */
  fallbackUrl: string | null
  /** The caller's fields for the new source, set together with the load's own. */
  state: Partial<VoiceSnapshot>
}

/**
 * The voice element's lifecycle (docs/product/listening.md#loading-timeouts-and-retries): loading
 * with a 5 s timeout and a ready-state monitor, automatic retries with backoff, the URL check and
 * the diagnostics. It owns the snapshot's load fields (status while loading or in error, error,
 * hint, attempt, canValidate, isValidating, src, duration); what plays and how it is counted is the
 * engine's.
 */
export class MediaLoader {
  private readonly el: MediaElementLike
  private readonly fetchFn: FetchLike
  private readonly baseUrl: string | undefined
  private readonly createProbe: () => MediaElementLike | null
  private readonly healthUrl: string | null
  private readonly isOnline: (() => boolean) | undefined
  private readonly timers = new Map<TimerName, ReturnType<typeof setTimeout>>()
  private readonly detachElement: () => void
  /** Automatic retries spent since the last successful load (max AUDIO_MAX_RETRIES). */
  private retriesUsed = 0
  /** Position to restore after a (re)load. */
  private resumeAt = 0
  private fallbackUrl: string | null = null
  /** Some of the file arrived during the current load attempt (a slow connection rather than none). */
  private dataArrived = false
  private validationToken = 0
  private released = false

  constructor(
    private readonly host: MediaLoaderHost,
    options: MediaLoaderOptions = {},
  ) {
    this.el = host.element
    this.fetchFn = options.fetch ?? defaultFetch
    this.baseUrl = options.baseUrl ?? defaultBaseUrl()
    this.createProbe = options.createProbe ?? createAudioElement
    this.healthUrl = options.healthUrl === undefined ? API.health : options.healthUrl
    this.isOnline = options.isOnline
    this.detachElement = this.attachElement()
  }

  /** Loads a new source with a fresh retry budget (an empty `src` clears the element). */
  begin(load: MediaLoad): void {
    const { src } = load
    this.validationToken++
    this.clearAllTimers()
    this.retriesUsed = 0
    this.resumeAt = Math.max(0, load.resumeAt)
    this.fallbackUrl = load.fallbackUrl
    this.host.setState({
      status: src ? 'loading' : 'idle',
      src,
      error: null,
      hint: null,
      attempt: src ? 1 : 0,
      canValidate: false,
      retrying: false,
      isValidating: false,
      ...load.state,
    })
    if (!src) {
      this.el.pause()
      this.el.removeAttribute('src')
      this.host.log('info', 'Fonte removida')
      return
    }
    this.host.log('info', 'Carregando áudio', src)
    this.el.src = src
    this.startLoad()
  }

  /** Where to start once the load in progress is ready. */
  resumeFrom(position: number): void {
    this.resumeAt = position
  }

  /** The 'Tentar novamente' action: reloads now with a fresh retry budget. */
  retry(): void {
    if (this.released) return
    const { src, attempt, currentTime } = this.host.getSnapshot()
    if (!src) return
    this.clearAllTimers()
    this.host.interrupted()
    this.retriesUsed = 0
    this.resumeAt = currentTime
    this.host.setState({ attempt: attempt + 1, canValidate: attempt + 1 >= 2 })
    this.host.log('info', 'Nova tentativa manual', `tentativa ${attempt + 1}`)
    this.startLoad()
  }

  /**
   * URL check of `url` (default: the current source). While it runs the snapshot says isValidating.
   * A valid URL after an error triggers a reload.
   */
  async validateUrl(url?: string): Promise<UrlValidationResult> {
    const { host } = this
    const target = url ?? host.getSnapshot().src
    const token = ++this.validationToken
    host.setState({ isValidating: true })
    host.log('info', 'Validando URL', target)
    const result = await validateAudioUrl(target, { fetch: this.fetchFn, ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}) })
    if (this.released || token !== this.validationToken) return result
    host.setState({ isValidating: false })
    if (!result.ok) {
      const message = result.error ?? PLAYER_MSG.mediaUnknown
      host.log('error', 'Validação falhou', message)
      if (host.getSnapshot().status === 'error') host.setState({ error: message, hint: audioErrorHint(message) })
      host.notify({ tone: 'error', title: PLAYER_MSG.errorTitle, description: withHint(message, audioErrorHint(message)) })
      return result
    }
    if (result.warning) {
      host.log('warning', 'Tipo de conteúdo inesperado', result.warning)
      host.notify({ tone: 'warning', title: PLAYER_MSG.urlValid, description: result.warning })
    } else {
      host.log('info', 'URL válida', result.contentType ?? undefined)
      host.notify({ tone: 'success', title: PLAYER_MSG.urlValid })
    }
    if (url === undefined && host.getSnapshot().status === 'error') this.retry()
    return result
  }

  /** Inspects element, file and server; toasts the outcome. Null when it could not run. */
  async runDiagnostics(): Promise<DiagnosticsReport | null> {
    const { host } = this
    if (this.released) {
      host.notify({ tone: 'error', title: PLAYER_MSG.elementMissing, description: PLAYER_MSG.elementMissingDetail })
      return null
    }
    try {
      const report = await collectDiagnostics({
        element: this.el,
        url: host.getSnapshot().src,
        fetch: this.fetchFn,
        healthUrl: this.healthUrl,
        ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}),
        ...(this.isOnline ? { isOnline: this.isOnline } : {}),
      })
      if (this.released) return report
      this.announce(report.ok, 'Diagnóstico', report.summary, PLAYER_MSG.diagnosticsDone, PLAYER_MSG.diagnosticsProblem)
      return report
    } catch (error) {
      host.log('error', 'Erro no diagnóstico', errorMessage(error))
      host.notify({ tone: 'error', title: PLAYER_MSG.diagnosticsError, description: errorMessage(error) })
      return null
    }
  }

  /** Loads the current source in a silent probe element and tries to play it. */
  async testPlayback(): Promise<PlaybackTestResult> {
    const { host } = this
    if (this.released) {
      host.notify({ tone: 'error', title: PLAYER_MSG.elementMissing, description: PLAYER_MSG.elementMissingDetail })
      return { ok: false, message: PLAYER_MSG.elementMissing }
    }
    const result = await testAudioPlayback(host.getSnapshot().src, { createProbe: this.createProbe })
    if (this.released) return result
    this.announce(result.ok, 'Teste de reprodução', result.message, PLAYER_MSG.testSucceeded, PLAYER_MSG.testFailed)
    return result
  }

  /** Logs a check's outcome and tells the listener, with the title of success or of failure. */
  private announce(ok: boolean, logTitle: string, detail: string, succeeded: string, failed: string): void {
    this.host.log(ok ? 'info' : 'error', logTitle, detail)
    this.host.notify({ tone: ok ? 'success' : 'error', title: ok ? succeeded : failed, description: detail })
  }

  /** Clears every timer and listener and empties the element. Later calls do nothing. */
  release(): void {
    if (this.released) return
    this.released = true
    this.clearAllTimers()
    this.detachElement()
    this.el.pause()
    this.el.removeAttribute('src')
  }

  // ---------------------------------------------------------------- loading

  private startLoad(): void {
    this.clearLoadTimers()
    this.dataArrived = false
    this.host.setState({ status: 'loading', error: null, hint: null, retrying: false })
    this.host.log('info', 'Iniciando carregamento', `tentativa ${this.host.getSnapshot().attempt}`)
    this.el.load()
    this.setTimer('loadTimeout', AUDIO_LOADING_TIMEOUT_MS, () => this.onLoadTimeout())
    this.setTimer('monitorStart', AUDIO_READY_MONITOR_DELAY_MS, () => {
      this.checkReadyState()
      if (this.host.getSnapshot().status !== 'loading') return
      this.timers.set(
        'monitor',
        setInterval(() => this.checkReadyState(), AUDIO_READY_MONITOR_INTERVAL_MS),
      )
    })
  }

  /** The ready-state monitor: forces loading complete once metadata is available. */
  private checkReadyState(): void {
    if (this.host.getSnapshot().status !== 'loading') {
      this.clearTimer('monitor')
      return
    }
    if (this.el.readyState >= HAVE_METADATA) this.markReady('monitor')
  }

  private onLoadTimeout(): void {
    if (this.host.getSnapshot().status !== 'loading') return
    if (this.el.readyState >= HAVE_METADATA) this.markReady('timeout-check')
    // Part of the file came, but not enough to start: the connection is slow rather than absent.
    else this.fail(this.dataArrived ? PLAYER_MSG.slowLoad : PLAYER_MSG.loadTimeout)
  }

  private markReady(reason: string): void {
    this.clearLoadTimers()
    this.retriesUsed = 0
    const duration = this.readDuration()
    this.host.setState({ status: 'ready', error: null, hint: null, ...(duration > 0 ? { duration } : {}) })
    this.host.log('info', 'Áudio pronto', reason)
    const resumeAt = this.resumeAt
    this.resumeAt = 0
    this.host.loaded(resumeAt)
  }

  private fail(message: string): void {
    const { host } = this
    this.clearLoadTimers()
    host.interrupted()
    const hint = audioErrorHint(message)
    const { currentTime } = host.getSnapshot()
    if (currentTime > 0) this.resumeAt = currentTime
    this.leaveExpiredAddress()
    host.log('error', message)
    if (this.retriesUsed < AUDIO_MAX_RETRIES) {
      const delay = AUDIO_RETRY_BASE_DELAY_MS * 2 ** this.retriesUsed
      this.retriesUsed++
      host.setState({ status: 'error', error: message, hint, retrying: true })
      host.log('warning', 'Nova tentativa agendada', `${delay} ms`)
      host.notify({ tone: 'error', title: PLAYER_MSG.retrying, description: withHint(message, hint) })
      this.setTimer('retry', delay, () => {
        const attempt = host.getSnapshot().attempt + 1
        host.setState({ attempt, canValidate: attempt >= 2 })
        this.startLoad()
      })
      return
    }
    host.setState({ status: 'error', error: PLAYER_MSG.maxRetries, hint, retrying: false })
    host.log('error', PLAYER_MSG.maxRetries)
    host.notify({
      tone: 'error',
      title: PLAYER_MSG.persistent,
      description: withHint(PLAYER_MSG.maxRetries, hint),
      action: { label: PLAYER_MSG.retryAction, run: () => this.retry() },
    })
  }

  /** The source's address stopped answering and it has a fallback (a session's own address): retries go there. */
  private leaveExpiredAddress(): void {
    const fallback = this.fallbackUrl
    if (!fallback || this.host.getSnapshot().src === fallback) return
    this.host.log('warning', 'Endereço do áudio expirou; pedindo outro', fallback)
    this.host.setState({ src: fallback })
    this.el.src = fallback
  }

  // ---------------------------------------------------------------- element events

  private attachElement(): () => void {
    const readDurationNow = () => {
      const duration = this.readDuration()
      if (duration > 0) this.host.setState({ duration })
    }
    const readyFromEvent = (reason: string) => () => {
      readDurationNow()
      if (this.host.getSnapshot().status === 'loading') this.markReady(reason)
    }
    return listen(this.el, {
      progress: () => {
        if (this.host.getSnapshot().status === 'loading') this.dataArrived = true
      },
      loadedmetadata: readyFromEvent('loadedmetadata'),
      canplay: readyFromEvent('canplay'),
      durationchange: readDurationNow,
      error: () => {
        const { status, src } = this.host.getSnapshot()
        if (!src || status === 'idle' || status === 'error') return
        this.fail(describeMediaError(this.el.error))
      },
    })
  }

  private readDuration(): number {
    const value = this.el.duration
    if (Number.isFinite(value) && value > 0) return value
    return this.host.getSnapshot().duration
  }

  // ---------------------------------------------------------------- timers

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
}

/** Adds `handlers` to `target`'s events; returns the function that removes them all. */
export function listen(target: EventTarget, handlers: Record<string, () => void>): () => void {
  const entries = Object.entries(handlers)
  for (const [type, handler] of entries) target.addEventListener(type, handler)
  return () => {
    for (const [type, handler] of entries) target.removeEventListener(type, handler)
  }
}
