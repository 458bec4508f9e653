/**
 * What the practice pages say about programmes and days (docs/product/practice.md), in one place
 * so the cards, the path and the Today card agree. pt-BR, calm: no exclamation, no pressure.
 */
import type { ProgramDay, ProgramSummary, Streak } from '@sintonia/contract'

const MONTHS = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'] as const

/** '~20 min', or 'menos de 1 min' for a very short day (the API rounds to whole minutes). */
export function minutesLabel(minutes: number): string {
  return minutes < 1 ? 'menos de 1 min' : `~${minutes} min`
}

/** '21 dias · ~20 min por dia' */
export function programLengthLabel(program: Pick<ProgramSummary, 'daysCount' | 'minutesPerDay'>): string {
  const days = program.daysCount === 1 ? '1 dia' : `${program.daysCount} dias`
  return `${days} · ${minutesLabel(program.minutesPerDay)} por dia`
}

/**
 * 'Dia 5 de 21' while following it, 'Concluído' once done; null when not enrolled. A current day
 * that cannot be practised today — today's day was done, the next opens at the listener's next
 * local midnight (docs/product/practice.md#days-and-today) — reads 'Dia 2 abre amanhã'.
 */
export function programStatusLabel(program: Pick<ProgramSummary, 'daysCount' | 'enrolment'>): string | null {
  const enrolment = program.enrolment
  if (!enrolment) return null
  if (enrolment.status === 'completed') return 'Concluído'
  const current = Math.min(enrolment.currentDay, program.daysCount)
  if (!enrolment.currentDayOpen && enrolment.currentDay <= program.daysCount) return `Dia ${current} abre amanhã`
  return `Dia ${current} de ${program.daysCount}`
}

/** '12 de mar.' for a local date `YYYY-MM-DD` (read as a calendar date, no time zone involved). */
export function shortDateLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${day} de ${MONTHS[month - 1] ?? ''}`.trim()
}

export type DayTone = 'done' | 'today' | 'open' | 'soon' | 'waiting' | 'plain'

export interface DayStatus {
  tone: DayTone
  /** The short text beside the day ('Concluído em 12 de mar.', 'Hoje', 'Abre amanhã'…). */
  label: string
}

/**
 * A day of the path as the listener reads it. `currentDay` is the enrolment's next day to practise
 * (null when not enrolled: the days are only listed, nothing is open or closed yet).
 * - done: 'Concluído em 12 de mar.'
 * - today: 'Hoje'
 * - open (a "livre" programme): 'Livre'
 * - locked: the next day, once today's is done, 'Abre amanhã'; later ones 'Abre depois do dia N'.
 */
export function dayStatus(day: Pick<ProgramDay, 'day' | 'state' | 'completedOn'>, currentDay: number | null): DayStatus {
  if (currentDay === null) return { tone: 'plain', label: '' }
  switch (day.state) {
    case 'done':
      return { tone: 'done', label: day.completedOn ? `Concluído em ${shortDateLabel(day.completedOn)}` : 'Concluído' }
    case 'today':
      return { tone: 'today', label: 'Hoje' }
    case 'open':
      return { tone: 'open', label: 'Livre' }
    case 'locked':
      return day.day === currentDay ? { tone: 'soon', label: 'Abre amanhã' } : { tone: 'waiting', label: `Abre depois do dia ${day.day - 1}` }
  }
}

/** '1 dia seguido', '7 dias seguidos' */
export function streakLabel(days: number): string {
  return days === 1 ? '1 dia seguido' : `${days} dias seguidos`
}

/** The streak line to show, or null: hidden by the listener, or nothing to count yet. */
export function visibleStreak(streak: Streak | undefined): string | null {
  if (!streak || streak.hidden || streak.current < 1) return null
  return streakLabel(streak.current)
}

/** '45 min', '2 h', '2 h 8 min' */
export function totalMinutesLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/**
 * When the next day opens, after today's was done: 'O dia 6 abre amanhã'. `nextUnlockAt` is the
 * listener's next local midnight, so "amanhã" is always true when the server gives it; without it
 * (the last day) there is no next day to announce.
 */
export function nextDayLabel(doneDay: number, daysCount: number, nextUnlockAt: string | null): string | null {
  if (doneDay >= daysCount) return null
  return nextUnlockAt === null ? `O dia ${doneDay + 1} está esperando por você` : `O dia ${doneDay + 1} abre amanhã`
}
