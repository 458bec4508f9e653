import { describe, expect, it } from 'vitest'
import { shownPosition } from './shown-position'

/** "Sem parar" for a 16 s clip: an hour of it, a 3 s pause between repetitions, a 2 s lead-in. */
const endless = {
  endless: true,
  items: [
    {
      repetitionStarts: Array.from({ length: 189 }, (_, i) => 2 + i * 19),
      repetitionEnds: Array.from({ length: 189 }, (_, i) => 18 + i * 19),
    },
  ],
}

describe('shownPosition', () => {
  it('"sem parar": the audio’s own length and the repetition playing, not the hour-long stream', () => {
    // 0:07 into the third repetition (it started at 40 s).
    expect(shownPosition(47, 3570, endless)).toEqual({ current: 7, duration: 16, offset: 40, repetition: 3 })
    // The lead-in belongs to the first repetition, at its start.
    expect(shownPosition(1, 3570, endless)).toEqual({ current: 0, duration: 16, offset: 2, repetition: 1 })
    // The pause after a repetition holds it at its end until the next voice starts.
    expect(shownPosition(19.5, 3570, endless)).toEqual({ current: 16, duration: 16, offset: 2, repetition: 1 })
    expect(shownPosition(21, 3570, endless)).toEqual({ current: 0, duration: 16, offset: 21, repetition: 2 })
  })

  it('a last repetition cut by the sleep timer is as long as the others', () => {
    const cut = { endless: true, items: [{ repetitionStarts: [2, 21, 40], repetitionEnds: [18, 37] }] }
    expect(shownPosition(45, 50, cut)).toEqual({ current: 5, duration: 16, offset: 40, repetition: 3 })
  })

  it('anything else — a counted session, a file — shows the element’s position and length', () => {
    const counted = { endless: false, items: [{ repetitionStarts: [2, 21], repetitionEnds: [18, 37] }] }
    expect(shownPosition(30, 40, counted)).toEqual({ current: 30, duration: 40, offset: 0, repetition: null })
    expect(shownPosition(5, 16, null)).toEqual({ current: 5, duration: 16, offset: 0, repetition: null })
  })
})
