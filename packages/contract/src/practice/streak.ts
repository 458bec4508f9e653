/**
 * The forgiving streak, written once (docs/product/practice.md#streaks). A streak is a run of
 * practised days (local calendar dates of the listener); one missed day in any 7 is forgiven, so
 * two misses in a row, or two within a week, break it. Today not practised yet never breaks it —
 * the day is not over. The count is the number of practised days in the run.
 */
export interface StreakCount {
  current: number
  best: number
  practisedToday: boolean
}

const DAY_MS = 86_400_000
/** A forgiven miss needs this many days since the previous forgiven one. */
export const STREAK_FORGIVEN_EVERY_DAYS = 7

/** Days since the epoch of a `YYYY-MM-DD` date (calendar arithmetic, no time zone involved). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS)
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** `practised`: local dates with practice (any order, duplicates allowed); `today`: the listener's local date. */
export function streakOf(practised: Iterable<string>, today: string): StreakCount {
  const todayNumber = dayNumber(today)
  const days = new Set<number>()
  for (const date of practised) {
    const n = dayNumber(date)
    if (n <= todayNumber) days.add(n)
  }
  if (days.size === 0) return { current: 0, best: 0, practisedToday: false }
  let run = 0
  let best = 0
  let lastForgiven: number | null = null
  for (let day = Math.min(...days); day <= todayNumber; day++) {
    if (days.has(day)) {
      run++
      best = Math.max(best, run)
    } else if (day === todayNumber) {
      // Today is still open.
    } else if (run > 0 && (lastForgiven === null || day - lastForgiven >= STREAK_FORGIVEN_EVERY_DAYS)) {
      lastForgiven = day
    } else {
      run = 0
      lastForgiven = null
    }
  }
  return { current: run, best, practisedToday: days.has(todayNumber) }
}
