/**
 * Progress (docs/product/practice.md#progress-and-streaks): every programme followed with its days,
 * the minutes listened, the practised dates of the last 35 days and the forgiving streak.
 */
import type { Progress } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { addDays } from '../../lib/local-time.js'
import { loadPractice, type EnrolmentState } from './practice-state.js'
import { statesOf, streakDto, summaryDto } from './practice-views.js'
import { listPractisedDates, sumListenedSeconds } from './programs-repository.js'

// Listening settles the practice through here after a batch of repetitions, so the days they complete count at once.
export { settlePractice } from './practice-state.js'

/** The calendar of /progresso shows this many days, today included. */
export const PRACTISED_DATES_DAYS = 35

/** Featured first, then active ones, then completed ones; the most recent enrolment first within each. */
function progressOrder(a: EnrolmentState, b: EnrolmentState): number {
  const rank = (state: EnrolmentState) => (state.enrolment.featured && state.enrolment.status === 'active' ? 0 : state.enrolment.status === 'active' ? 1 : 2)
  return rank(a) - rank(b) || b.enrolment.enrolledAt.getTime() - a.enrolment.enrolledAt.getTime()
}

/** GET /api/practice/progress */
export async function getProgress(db: Database, userId: string, now: Date): Promise<Progress> {
  const practice = await loadPractice(db, userId, now)
  const [dates, seconds] = [await listPractisedDates(db, userId, practice.timeZone), await sumListenedSeconds(db, userId)]
  const since = addDays(practice.today, -(PRACTISED_DATES_DAYS - 1))
  return {
    date: practice.today,
    programs: [...practice.enrolments].sort(progressOrder).map((state) => {
      const { states } = statesOf(practice, state)
      return {
        program: summaryDto(state.program, state, practice.today, practice.timeZone),
        days: states.map((dayState, index) => ({ day: index + 1, state: dayState, completedOn: state.completed[index]?.completedOn ?? null })),
      }
    }),
    totalMinutes: Math.floor(seconds / 60),
    streak: streakDto(practice.preferences, dates, practice.today),
    practisedDates: dates.filter((date) => date >= since && date <= practice.today).sort(),
  }
}
