import type { SessionManifest, SessionManifestItem } from '@sintonia/contract'

type PositionManifest = Pick<SessionManifest, 'endless'> & { items: readonly Pick<SessionManifestItem, 'repetitionStarts' | 'repetitionEnds'>[] }

/** What the player shows of where playback is: the slider, the two times, the lock screen. */
export interface ShownPosition {
  /** Seconds into what is shown. */
  current: number
  /** Its length in seconds (0 while unknown). */
  duration: number
  /** Where what is shown starts in the stream: a seek to `s` on the slider goes to `offset + s`. */
  offset: number
  /** "Sem parar": the repetition playing (1-based); null otherwise. */
  repetition: number | null
}

/**
 * "Sem parar" plays an hour-long stream of one audio repeated (docs/product/sessions.md); its length
 * is the stream's, not the audio's. The listener sees the audio's own length and which repetition
 * plays — "0:16 · repetição 3" — read from the stream's position: the repetition whose voice
 * started last (the first one during the lead-in), held at its end during the pause after it.
 * Anything else shows the element's position and length as they are.
 */
export function shownPosition(position: number, duration: number, manifest: PositionManifest | null | undefined): ShownPosition {
  const item = manifest?.endless ? manifest.items[0] : undefined
  const starts = item?.repetitionStarts ?? []
  if (!item || starts.length === 0) return { current: position, duration, offset: 0, repetition: null }
  let r = 0
  while (r + 1 < starts.length && starts[r + 1]! <= position) r++
  const start = starts[r]!
  // A repetition cut by a sleep timer has no end: it is as long as the others.
  const firstLength = (item.repetitionEnds[0] ?? start) - starts[0]!
  const length = Math.max(0, (item.repetitionEnds[r] ?? start + firstLength) - start)
  return { current: Math.min(length, Math.max(0, position - start)), duration: length, offset: start, repetition: r + 1 }
}
