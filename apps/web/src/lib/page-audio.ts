/**
 * The page's two `<audio>` elements — the voice and the background music — shared by every player
 * the page opens (docs/product/listening.md#playlists-and-favourites, "Tocar playlist").
 *
 * Browsers let sound start only from a click. Chromium remembers any click on the page; Safari
 * remembers it per element: an element that once played from a click may later play by itself.
 * So the players reuse one pair of elements for the whole visit, and a click that means "play"
 * before a player exists ("Tocar playlist" on the dashboard) calls `unlockPageAudio()`: a moment
 * of silence plays on both elements inside that click, and the player that opens next starts
 * without asking for another one.
 */

/** 10 ms of silence (8 kHz, 8-bit mono WAV). */
const SILENCE =
  'data:audio/wav;base64,UklGRnQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YVAAAACAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgA=='

export interface PageAudioElements {
  voice: HTMLAudioElement
  music: HTMLAudioElement
}

let elements: PageAudioElements | null = null

/** The page's voice and music elements, created on first use; null where there is no `Audio` (tests, server). */
export function pageAudioElements(): PageAudioElements | null {
  if (elements) return elements
  if (typeof Audio !== 'function') return null
  elements = { voice: new Audio(), music: new Audio() }
  return elements
}

/**
 * Call synchronously inside the click that asks for sound before the player exists. Plays a
 * moment of silence on both elements so the browser lets them play later; never throws.
 */
export function unlockPageAudio(): void {
  const pair = pageAudioElements()
  if (!pair) return
  for (const element of [pair.voice, pair.music]) {
    // Only an idle element: one a player is using keeps its source.
    if (element.getAttribute('src') && !element.src.startsWith('data:')) continue
    try {
      element.src = SILENCE
      void element.play()?.catch(() => {})
    } catch {
      // Nothing to unlock where media cannot play at all.
    }
  }
}

/** Tests only: forget the elements. */
export function resetPageAudioForTests(): void {
  elements = null
}
