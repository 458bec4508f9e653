import { describe, expect, it } from 'vitest'
import { dateOfDayNumber, dayNumber, streakOf } from './streak.js'

/** Dates relative to `today` from a pattern read left (oldest) to right (today): x practised, . missed. */
function practisedFrom(pattern: string, today = '2026-03-10'): string[] {
  const last = dayNumber(today)
  return [...pattern].flatMap((mark, i) => (mark === 'x' ? [dateOfDayNumber(last - (pattern.length - 1 - i))] : []))
}

describe('streakOf — one missed day a week is forgiven', () => {
  it.each([
    ['', 0, 0, false],
    ['x', 1, 1, true],
    ['xxx', 3, 3, true],
    ['xx.', 2, 2, false], // today not practised yet: still alive
    ['xx.x', 3, 3, true], // one miss forgiven
    ['xx..x', 1, 2, true], // two misses in a row break it
    ['xx.xx.x', 1, 4, true], // a second miss 3 days after the first breaks it
    ['xx.xxxxxx.x', 9, 9, true], // misses 7 days apart are both forgiven
    ['x...', 0, 1, false], // yesterday and the day before missed: broken
    ['x.', 1, 1, false], // yesterday missed (forgiven), today still open
    ['.x.x', 2, 2, true], // a leading miss belongs to no run
  ])('%j → current %i, best %i', (pattern, current, best, practisedToday) => {
    expect(streakOf(practisedFrom(pattern), '2026-03-10')).toEqual({ current, best, practisedToday })
  })

  it('counts each date once and ignores dates after today (a wrong device clock)', () => {
    expect(streakOf(['2026-03-10', '2026-03-10', '2026-03-09', '2026-03-11'], '2026-03-10')).toEqual({ current: 2, best: 2, practisedToday: true })
  })

  it('crosses months and years', () => {
    expect(streakOf(['2025-12-31', '2026-01-01'], '2026-01-01').current).toBe(2)
    expect(streakOf(['2026-02-28', '2026-03-01'], '2026-03-01').current).toBe(2)
  })
})
