import { describe, expect, it } from 'vitest'
import { calendarWeeks, longDateLabel } from './calendar'

describe('calendarWeeks', () => {
  it('five weeks from Sunday, the last holding today; practised days marked, the days after today empty', () => {
    // 2026-03-05 is a Thursday.
    const weeks = calendarWeeks('2026-03-05', ['2026-03-05', '2026-03-03', '2026-02-01', '2026-01-01'])
    expect(weeks).toHaveLength(5)
    expect(weeks.every((w) => w.length === 7)).toBe(true)
    expect(weeks[0]?.[0]?.date).toBe('2026-02-01')
    expect(weeks[4]?.[0]?.date).toBe('2026-03-01')
    const cells = weeks.flat()
    expect(cells.filter((c) => c.practised).map((c) => c.date)).toEqual(['2026-02-01', '2026-03-03', '2026-03-05'])
    expect(cells.find((c) => c.isToday)?.date).toBe('2026-03-05')
    expect(cells.filter((c) => c.isFuture).map((c) => c.date)).toEqual(['2026-03-06', '2026-03-07'])
  })

  it('a Sunday is the first cell of the last week; a Saturday its last', () => {
    expect(calendarWeeks('2026-03-08', [])[4]?.[0]?.date).toBe('2026-03-08')
    expect(calendarWeeks('2026-03-07', [])[4]?.[6]?.date).toBe('2026-03-07')
  })

  it('names a date for screen readers', () => {
    expect(longDateLabel('2026-03-05')).toBe('quinta-feira, 5 de março')
  })
})
