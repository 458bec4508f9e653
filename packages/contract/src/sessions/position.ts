/**
 * Where a listener is in a rendered session, read from the media element's position alone
 * (docs/product/sessions.md#counting-from-the-position): the counter, "Repetições Hoje" and the
 * listening records all come from here, so a phone that ran no page code while locked catches up
 * with one reading when the page runs again.
 */
import type { SessionManifest, SessionManifestItem } from './sessions.js'

/**
 * The audio at `position`: the first one whose last voice has not ended yet — so in the breath
 * between two audios the page already shows the one coming — or the last one at the end.
 */
export function itemIndexAt(manifest: Pick<SessionManifest, 'items'>, position: number): number {
  const index = manifest.items.findIndex((item) => position < item.end)
  return index === -1 ? manifest.items.length - 1 : index
}

/** Whole repetitions of this audio heard by `position`. */
export function repetitionsHeardAt(item: Pick<SessionManifestItem, 'repetitionEnds'>, position: number): number {
  let heard = 0
  for (const end of item.repetitionEnds) if (end <= position) heard++
  return heard
}

export interface PassedRepetition {
  itemIndex: number
  audioId: string
  /** 1-based: this audio's n-th repetition in the stream. */
  repetition: number
  /** Where it ended in the stream (seconds). */
  end: number
}

/**
 * The repetitions that ended while playback went from `from` (exclusive) to `to` (inclusive), in
 * the order they were heard. A jump the listener made (a seek) is not listening: callers move
 * `from` without asking.
 */
export function repetitionsPassed(manifest: Pick<SessionManifest, 'items'>, from: number, to: number): PassedRepetition[] {
  if (!(to > from)) return []
  const passed: PassedRepetition[] = []
  manifest.items.forEach((item, itemIndex) => {
    item.repetitionEnds.forEach((end, i) => {
      if (end > from && end <= to) passed.push({ itemIndex, audioId: item.audioId, repetition: i + 1, end })
    })
  })
  return passed.sort((a, b) => a.end - b.end)
}
