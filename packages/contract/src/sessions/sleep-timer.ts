/**
 * The sleep timer (docs/product/sessions.md#sleep-timer): the session ends — with the fade
 * sessions already do — at the chosen minute, or after the audio playing is heard a chosen number
 * more times; and, where the listener set it, a timer that starts by itself for sessions begun
 * late at night. One home for the choices, their names and the night rule.
 */
import { SLEEP_TIMER_MINUTES } from './sessions.js'

/** "Ao fim de N repetições": the audio playing is heard this many more times, then the session ends. */
export const SLEEP_TIMER_REPETITIONS = [1, 2, 3, 5] as const

export type SleepTimer = { kind: 'minutes'; minutes: number } | { kind: 'repetitions'; count: number }

/** The automatic night timer: sessions begun from `from` (HH:MM, the device's time) until 5 h start with it. */
export interface NightTimer {
  from: string
  minutes: number
}

export const NIGHT_TIMER_DEFAULT: NightTimer = { from: '22:00', minutes: 30 }
/** A session begun after midnight and before this hour is still "at night". */
export const NIGHT_TIMER_UNTIL_HOUR = 5

const HOUR_MINUTE = /^([01]\d|2[0-3]):([0-5]\d)$/

/** A night timer as stored (localStorage) or typed: a valid HH:MM and one of the timer's minute choices, else null. */
export function parseNightTimer(value: unknown): NightTimer | null {
  if (typeof value !== 'object' || value === null) return null
  const { from, minutes } = value as { from?: unknown; minutes?: unknown }
  if (typeof from !== 'string' || !HOUR_MINUTE.test(from)) return null
  const count = typeof minutes === 'string' ? Number(minutes) : minutes
  if (typeof count !== 'number' || !(SLEEP_TIMER_MINUTES as readonly number[]).includes(count)) return null
  return { from, minutes: count }
}

/** Whether a session begun at `now` (the device's clock) starts with the night timer. */
export function nightTimerApplies(night: NightTimer | null, now: Date): boolean {
  if (!night) return false
  const match = HOUR_MINUTE.exec(night.from)
  if (!match) return false
  const minute = now.getHours() * 60 + now.getMinutes()
  const from = Number(match[1]) * 60 + Number(match[2])
  const until = NIGHT_TIMER_UNTIL_HOUR * 60
  // From the chosen hour to midnight, and after midnight until 5 h (a "from" before 5 h: until then only).
  return from >= until ? minute >= from || minute < until : minute >= from && minute < until
}

/** The timer as a form's value: 'fim', 'min:30', 'rep:2'. */
export function sleepTimerValue(timer: SleepTimer | null): string {
  if (!timer) return 'fim'
  return timer.kind === 'minutes' ? `min:${timer.minutes}` : `rep:${timer.count}`
}

/** A form's value back to the timer; anything not offered is "ao fim da sessão". */
export function parseSleepTimerValue(value: string): SleepTimer | null {
  const [kind, raw] = value.split(':')
  const n = Number(raw)
  if (kind === 'min' && (SLEEP_TIMER_MINUTES as readonly number[]).includes(n)) return { kind: 'minutes', minutes: n }
  if (kind === 'rep' && (SLEEP_TIMER_REPETITIONS as readonly number[]).includes(n)) return { kind: 'repetitions', count: n }
  return null
}

/** 'Ao fim da sessão', '30 min', 'Ao fim de 1 repetição', 'Ao fim de 3 repetições'. */
export function sleepTimerLabel(timer: SleepTimer | null): string {
  if (!timer) return 'Ao fim da sessão'
  if (timer.kind === 'minutes') return `${timer.minutes} min`
  return `Ao fim de ${timer.count} ${timer.count === 1 ? 'repetição' : 'repetições'}`
}
