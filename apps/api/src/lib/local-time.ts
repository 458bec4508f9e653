/**
 * The listener's calendar (docs/product/practice.md#days-and-today): local dates and times in an
 * IANA time zone, read with Intl so daylight-saving changes follow the zone's own rules. Pure
 * functions of (zone, instant); "now" comes from the app's clock, never from here.
 */
import { dateOfDayNumber, dayNumber } from '@sintonia/contract'

/** An IANA name (`America/Sao_Paulo`, `UTC`, `Etc/GMT+3`); offsets like `+03:00` are refused, Postgres reads them the other way round. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's canonical name when the runtime knows it (`utc` → `UTC`), else null. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!ZONE_NAME.test(timeZone) || timeZone.length > 64) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export function isTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }

export interface LocalTime {
  /** `YYYY-MM-DD` */
  date: string
  /** `HH:MM`, 24 h */
  time: string
  /** 0 Sunday … 6 Saturday, as JavaScript (and the reminder weekdays) number them. */
  weekday: number
  /** Minutes since the local midnight (0–1439). */
  minutes: number
}

/** The wall-clock reading of `instant` in `timeZone`. */
export function localTimeIn(timeZone: string, instant: Date): LocalTime {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
    minutes: hour * 60 + minute,
  }
}

/** The listener's calendar date (`YYYY-MM-DD`) at `instant`. */
export function localDateIn(timeZone: string, instant: Date): string {
  return localTimeIn(timeZone, instant).date
}

/** Calendar arithmetic on `YYYY-MM-DD` (no zone involved). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days)
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

const HOUR_MS = 3_600_000

/**
 * The first instant whose local date in `timeZone` is `date`: the local midnight, or the first
 * minute after it when a daylight-saving change skips midnight. Found by bisection between the
 * earliest and latest offsets in use (UTC−14 … UTC+14).
 */
export function startOfLocalDate(timeZone: string, date: string): Date {
  const utcMidnight = dayNumber(date) * 24 * HOUR_MS
  let low = utcMidnight - 15 * HOUR_MS // local date still before `date` everywhere
  let high = utcMidnight + 15 * HOUR_MS // local date already `date` (or later) everywhere
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (localDateIn(timeZone, new Date(middle)) >= date) high = middle
    else low = middle
  }
  return new Date(high)
}

/** When the listener's next local date begins (their next midnight) after `instant`. */
export function nextLocalMidnight(timeZone: string, instant: Date): Date {
  return startOfLocalDate(timeZone, addDays(localDateIn(timeZone, instant), 1))
}
