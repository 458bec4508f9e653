/**
 * Which times the practice believes (docs/product/practice.md#plausible-times), written once: the
 * time a listening record says it happened, and when the next programme day may begin after a day
 * done in one time zone while the listener now reads the calendar in another. Pure functions of
 * their arguments; "now" is the app's clock.
 *
 * Why: a listening record's time comes from the device, and the day rule and the streak trust it.
 * A batch dated in 1970, in year 0001 or over the past weeks made a streak of 22 at once, and
 * switching the zone between Etc/GMT+12 and Etc/GMT-14 (26 hours apart) completed two programme
 * days within one real day.
 */
import { LISTENING_TIME_LIMITS } from '@sintonia/contract'
import { addDays, localDateIn, startOfLocalDate } from '../../lib/local-time.js'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** A device clock may run this far ahead of the server's, or behind it around the account's creation. */
export const CLOCK_SKEW_MS = LISTENING_TIME_LIMITS.clockSkewMinutes * MINUTE_MS
/** A record kept offline on the device counts up to this age. */
export const OFFLINE_MAX_AGE_MS = LISTENING_TIME_LIMITS.offlineMaxAgeDays * DAY_MS

export type EventTime = { accepted: true; at: Date } | { accepted: false; reason: 'future' | 'too_old' | 'before_account' }

/**
 * The time a listening record is kept with, or why it is refused. Refused: more than the clock
 * skew ahead of now; older than the offline limit; more than the clock skew before the account
 * was created. Kept: as sent — except a time ahead of now (within the skew), kept as now, so the
 * listener's "today" follows the server's clock.
 */
export function eventTime(occurredAt: Date, bounds: { now: Date; accountCreatedAt: Date }): EventTime {
  const at = occurredAt.getTime()
  const now = bounds.now.getTime()
  if (!Number.isFinite(at) || at > now + CLOCK_SKEW_MS) return { accepted: false, reason: 'future' }
  if (at < now - OFFLINE_MAX_AGE_MS) return { accepted: false, reason: 'too_old' }
  if (at < bounds.accountCreatedAt.getTime() - CLOCK_SKEW_MS) return { accepted: false, reason: 'before_account' }
  return { accepted: true, at: new Date(Math.min(at, now)) }
}

/**
 * One programme day per real day, whatever the zone does: the first local date in `timeZone` that
 * begins no earlier than the end of `date` in `previousZone` (its next midnight there). In one
 * zone it is simply the next date. A listener who moves west loses nothing; one who moves east
 * may wait one date longer, while the day already done has not ended where it was done.
 */
export function firstDateAfter(previousZone: string, date: string, timeZone: string): string {
  const next = addDays(date, 1)
  if (previousZone === timeZone) return next
  const ended = startOfLocalDate(previousZone, next).getTime()
  const candidate = localDateIn(timeZone, new Date(ended))
  return startOfLocalDate(timeZone, candidate).getTime() < ended ? addDays(candidate, 1) : candidate
}
