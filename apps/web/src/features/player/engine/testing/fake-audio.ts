import type { MediaElementLike } from '../store'

export type PlayBehaviour = 'resolve' | 'reject-not-allowed' | 'reject-abort' | 'reject-other' | 'pending'

function domError(name: string, message: string): Error {
  // DOMException exists in jsdom and browsers; the engine only looks at `name`.
  if (typeof DOMException === 'function') return new DOMException(message, name)
  return Object.assign(new Error(message), { name })
}

/**
 * A scriptable stand-in for `<audio>`: tests decide readyState, durations, errors and what
 * play() does, and fire the media events a browser would. Nothing loads by itself.
 * Simplification: a resolving play() resolves at once, even before data arrives ('playing'
 * itself waits for readyState ≥ HAVE_FUTURE_DATA).
 */
export class FakeAudioElement extends EventTarget implements MediaElementLike {
  src = ''
  volume = 1
  muted = false
  preload = ''
  playbackRate = 1
  paused = true
  ended = false
  readyState = 0
  networkState = 0
  duration = Number.NaN
  error: { code: number; message?: string } | null = null
  /** What the next play() calls do. */
  playBehaviour: PlayBehaviour = 'resolve'
  /** canPlayType answer. */
  canPlay = 'maybe'
  playCalls = 0
  pauseCalls = 0
  loadCalls = 0
  private time = 0
  private pendingPlay: { resolve: () => void; reject: (error: unknown) => void } | null = null

  get currentTime(): number {
    return this.time
  }

  set currentTime(value: number) {
    this.time = value
    if (this.ended && value < this.duration) this.ended = false
    // A browser announces a jump before it happens (listeners read the new position).
    this.fire('seeking')
  }

  play(): Promise<void> {
    this.playCalls++
    switch (this.playBehaviour) {
      case 'reject-not-allowed':
        return Promise.reject(domError('NotAllowedError', 'play() failed because the user did not interact'))
      case 'reject-abort':
        return Promise.reject(domError('AbortError', 'The play() request was interrupted'))
      case 'reject-other':
        return Promise.reject(domError('NotSupportedError', 'The element has no supported sources'))
      case 'pending':
        return new Promise<void>((resolve, reject) => {
          this.pendingPlay = { resolve, reject }
        })
      default:
        this.startPlaying()
        return Promise.resolve()
    }
  }

  /** Settles a play() made while playBehaviour was 'pending'. */
  settlePendingPlay(outcome: 'resolve' | 'reject-not-allowed' = 'resolve'): void {
    const pending = this.pendingPlay
    this.pendingPlay = null
    if (!pending) return
    if (outcome === 'resolve') {
      this.startPlaying()
      pending.resolve()
    } else pending.reject(domError('NotAllowedError', 'blocked'))
  }

  pause(): void {
    this.pauseCalls++
    this.abortPendingPlay()
    if (this.paused) return
    this.paused = true
    this.fire('pause')
  }

  load(): void {
    this.loadCalls++
    this.abortPendingPlay()
    this.error = null
    this.ended = false
    this.readyState = 0
    this.networkState = 2 // NETWORK_LOADING
    if (!this.paused) this.paused = true
    this.fire('loadstart')
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = ''
  }

  canPlayType(_type: string): string {
    return this.canPlay
  }

  // ---- test controls

  /** Metadata available, with or without the event (the monitor only reads readyState). */
  setReadyState(state: number, { fireEvents = false }: { fireEvents?: boolean } = {}): void {
    this.readyState = state
    if (fireEvents && state >= 1) this.fire('loadedmetadata')
    if (fireEvents && state >= 3) {
      this.fire('canplay')
      // A play() made while loading starts now, as in a browser.
      if (!this.paused) this.fire('playing')
    }
  }

  /** Loaded: duration set, readyState 4, loadedmetadata + canplay fired. */
  loadMetadata(duration = 60): void {
    this.duration = duration
    this.networkState = 1 // NETWORK_IDLE
    this.fire('durationchange')
    this.setReadyState(4, { fireEvents: true })
  }

  /** A MediaError with `code`, plus the 'error' event. */
  failWith(code: number): void {
    this.error = { code, message: `code ${code}` }
    this.networkState = code === 4 ? 3 : 1
    this.fire('error')
  }

  /** Advances playback time and fires timeupdate. */
  advance(seconds: number): void {
    this.time = Math.min(this.time + seconds, Number.isFinite(this.duration) ? this.duration : this.time + seconds)
    this.fire('timeupdate')
  }

  /**
   * Plays on for `seconds` while the page's code sleeps (a locked phone): the position moves and
   * no event is seen until the page wakes, when the queued ones arrive at once.
   */
  playWhileAsleep(seconds: number): void {
    this.time = Math.min(this.time + seconds, Number.isFinite(this.duration) ? this.duration : this.time + seconds)
  }

  /** Reaches the end the way a browser does: paused, 'pause' then 'ended'. */
  finish(): void {
    if (Number.isFinite(this.duration)) this.time = this.duration
    this.ended = true
    this.fire('timeupdate')
    if (!this.paused) {
      this.paused = true
      this.fire('pause')
    }
    this.fire('ended')
  }

  fire(type: string): void {
    this.dispatchEvent(new Event(type))
  }

  /** Browsers reject a pending play() with AbortError when pause() or load() interrupts it. */
  private abortPendingPlay(): void {
    const pending = this.pendingPlay
    this.pendingPlay = null
    pending?.reject(domError('AbortError', 'The play() request was interrupted by a call to pause()'))
  }

  private startPlaying(): void {
    if (this.ended) {
      this.ended = false
      this.time = 0
    }
    const wasPaused = this.paused
    this.paused = false
    if (wasPaused) this.fire('play')
    // 'playing' needs data; without it the browser waits (and fires it on canplay).
    if (this.readyState >= 3) this.fire('playing')
    else this.fire('waiting')
  }
}
