import { cycleEndState, type RepeatCounter, type RepeatCounterHost } from './repeat-counter'
import type { VoiceSourceMeta, VoiceSnapshot, VoiceStatus } from './voice-types'

/**
 * A plain file repeated by page code (docs/product/listening.md#audio-engine): each natural end is
 * one repetition; until the target, the file plays again after `pauseBetweenRepeats` (status
 * 'transitioning'). The position means nothing to the counter.
 */
export class FileRepeatCounter implements RepeatCounter {
  readonly session = null
  readonly knownDuration = null
  /** The source's own repetition count (VoiceSourceMeta.repeatCount), over the preference. */
  private readonly ownTarget: number | null
  private readonly heardBefore: number | undefined
  private wait: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly host: RepeatCounterHost,
    meta: VoiceSourceMeta | null,
  ) {
    const own = meta?.repeatCount
    this.ownTarget = typeof own === 'number' && Number.isInteger(own) && own >= 1 ? own : null
    this.heardBefore = meta?.completedRepeats
  }

  start(): Partial<VoiceSnapshot> {
    const target = this.target()
    return { completedRepeats: startingRepeats(this.heardBefore, target), repeatTarget: target }
  }

  settingsChanged(): void {
    this.host.setState({ repeatTarget: this.target() })
  }

  follow(): void {
    // Counted at each end, not from the position.
  }

  positionOf(): null {
    return null
  }

  prepareToPlay(status: VoiceStatus): void {
    const { repeatTarget, completedRepeats } = this.host.getSnapshot()
    const cycleDone = repeatTarget > 0 && completedRepeats >= repeatTarget
    if (status === 'transitioning' || cycleDone || this.host.element.ended) this.host.rewind()
    if (cycleDone) this.host.setState({ completedRepeats: 0 })
  }

  reset(): void {
    const wasTransitioning = this.host.getSnapshot().status === 'transitioning'
    this.cancelWait()
    this.host.rewind()
    this.host.setState({ completedRepeats: 0 })
    if (wasTransitioning) this.host.resume()
  }

  ended(): void {
    const { host } = this
    const snapshot = host.getSnapshot()
    const completed = snapshot.completedRepeats + 1
    const target = this.target()
    const again = snapshot.isPlayingIntent && (target === 0 || completed < target)
    host.log('info', 'Repetição concluída', String(completed))
    if (!again) {
      // In a playlist the intention carries over to the next audio (its page loads it next).
      host.setState({ completedRepeats: completed, ...cycleEndState(host, snapshot.isPlayingIntent) })
      this.heard(completed)
      host.emit('repeatCompleted', completed)
      host.emit('cycleCompleted', completed)
      return
    }
    const waitMs = host.settings().pauseBetweenRepeats * 1000
    host.setState({ completedRepeats: completed, status: 'transitioning', currentTime: snapshot.duration || host.element.currentTime })
    this.heard(completed)
    host.emit('repeatCompleted', completed)
    if (host.getSnapshot().status !== 'transitioning') return // a listener paused or reset
    if (waitMs > 0) {
      this.cancelWait()
      this.wait = setTimeout(() => this.replay(), waitMs)
    } else this.replay()
  }

  cancelWait(): void {
    if (this.wait === undefined) return
    clearTimeout(this.wait)
    this.wait = undefined
  }

  /** The repetitions of this source: its own count when it has one, else the preference (0 = infinite). */
  private target(): number {
    return this.ownTarget ?? this.host.settings().repeatCount
  }

  private replay(): void {
    this.cancelWait()
    this.host.rewind()
    this.host.resume()
  }

  /** A repetition heard: now, of the audio loaded. */
  private heard(completed: number): void {
    const { meta } = this.host.getSnapshot()
    if (!meta?.id) return
    this.host.emit('repetitionHeard', { index: -1, audioId: meta.id, completed, target: this.target(), at: new Date() })
  }
}

/** Where a source's counter starts: the repetitions already heard, whole, and below a finite target. */
function startingRepeats(heard: number | undefined, target: number): number {
  if (typeof heard !== 'number' || !Number.isFinite(heard) || heard < 1) return 0
  const whole = Math.floor(heard)
  return target > 0 ? Math.min(whole, target - 1) : whole
}
