/**
 * The weekly chart's shape (docs/product/practice.md#the-weekly-chart): from the week's answer, one
 * column per date with its minutes (bar) and the average moods before and after (dots on a 1–5
 * scale), the scale's top, and the words a screen reader and the table read.
 */
import type { CheckInWeek } from '@sintonia/contract'
import { dayHeading, shortDate, weekdayShort } from './dates'
import { nearestMoodLabel } from './moods'

export interface WeekColumn {
  date: string
  /** 'Seg' */
  weekday: string
  /** '4 mar' */
  dateLabel: string
  /** 'Hoje', 'Ontem', 'segunda-feira, 4 de março' */
  longLabel: string
  isToday: boolean
  minutes: number
  /** '12 min', 'menos de 1 min', '0 min' */
  minutesLabel: string
  /** 0..1 of the scale */
  barRatio: number
  moodBefore: number | null
  moodAfter: number | null
  /** 'Bem (4,3)' or null */
  moodAfterLabel: string | null
  moodBeforeLabel: string | null
  checkIns: number
}

export interface WeekChartData {
  columns: WeekColumn[]
  /** The scale's top, in minutes (5, 10, 15, 20, 30, 45, 60, 90, 120, then hours). */
  scaleMinutes: number
  /** The week's minutes, as minutesOf says them. */
  totalMinutes: number
  /** Any minutes, any mood this week. */
  hasMinutes: boolean
  hasMoods: boolean
  /** Average of the week's daily moods after, one decimal; null without any. */
  averageMoodAfter: number | null
}

const SCALE_STEPS = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const

/** The smallest comfortable top of the minutes scale that holds `max`. */
export function scaleTop(max: number): number {
  for (const step of SCALE_STEPS) if (max <= step) return step
  return Math.ceil(max / 60) * 60
}

/** Minutes of `seconds`, whole from one minute up, with one decimal below it. */
export function minutesOf(seconds: number): number {
  const minutes = seconds / 60
  return minutes >= 1 ? Math.round(minutes) : Math.round(minutes * 10) / 10
}

export function minutesLabel(minutes: number): string {
  if (minutes === 0) return '0 min'
  if (minutes < 1) return 'menos de 1 min'
  return `${minutes} min`
}

/** '4,3' */
export function decimal(value: number): string {
  return value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })
}

function moodLabelOf(average: number | null): string | null {
  const label = nearestMoodLabel(average)
  return label && average !== null ? `${label} (${decimal(average)})` : null
}

export function weekChartData(week: CheckInWeek): WeekChartData {
  const minutes = week.days.map((day) => minutesOf(day.seconds))
  const scaleMinutes = scaleTop(Math.max(0, ...minutes))
  const columns = week.days.map((day, index): WeekColumn => {
    const value = minutes[index] ?? 0
    return {
      date: day.date,
      weekday: weekdayShort(day.date),
      dateLabel: shortDate(day.date),
      longLabel: dayHeading(day.date, week.today),
      isToday: day.date === week.today,
      minutes: value,
      minutesLabel: minutesLabel(value),
      barRatio: Math.min(1, value / scaleMinutes),
      moodBefore: day.moodBefore,
      moodAfter: day.moodAfter,
      moodAfterLabel: moodLabelOf(day.moodAfter),
      moodBeforeLabel: moodLabelOf(day.moodBefore),
      checkIns: day.checkIns,
    }
  })
  const afters = week.days.map((day) => day.moodAfter).filter((mood): mood is number => mood !== null)
  return {
    columns,
    scaleMinutes,
    totalMinutes: minutesOf(week.days.reduce((sum, day) => sum + day.seconds, 0)),
    hasMinutes: minutes.some((value) => value > 0),
    hasMoods: week.days.some((day) => day.moodAfter !== null || day.moodBefore !== null),
    averageMoodAfter: afters.length === 0 ? null : Math.round((afters.reduce((sum, mood) => sum + mood, 0) / afters.length) * 10) / 10,
  }
}

/** The y of a mood (1 at the bottom, 5 at the top) inside a plot of `height`, with `pad` kept free at both ends. */
export function moodY(mood: number, height: number, pad: number): number {
  return pad + ((5 - mood) / 4) * (height - 2 * pad)
}
