/**
 * How the listener's practice is shown (contract/practice/programs.ts): a programme's summary with
 * the listener's enrolment, a day with its state and each audio's repetitions counted, when the
 * next day opens, the streak.
 */
import { streakOf, type Enrolment, type ProgramDay, type ProgramSummary, type Streak } from '@sintonia/contract'
import { toAudioDto } from '../catalogue/service.js'
import { dayStates, itemProgress, type DayStates } from './day-rule.js'
import { startOfLocalDate } from '../../lib/local-time.js'
import type { DayModel, ProgramModel } from './program-model.js'
import type { EnrolmentState, PracticeState } from './practice-state.js'
import type { PreferencesRow } from './preferences-service.js'

export function statesOf(practice: PracticeState, state: EnrolmentState): DayStates {
  return dayStates(state.program.row.isOpen, state.enrolment.enrolledOn, state.program.days.length, state.completed, practice.today, practice.timeZone)
}

/** The listener's enrolment as of `today` (their local date). */
export function enrolmentDto(state: EnrolmentState, today: string, timeZone?: string): Enrolment {
  const daysCount = state.program.days.length
  const active = state.enrolment.status === 'active'
  const { currentOpensOn } = dayStates(state.program.row.isOpen, state.enrolment.enrolledOn, daysCount, state.completed, today, timeZone)
  return {
    status: state.enrolment.status,
    featured: state.enrolment.featured,
    currentDay: active ? Math.min(state.completed.length + 1, daysCount + 1) : daysCount + 1,
    completedDays: state.completed.length,
    currentDayOpen: active && currentOpensOn !== null && currentOpensOn <= today,
    enrolledAt: state.enrolment.enrolledAt.toISOString(),
  }
}

/** `today` and `timeZone`: the listener's local date and zone now. */
export function summaryDto(program: ProgramModel, state: EnrolmentState | undefined, today: string, timeZone?: string): ProgramSummary {
  const { row } = program
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    daysCount: program.days.length,
    minutesPerDay: program.minutesPerDay,
    isOpen: row.isOpen,
    coverImage: row.coverImage,
    fields: program.fields.map((field) => ({ id: field.id, title: field.title, iconName: field.iconName })),
    enrolment: state ? enrolmentDto(state, today, timeZone) : null,
  }
}

/**
 * A day as the listener sees it. Before enrolling every day reads locked ("livre": open). The
 * current day's audios show the repetitions counted today; a done day shows them all.
 */
export function dayDto(practice: PracticeState, program: ProgramModel, state: EnrolmentState | undefined, day: DayModel, states: DayStates | null): ProgramDay {
  const dayState = states ? states.states[day.day - 1]! : program.row.isOpen ? 'open' : 'locked'
  const done =
    dayState === 'done'
      ? day.items.map((item) => item.repetitions)
      : dayState === 'today' && state
        ? itemProgress(day, practice.counts, practice.today, program.days, state.completed)
        : day.items.map(() => 0)
  return {
    day: day.day,
    intention: day.intention,
    minutes: day.minutes,
    state: dayState,
    completedOn: state?.completed[day.day - 1]?.completedOn ?? null,
    items: day.items.map((item, index) => ({ audio: toAudioDto(item.audio), repetitions: item.repetitions, repetitionsDone: done[index] ?? 0 })),
  }
}

/** When the current day opens, if it waits for a later date (the listener's local midnight, ISO). */
export function nextUnlockAt(practice: PracticeState, states: DayStates): string | null {
  const { currentOpensOn } = states
  if (currentOpensOn === null || currentOpensOn <= practice.today) return null
  return startOfLocalDate(practice.timeZone, currentOpensOn).toISOString()
}

export function streakDto(preferences: PreferencesRow, practisedDates: readonly string[], today: string): Streak {
  const { current, best, practisedToday } = streakOf(practisedDates, today)
  return { current, best, hidden: preferences.hideStreak, practisedToday }
}
