/**
 * When a day of a programme counts as done, written once (docs/product/practice.md#when-a-day-counts-as-done),
 * and "settling": applying that rule to an enrolment's days, in order, over the listener's
 * repetitions per local date. Pure functions: the caller reads the counts (one query for the
 * enrolment's window) and writes what comes out.
 */
import type { ProgramDayState, SessionResume } from '@sintonia/contract'
import { addDays } from '../../lib/local-time.js'
import { firstDateAfter } from './time-rule.js'

export interface DayItem {
  audioId: string
  repetitions: number
}

export interface DayPlan {
  day: number
  items: readonly DayItem[]
}

/** Repetitions counted per local date (`YYYY-MM-DD`), then per audio id. */
export type DailyCounts = ReadonlyMap<string, ReadonlyMap<string, number>>

export interface Completion {
  day: number
  completedOn: string
  /** The zone `completedOn` is a date of (null: done before it was kept; read in the current zone). */
  timeZone?: string | null
}

/** How far back settling looks for a day's repetitions. */
export const SETTLE_LOOKBACK_DAYS = 60

/** What a day asks for, per audio: an audio in two items of the day needs both counts. */
export function requirementOf(items: readonly DayItem[]): Map<string, number> {
  const need = new Map<string, number>()
  for (const item of items) need.set(item.audioId, (need.get(item.audioId) ?? 0) + item.repetitions)
  return need
}

/**
 * THE rule: a day is done on a date when, for every audio of the day, the repetitions counted on
 * that date reach the sum of that audio's repetition counts in the day. A day without audios is
 * never done (only a draft can have one; it is never settled).
 */
export function isDayDone(items: readonly DayItem[], available: (audioId: string) => number): boolean {
  const need = requirementOf(items)
  if (need.size === 0) return false
  for (const [audioId, required] of need) if (available(audioId) < required) return false
  return true
}

/**
 * The first local date (in `timeZone`, the listener's zone now) day `c` may be done on: day 1 from
 * the enrolment's date; later days the first date after the previous one was done — one day per
 * real day, never ahead of the calendar, even when the previous day was done in another zone
 * (time-rule.ts, `firstDateAfter`) — or, "livre", the previous day's own date (every day is open,
 * days still follow one another).
 */
export function openingDate(isOpen: boolean, enrolledOn: string, previous: Completion | null, timeZone?: string): string {
  if (previous === null) return enrolledOn
  if (isOpen) return previous.completedOn > enrolledOn ? previous.completedOn : enrolledOn
  const zone = timeZone ?? previous.timeZone ?? ''
  return firstDateAfter(previous.timeZone ?? zone, previous.completedOn, zone)
}

/**
 * Repetitions already spent on a date by days completed on it. Each repetition counts towards one
 * day only: in a "livre" programme two days done on the same date need their repetitions twice.
 */
class Spent {
  private readonly byDate = new Map<string, Map<string, number>>()

  add(date: string, items: readonly DayItem[]): void {
    let spent = this.byDate.get(date)
    if (!spent) this.byDate.set(date, (spent = new Map()))
    for (const [audioId, n] of requirementOf(items)) spent.set(audioId, (spent.get(audioId) ?? 0) + n)
  }

  remaining(counts: DailyCounts, date: string): (audioId: string) => number {
    const counted = counts.get(date)
    const spent = this.byDate.get(date)
    return (audioId) => Math.max(0, (counted?.get(audioId) ?? 0) - (spent?.get(audioId) ?? 0))
  }
}

function spentBy(days: readonly DayPlan[], completed: readonly Completion[]): Spent {
  const spent = new Spent()
  const byDay = new Map(days.map((plan) => [plan.day, plan]))
  for (const completion of completed) {
    const plan = byDay.get(completion.day)
    if (plan) spent.add(completion.completedOn, plan.items)
  }
  return spent
}

export interface SettleInput {
  isOpen: boolean
  enrolledOn: string
  /** Days 1…N in order. */
  days: readonly DayPlan[]
  /** Days already done, 1…k in order (days are done one after another). */
  completed: readonly Completion[]
  counts: DailyCounts
  /** The listener's local date now. */
  today: string
  /** The listener's zone now: the dates above are its dates, and the completions found get it. */
  timeZone?: string
  lookbackDays?: number
}

/**
 * The days that became done: from the current day on, each day's completed_on is the earliest
 * date (≥ its opening date, ≥ today − lookback, ≤ today) on which the rule holds; the next day's
 * opening follows from it. So a day listened offline yesterday and sent today is done yesterday,
 * and the next day is open today. Stops at the first day not done — it waits, it never fails.
 */
export function settleDays(input: SettleInput): Completion[] {
  const { isOpen, enrolledOn, days, completed, counts, today, timeZone } = input
  const earliest = addDays(today, -(input.lookbackDays ?? SETTLE_LOOKBACK_DAYS))
  const dates = [...counts.keys()].filter((date) => date >= earliest && date <= today).sort()
  const spent = spentBy(days, completed)
  const found: Completion[] = []
  let previous: Completion | null = completed.length > 0 ? completed[completed.length - 1]! : null
  for (let index = completed.length; index < days.length; index++) {
    const plan = days[index]!
    const opens = openingDate(isOpen, enrolledOn, previous, timeZone)
    const date = dates.find((candidate) => candidate >= opens && isDayDone(plan.items, spent.remaining(counts, candidate)))
    if (date === undefined) break
    spent.add(date, plan.items)
    const completion: Completion = timeZone === undefined ? { day: plan.day, completedOn: date } : { day: plan.day, completedOn: date, timeZone }
    found.push(completion)
    previous = completion
  }
  return found
}

export interface DayStates {
  /** The day to practise next (1-based); daysCount + 1 once every day is done. */
  currentDay: number
  states: ProgramDayState[]
  /** The local date the current day opens on (null once every day is done). */
  currentOpensOn: string | null
}

/**
 * Each day's state for the listener: done, the current day "today" once it is open (else locked
 * until its date), later days locked — or, "livre", open.
 */
export function dayStates(isOpen: boolean, enrolledOn: string, daysCount: number, completed: readonly Completion[], today: string, timeZone?: string): DayStates {
  const currentDay = Math.min(completed.length + 1, daysCount + 1)
  const previous = completed.length > 0 ? completed[completed.length - 1]! : null
  const currentOpensOn = currentDay <= daysCount ? openingDate(isOpen, enrolledOn, previous, timeZone) : null
  const states: ProgramDayState[] = []
  for (let day = 1; day <= daysCount; day++) {
    if (day < currentDay) states.push('done')
    else if (day === currentDay) states.push(currentOpensOn !== null && currentOpensOn <= today ? 'today' : 'locked')
    else states.push(isOpen ? 'open' : 'locked')
  }
  return { currentDay, states, currentOpensOn }
}

/**
 * Repetitions of each item counted on `date`, after the days already done on that date took
 * theirs: an audio's count fills its items in order (an audio twice in a day fills the first
 * item first).
 */
export function itemProgress(plan: DayPlan, counts: DailyCounts, date: string, days: readonly DayPlan[], completed: readonly Completion[]): number[] {
  const remaining = spentBy(
    days,
    completed.filter((completion) => completion.completedOn === date),
  ).remaining(counts, date)
  const left = new Map<string, number>()
  return plan.items.map((item) => {
    const available = left.get(item.audioId) ?? remaining(item.audioId)
    const done = Math.min(available, item.repetitions)
    left.set(item.audioId, available - done)
    return done
  })
}

/** Where to continue a day started and left: the first item not complete, at its next repetition; null when nothing was counted yet. */
export function resumeAt(plan: DayPlan, done: readonly number[]): SessionResume | null {
  if (!done.some((n) => n > 0)) return null
  const itemIndex = plan.items.findIndex((item, index) => (done[index] ?? 0) < item.repetitions)
  return itemIndex < 0 ? null : { itemIndex, repetition: (done[itemIndex] ?? 0) + 1 }
}
