/**
 * "Today" (docs/product/practice.md#days-and-today): the one programme the dashboard and /hoje
 * lead with, its day for today and where the session was left; and the same answer, reduced, for
 * the reminder scheduler.
 */
import type { Today } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { resumeAt } from './day-rule.js'
import { addDays, startOfLocalDate } from '../../lib/local-time.js'
import { loadPractice, type EnrolmentState, type PracticeState } from './practice-state.js'
import { dayDto, nextUnlockAt, statesOf, streakDto, summaryDto } from './practice-views.js'
import { hasRepetitionBetween, listPractisedDates } from './programs-repository.js'

/** The featured active enrolment, else the most recent active one, else the most recently completed one. */
export function todaysEnrolment(practice: PracticeState): EnrolmentState | undefined {
  const active = practice.enrolments.filter((state) => state.enrolment.status === 'active')
  const featured = active.find((state) => state.enrolment.featured)
  if (featured) return featured
  if (active.length > 0) return active[0]
  const completed = practice.enrolments
    .filter((state) => state.enrolment.status === 'completed')
    .sort((a, b) => (b.enrolment.completedAt?.getTime() ?? 0) - (a.enrolment.completedAt?.getTime() ?? 0))
  return completed[0]
}

/** The day of a programme (not "livre") done on today's date, if any: the day shows done until midnight. */
function dayDoneToday(practice: PracticeState, state: EnrolmentState) {
  if (state.program.row.isOpen) return undefined
  return state.completed.findLast((completion) => completion.completedOn === practice.today)
}

/** GET /api/practice/today */
export async function getToday(db: Database, userId: string, now: Date): Promise<Today> {
  const practice = await loadPractice(db, userId, now)
  const streak = streakDto(practice.preferences, await listPractisedDates(db, userId, practice.timeZone), practice.today)
  const base = { date: practice.today, timeZone: practice.timeZone, streak }
  const state = todaysEnrolment(practice)
  if (!state) return { ...base, program: null, day: null, resume: null, nextUnlockAt: null }

  const { program } = state
  const states = statesOf(practice, state)
  const summary = summaryDto(program, state, practice.today, practice.timeZone)
  const doneToday = dayDoneToday(practice, state)
  if (doneToday) {
    const day = program.days[doneToday.day - 1]!
    return { ...base, program: summary, day: dayDto(practice, program, state, day, states), resume: null, nextUnlockAt: nextUnlockAt(practice, states) }
  }
  const day = program.days[states.currentDay - 1]
  if (!day) return { ...base, program: summary, day: null, resume: null, nextUnlockAt: null }
  const view = dayDto(practice, program, state, day, states)
  const resume = view.state === 'today' ? resumeAt(day, view.items.map((item) => item.repetitionsDone)) : null
  return { ...base, program: summary, day: view, resume, nextUnlockAt: nextUnlockAt(practice, states) }
}

export interface TodayForReminder {
  timeZone: string
  localDate: string
  programId: string | null
  programTitle: string | null
  day: number | null
  daysCount: number | null
  /** Today's session is already done: the programme's day done today, or — without a programme in progress — something practised today. */
  done: boolean
}

/**
 * What a reminder needs to know now (after settling): the listener's zone and date, the active
 * programme today leads with (featured, else the most recent active one) and its day — the day
 * done today, else the current one — and whether today's session is done. A listener whose
 * programmes are all completed, or who follows none, is reminded without a programme.
 */
export async function todayForReminder(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ timeZone: string; localDate: string; programId: string | null; programTitle: string | null; day: number | null; daysCount: number | null; done: boolean }> {
  const practice = await loadPractice(db, userId, now)
  const base = { timeZone: practice.timeZone, localDate: practice.today }
  const state = todaysEnrolment(practice)
  if (!state || state.enrolment.status !== 'active') {
    const from = startOfLocalDate(practice.timeZone, practice.today)
    const to = startOfLocalDate(practice.timeZone, addDays(practice.today, 1))
    return { ...base, programId: null, programTitle: null, day: null, daysCount: null, done: await hasRepetitionBetween(db, userId, from, to) }
  }
  const doneToday = state.completed.findLast((completion) => completion.completedOn === practice.today)
  const daysCount = state.program.days.length
  return {
    ...base,
    programId: state.program.row.id,
    programTitle: state.program.row.title,
    day: doneToday ? doneToday.day : Math.min(state.completed.length + 1, daysCount),
    daysCount,
    done: doneToday !== undefined,
  }
}

