/**
 * Today's session as the player plays it (docs/product/practice.md#days-and-today): the day's
 * audios in order, each with the day's repetition count, starting where the server says the
 * listener left it (`resume`), so "Continuar de onde parei" works from any device.
 */
import type { Audio, ProgramDay, ProgramDetail, SessionResume } from '@sintonia/contract'

export interface SessionStep {
  audio: Audio
  /** The day's count for this audio. */
  repetitions: number
  /** Where its counter starts when the player reaches it: the repetitions already heard, for the resumed one; else 0. */
  startAt: number
}

export interface SessionPlan {
  steps: SessionStep[]
  /** The step to open first. */
  startIndex: number
  /** Repetitions counted per step so far (the path beside the player): done steps full, the resumed one partly. */
  heard: number[]
}

/**
 * The plan of a day. With `resume` the steps before it are done, its step starts at
 * `repetition − 1` heard, and the ones after start from nothing; without it the session starts at
 * the first audio. A resume that does not fit the day (an item that is not there) is ignored.
 */
export function sessionPlan(day: Pick<ProgramDay, 'items'>, resume: SessionResume | null): SessionPlan {
  const items = day.items
  const valid = resume !== null && resume.itemIndex >= 0 && resume.itemIndex < items.length
  const startIndex = valid ? resume.itemIndex : 0
  const steps = items.map((item, index): SessionStep => {
    const startAt = valid && index === startIndex ? Math.min(Math.max(resume.repetition - 1, 0), item.repetitions - 1) : 0
    return { audio: item.audio, repetitions: item.repetitions, startAt }
  })
  const heard = items.map((item, index) => {
    if (valid && index < startIndex) return item.repetitions
    if (index === startIndex) return steps[index]?.startAt ?? 0
    return Math.min(item.repetitionsDone, item.repetitions)
  })
  return { steps, startIndex, heard }
}

/** The heard counts after one more repetition of step `index` (n = that audio's count in the player). */
export function withRepetition(heard: readonly number[], index: number, completed: number): number[] {
  return heard.map((value, i) => (i === index ? Math.max(value, completed) : value))
}

export type SessionOutcome = 'pending' | 'day' | 'program'

/**
 * Whether the day played here is done on the server yet: the programme's path says so once the
 * listening events were counted. 'program' when that day finished the programme.
 */
export function sessionOutcome(detail: Pick<ProgramDetail, 'program' | 'days'> | undefined, day: number): SessionOutcome {
  const played = detail?.days.find((d) => d.day === day)
  if (!detail || played?.state !== 'done') return 'pending'
  return detail.program.enrolment?.status === 'completed' ? 'program' : 'day'
}

/** What /hoje reads in its navigation state: the click that opened it asked for sound, so the session starts by itself. */
export const TODAY_AUTOSTART_STATE = { autoStart: true } as const

export function readAutoStart(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { autoStart?: unknown }).autoStart === true
}

/** Every audio of the day heard its count: the day is done as far as this device knows. */
export function allHeard(plan: Pick<SessionPlan, 'steps'>, heard: readonly number[]): boolean {
  return plan.steps.every((step, index) => (heard[index] ?? 0) >= step.repetitions)
}
