/**
 * A listener's practice as of "now", settled (docs/product/practice.md#when-a-day-counts-as-done):
 * their preferences and local date, their enrolments in published programmes with the days done,
 * and the repetition counts per (audio, local date) of the enrolments' open window. Settling runs
 * on every read and after every batch of listening records: the day rule (day-rule.ts) finds the
 * days that became done, and they are written — under a per-listener lock, re-read first — only
 * when there is something to write.
 */
import type { Database } from '../../db/client.js'
import { dayStates, settleDays, SETTLE_LOOKBACK_DAYS, type Completion, type DailyCounts } from './day-rule.js'
import { addDays, localDateIn, startOfLocalDate } from '../../lib/local-time.js'
import { getPreferences, type PreferencesRow } from './preferences-service.js'
import { loadModels, type ProgramModel } from './program-model.js'
import {
  countRepetitionsByDate,
  insertCompletions,
  listEnrolmentsOfUser,
  listProgramRowsByIds,
  lockListenerPractice,
  markEnrolmentCompleted,
  type EnrolmentRow,
} from './programs-repository.js'

export interface EnrolmentState {
  enrolment: EnrolmentRow
  program: ProgramModel
  /** Days done, 1…k in order. */
  completed: Completion[]
}

export interface PracticeState {
  userId: string
  preferences: PreferencesRow
  timeZone: string
  now: Date
  /** The listener's local date now. */
  today: string
  /** Newest enrolment first. */
  enrolments: EnrolmentState[]
  /** Repetitions per local date and audio, over the window the active enrolments need (always including today). */
  counts: DailyCounts
  /** Every programme read so far (a caller may hand in more, e.g. the whole published list). */
  programs: Map<string, ProgramModel>
}

export interface LoadOptions {
  /** Programmes already loaded (the list reads every published one anyway). */
  programs?: Map<string, ProgramModel>
  preferences?: PreferencesRow
}

/** Days 1…k that follow one another (a stray later day, e.g. after an admin shortened the programme, is ignored). */
function consecutive(completed: readonly Completion[], daysCount: number): Completion[] {
  const result: Completion[] = []
  for (const completion of [...completed].sort((a, b) => a.day - b.day)) {
    if (completion.day !== result.length + 1 || completion.day > daysCount) break
    result.push(completion)
  }
  return result
}

async function readState(db: Database, userId: string, now: Date, preferences: PreferencesRow, known: Map<string, ProgramModel>): Promise<PracticeState> {
  const timeZone = preferences.timeZone
  const today = localDateIn(timeZone, now)
  const enrolled = await listEnrolmentsOfUser(db, userId)
  const programs = new Map(known)
  const missing = [...new Set(enrolled.map((row) => row.programId))].filter((id) => !programs.has(id))
  if (missing.length > 0) for (const [id, model] of await loadModels(db, await listProgramRowsByIds(db, missing))) programs.set(id, model)

  const enrolments: EnrolmentState[] = []
  for (const { completed, ...enrolment } of enrolled) {
    const program = programs.get(enrolment.programId)
    if (program) enrolments.push({ enrolment, program, completed: consecutive(completed, program.days.length) })
  }

  // The window: from the earliest date a current day opens (at most the lookback ago) to today.
  const active = enrolments.filter((state) => state.enrolment.status === 'active')
  const audioIds = new Set<string>()
  let from = today
  for (const state of active) {
    for (const day of state.program.days) for (const item of day.items) audioIds.add(item.audioId)
    const opens = dayStates(state.program.row.isOpen, state.enrolment.enrolledOn, state.program.days.length, state.completed, today, timeZone).currentOpensOn
    if (opens && opens < from) from = opens
  }
  const earliest = addDays(today, -SETTLE_LOOKBACK_DAYS)
  if (from < earliest) from = earliest
  const counts = new Map<string, Map<string, number>>()
  for (const row of await countRepetitionsByDate(db, userId, timeZone, [...audioIds], startOfLocalDate(timeZone, from))) {
    let byAudio = counts.get(row.date)
    if (!byAudio) counts.set(row.date, (byAudio = new Map()))
    byAudio.set(row.audioId, row.n)
  }
  return { userId, preferences, timeZone, now, today, enrolments, counts, programs }
}

interface Settlement {
  state: EnrolmentState
  completions: Completion[]
  /** Every day is now done: the enrolment is completed. */
  finished: boolean
}

function planSettlement(practice: PracticeState): Settlement[] {
  const plan: Settlement[] = []
  for (const state of practice.enrolments) {
    if (state.enrolment.status !== 'active') continue
    const { program, enrolment, completed } = state
    const completions = settleDays({
      isOpen: program.row.isOpen,
      enrolledOn: enrolment.enrolledOn,
      days: program.days,
      completed,
      counts: practice.counts,
      today: practice.today,
      timeZone: practice.timeZone,
    })
    const finished = program.days.length > 0 && completed.length + completions.length >= program.days.length
    if (completions.length > 0 || finished) plan.push({ state, completions, finished })
  }
  return plan
}

function apply(practice: PracticeState, plan: Settlement[]): void {
  for (const { state, completions, finished } of plan) {
    state.completed = [...state.completed, ...completions]
    if (finished) state.enrolment = { ...state.enrolment, status: 'completed', completedAt: practice.now }
  }
}

/** The listener's practice now, settled: what every read of today, progress and the programmes starts from. */
export async function loadPractice(db: Database, userId: string, now: Date, options: LoadOptions = {}): Promise<PracticeState> {
  const preferences = options.preferences ?? (await getPreferences(db, userId))
  const known = options.programs ?? new Map<string, ProgramModel>()
  const practice = await readState(db, userId, now, preferences, known)
  if (planSettlement(practice).length === 0) return practice
  return db.transaction(async (tx) => {
    await lockListenerPractice(tx, userId)
    const fresh = await readState(tx, userId, now, preferences, practice.programs)
    const plan = planSettlement(fresh)
    for (const { state, completions, finished } of plan) {
      await insertCompletions(tx, state.enrolment.id, completions)
      if (finished) await markEnrolmentCompleted(tx, state.enrolment.id, now)
    }
    apply(fresh, plan)
    return fresh
  })
}

/** Settles the listener's active enrolments (after a batch of listening records). */
export async function settlePractice(db: Database, userId: string, now: Date): Promise<void> {
  await loadPractice(db, userId, now)
}
