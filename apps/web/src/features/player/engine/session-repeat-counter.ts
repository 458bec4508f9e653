import { itemIndexAt, repetitionsHeardAt, repetitionsPassed, type SessionManifest } from '@sintonia/contract'
import { cycleEndState, type RepeatCounter, type RepeatCounterHost } from './repeat-counter'
import type { VoiceSession, VoiceSnapshot } from './voice-types'

/**
 * A rendered session (docs/product/sessions.md#counting-from-the-position): one stream holding
 * every repetition, so the counter, the audio playing and the repetitions heard are read from the
 * element's position — what played while the page's code was suspended is caught up in one reading.
 */
export class SessionRepeatCounter implements RepeatCounter {
  /** The position up to which the session's repetitions were counted. */
  private countedTo: number

  constructor(
    private readonly host: RepeatCounterHost,
    readonly session: VoiceSession,
    startAt: number,
  ) {
    this.countedTo = Math.max(0, startAt)
  }

  get knownDuration(): number {
    return this.session.manifest.durationSeconds
  }

  start(): Partial<VoiceSnapshot> {
    return this.read(this.countedTo, null)
  }

  settingsChanged(): void {
    // The counts are in the stream; a new setting there means a new session (the page asks for it).
  }

  /**
   * When `listening`, every repetition that ended since the last reading is heard now, in order,
   * dated by when it ended (the page's code may have been asleep while the stream played on).
   */
  follow(position: number, listening: boolean): void {
    const { manifest, firstIndex } = this.session
    const before = this.session.heardBefore ?? []
    if (listening && position > this.countedTo) {
      const now = Date.now()
      const rate = this.host.element.playbackRate > 0 ? this.host.element.playbackRate : 1
      for (const passed of repetitionsPassed(manifest, this.countedTo, position)) {
        const item = manifest.items[passed.itemIndex]!
        const completed = (before[passed.itemIndex] ?? 0) + passed.repetition
        const target = manifest.endless ? 0 : (before[passed.itemIndex] ?? 0) + item.repetitions
        const at = new Date(now - Math.max(0, ((position - passed.end) / rate) * 1000))
        this.host.emit('repetitionHeard', { index: firstIndex + passed.itemIndex, audioId: passed.audioId, completed, target, at })
        this.host.emit('repeatCompleted', completed)
      }
    }
    if (position > this.countedTo || !listening) this.countedTo = position
    this.host.setState(this.read(position, this.host.getSnapshot()))
  }

  positionOf(index: number): number | null {
    const { manifest, firstIndex } = this.session
    const item = manifest.items[index - firstIndex]
    if (!item) return null
    return index === firstIndex ? 0 : Math.max(0, item.start - 1)
  }

  prepareToPlay(): void {
    // A session heard to its end starts again from its beginning.
    if (this.host.element.ended) this.host.rewind()
  }

  reset(): void {
    // Back to the start of the audio playing now: its counter reads from there.
    const at = this.positionOf(this.host.getSnapshot().session?.index ?? this.session.firstIndex)
    if (at !== null) this.host.moveTo(at)
  }

  ended(): void {
    const { host } = this
    const wasPlaying = host.getSnapshot().isPlayingIntent
    this.follow(this.session.manifest.durationSeconds, true)
    const { completedRepeats } = host.getSnapshot()
    host.setState(cycleEndState(host, wasPlaying))
    host.log('info', 'Sessão concluída')
    host.emit('cycleCompleted', completedRepeats)
  }

  cancelWait(): void {
    // The pauses are in the stream: nothing waits in page code.
  }

  /**
   * The snapshot at `position`: the audio playing, its counter, whether it is a pause. Objects
   * equal to `current`'s are kept, so subscribers see no change where there is none.
   */
  private read(position: number, current: VoiceSnapshot | null): Partial<VoiceSnapshot> {
    const { manifest, firstIndex, contextTitle } = this.session
    const itemIndex = itemIndexAt(manifest, position)
    const item = manifest.items[itemIndex]!
    const heard = this.session.heardBefore?.[itemIndex] ?? 0
    const index = firstIndex + itemIndex
    // Between two voices (a pause, or the breath before the next audio); not the lead-in nor the tail.
    const insideVoice = item.repetitionStarts.some((start, r) => position >= start && position < (item.repetitionEnds[r] ?? Infinity))
    const inPause = !insideVoice && position > manifest.items[0]!.start && position < manifest.items.at(-1)!.end
    const meta =
      current?.meta?.id === item.audioId && current.session?.index === index
        ? current.meta
        : { id: item.audioId, title: item.title, fieldTitle: contextTitle ?? null }
    return {
      meta,
      completedRepeats: heard + repetitionsHeardAt(item, position),
      repeatTarget: manifest.endless ? 0 : heard + item.repetitions,
      session:
        current?.session && current.session.key === manifest.key && current.session.index === index && current.session.inPause === inPause
          ? current.session
          : { key: manifest.key, index, inPause, musicTitle: manifest.music?.title ?? null },
    }
  }
}

/**
 * A stored session played from the signed address its manifest carried can stop answering
 * (expired during a long pause, or refused): its retries go to the session's own address, which
 * authorises again and redirects to a fresh one (docs/decisions/021-signed-media-urls.md).
 * Null when `url` is not that signed address.
 */
export function sessionFallbackUrl(manifest: SessionManifest, url: string): string | null {
  const { direct } = manifest
  return direct && url === direct.url && url !== manifest.url ? manifest.url : null
}
