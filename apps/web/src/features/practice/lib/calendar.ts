/**
 * The 5-week calendar of /progresso: the practised local dates (the server's, in the listener's
 * time zone) laid out in weeks from Sunday, the last week holding today.
 */
import { dateOfDayNumber, dayNumber } from '@sintonia/contract'

export const WEEKDAY_INITIALS = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'] as const
export const WEEKDAY_NAMES = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const

export interface CalendarCell {
  date: string
  /** 1–31 */
  dayOfMonth: number
  practised: boolean
  isToday: boolean
  /** After today: nothing to show yet. */
  isFuture: boolean
}

/** 0 Sunday … 6 Saturday, for a day number since the epoch (1970-01-01 was a Thursday). */
function weekdayOf(n: number): number {
  return (((n + 4) % 7) + 7) % 7
}

/** `weeks` rows of 7 dates, Sunday first, the last row holding `today`. */
export function calendarWeeks(today: string, practised: readonly string[], weeks = 5): CalendarCell[][] {
  const todayNumber = dayNumber(today)
  const first = todayNumber - weekdayOf(todayNumber) - (weeks - 1) * 7
  const done = new Set(practised)
  const rows: CalendarCell[][] = []
  for (let w = 0; w < weeks; w++) {
    const row: CalendarCell[] = []
    for (let d = 0; d < 7; d++) {
      const n = first + w * 7 + d
      const date = dateOfDayNumber(n)
      row.push({ date, dayOfMonth: Number(date.slice(8, 10)), practised: done.has(date), isToday: n === todayNumber, isFuture: n > todayNumber })
    }
    rows.push(row)
  }
  return rows
}

const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const

/** 'quarta-feira, 12 de março', what a screen reader hears for a cell. */
export function longDateLabel(date: string): string {
  const n = dayNumber(date)
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAY_NAMES[weekdayOf(n)]}, ${day} de ${MONTH_NAMES[month - 1]}`
}
