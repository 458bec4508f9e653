import { describe, expect, it } from 'vitest'
import type { CheckInWeek } from '@sintonia/contract'
import { minutesLabel, minutesOf, moodY, scaleTop, weekChartData } from './week-chart'

const day = (date: string, seconds: number, moodAfter: number | null = null, moodBefore: number | null = null, checkIns = 0) => ({ date, seconds, moodBefore, moodAfter, checkIns })

const week: CheckInWeek = {
  from: '2026-03-04',
  to: '2026-03-10',
  today: '2026-03-10',
  days: [
    day('2026-03-04', 0),
    day('2026-03-05', 20),
    day('2026-03-06', 1260, 4, 2, 1),
    day('2026-03-07', 0),
    day('2026-03-08', 605),
    day('2026-03-09', 0, 4.5, null, 2),
    day('2026-03-10', 1830, 5, 3, 1),
  ],
}

describe('the weekly chart’s shape', () => {
  it('one column per date, weekday words, today marked, the minutes and their bar on a comfortable scale', () => {
    const data = weekChartData(week)
    expect(data.columns.map((column) => column.weekday)).toEqual(['Qua', 'Qui', 'Sex', 'Sáb', 'Dom', 'Seg', 'Ter'])
    expect(data.columns.map((column) => column.isToday)).toEqual([false, false, false, false, false, false, true])
    expect(data.columns.map((column) => column.minutes)).toEqual([0, 0.3, 21, 0, 10, 0, 31])
    expect(data.scaleMinutes).toBe(45)
    expect(data.columns[6]!.barRatio).toBeCloseTo(31 / 45)
    expect(data.columns[1]!.minutesLabel).toBe('menos de 1 min')
    expect(data.columns[0]!.minutesLabel).toBe('0 min')
    expect(data.columns[6]!.longLabel).toBe('Hoje')
    expect(data.columns[5]!.longLabel).toBe('Ontem')
    expect(data.columns[0]!.longLabel).toBe('quarta-feira, 4 de março')
    expect(data.columns[0]!.dateLabel).toBe('4 mar')
    expect(data.totalMinutes).toBe(62)
    expect(weekChartData({ ...week, days: week.days.map((d, i) => day(d.date, i === 0 ? 36 : 0)) }).totalMinutes).toBe(0.6)
  })

  it('the moods: labels with one decimal (a comma), the week’s average after, null where none was given', () => {
    const data = weekChartData(week)
    expect(data.columns[5]!.moodAfterLabel).toBe('Muito bem (4,5)')
    expect(data.columns[2]!.moodAfterLabel).toBe('Bem (4)')
    expect(data.columns[2]!.moodBeforeLabel).toBe('Mal (2)')
    expect(data.columns[0]!.moodAfterLabel).toBeNull()
    expect(data.averageMoodAfter).toBe(4.5)
    expect(data.hasMoods).toBe(true)
    expect(data.hasMinutes).toBe(true)
  })

  it('an empty week: nothing to draw, the smallest scale', () => {
    const data = weekChartData({ ...week, days: week.days.map((d) => day(d.date, 0)) })
    expect(data).toMatchObject({ hasMinutes: false, hasMoods: false, averageMoodAfter: null, scaleMinutes: 5, totalMinutes: 0 })
    expect(data.columns.every((column) => column.barRatio === 0)).toBe(true)
  })

  it('scale steps, minutes and the mood’s height', () => {
    expect([0, 5, 5.1, 29, 31, 61, 121, 200].map(scaleTop)).toEqual([5, 5, 10, 30, 45, 90, 180, 240])
    expect([0, 29, 30, 59, 60, 89, 90].map(minutesOf)).toEqual([0, 0.5, 0.5, 1, 1, 1, 2])
    expect(minutesLabel(12)).toBe('12 min')
    expect(moodY(5, 100, 10)).toBe(10)
    expect(moodY(1, 100, 10)).toBe(90)
    expect(moodY(3, 100, 10)).toBe(50)
  })
})
