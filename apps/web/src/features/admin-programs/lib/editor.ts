import { PROGRAM_LIMITS, adminProgramInputSchema, type AdminProgram, type AdminProgramInput } from '@sintonia/contract'
import { zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'

/**
 * The programme editor's state and rules (docs/product/practice.md#programmes): what the admin is
 * typing, the minutes it adds up to, and what the API will be sent. Pure functions, tested alone.
 */

export interface DraftItem {
  /** Stable React key (the same audio may appear twice in a day). */
  key: string
  /** '' until an audio is chosen. */
  audioId: string
  /** As typed in the number field; checked on save (1–30). */
  repetitions: string
}

export interface DraftDay {
  key: string
  intention: string
  items: DraftItem[]
}

export interface ProgramDraft {
  title: string
  description: string
  isOpen: boolean
  days: DraftDay[]
}

/** What the editor knows of an audio to show it and count its minutes. */
export interface AudioInfo {
  id: string
  title: string
  fieldTitle: string
  durationSeconds: number
}

let nextKey = 0
export function newKey(prefix: string): string {
  nextKey += 1
  return `${prefix}-${nextKey}`
}

export function emptyDay(): DraftDay {
  return { key: newKey('day'), intention: '', items: [] }
}

export function newItem(audioId = ''): DraftItem {
  return { key: newKey('item'), audioId, repetitions: '1' }
}

/**
 * The editor's copy of a programme. With `previous` (the draft it replaces) days and items keep
 * their keys by position, so a save or a refresh does not remount what the admin is looking at.
 */
export function draftOf(program: AdminProgram, previous?: ProgramDraft): ProgramDraft {
  return {
    title: program.title,
    description: program.description,
    isOpen: program.isOpen,
    days: program.days.map((day, d) => {
      const before = previous?.days[d]
      return {
        key: before?.key ?? newKey('day'),
        intention: day.intention,
        items: day.items.map((item, i) => ({ key: before?.items[i]?.key ?? newKey('item'), audioId: item.audioId, repetitions: String(item.repetitions) })),
      }
    }),
  }
}

/** The body of a create or save: the whole programme, days in order, texts trimmed as the server keeps them. */
export function toInput(draft: ProgramDraft): AdminProgramInput {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    isOpen: draft.isOpen,
    days: draft.days.map((day) => ({
      intention: day.intention.trim(),
      items: day.items.map((item) => ({ audioId: item.audioId, repetitions: repetitionsOf(item.repetitions) })),
    })),
  }
}

/** '' and anything that is not a number reads as NaN, which the schema refuses with its message. */
function repetitionsOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

/** A new programme of `days` empty days (a draft to fill in the editor). */
export function newProgramInput(title: string, days: number): AdminProgramInput {
  return { title, description: '', isOpen: false, days: Array.from({ length: days }, () => ({ intention: '', items: [] })) }
}

/** Has the draft changed since it was loaded (compared as the API would receive it)? */
export function isDirty(draft: ProgramDraft, saved: ProgramDraft): boolean {
  return JSON.stringify(toInput(draft)) !== JSON.stringify(toInput(saved))
}

/** The schema's messages (PRACTICE_MSG.admin) by path: 'title', 'days.0.intention', 'days.2.items.1.repetitions'. */
export function validateDraft(draft: ProgramDraft): FieldErrors {
  const parsed = adminProgramInputSchema.safeParse(toInput(draft))
  return parsed.success ? {} : zodFieldErrors(parsed.error)
}

/**
 * A day's minutes: Σ (duration × repetitions) ÷ 60, rounded — items without an audio or with an
 * invalid count add nothing yet.
 */
export function dayMinutes(day: DraftDay, audios: ReadonlyMap<string, AudioInfo>): number {
  return Math.round(daySeconds(day, audios) / 60)
}

/** A day's listening, in seconds: each audio's length times its repetitions. */
export function daySeconds(day: DraftDay, audios: ReadonlyMap<string, AudioInfo>): number {
  let seconds = 0
  for (const item of day.items) {
    const audio = audios.get(item.audioId)
    const repetitions = repetitionsOf(item.repetitions)
    if (!audio || !Number.isInteger(repetitions) || repetitions < 1) continue
    seconds += audio.durationSeconds * repetitions
  }
  return seconds
}



/** The days' average of their minutes, rounded (0 without days), as listeners will read it. */
export function averageMinutes(days: readonly DraftDay[], audios: ReadonlyMap<string, AudioInfo>): number {
  if (days.length === 0) return 0
  const total = days.reduce((sum, day) => sum + dayMinutes(day, audios), 0)
  return Math.round(total / days.length)
}

/** Days (1-based) that cannot be published yet: no intention or no audio. */
export function incompleteDays(draft: ProgramDraft): number[] {
  return draft.days.flatMap((day, index) => (day.intention.trim() === '' || day.items.filter((item) => item.audioId).length === 0 ? [index + 1] : []))
}

export const canAddDay = (draft: ProgramDraft) => draft.days.length < PROGRAM_LIMITS.daysMax
export const canRemoveDay = (draft: ProgramDraft) => draft.days.length > PROGRAM_LIMITS.daysMin
export const canAddItem = (day: DraftDay) => day.items.length < PROGRAM_LIMITS.itemsPerDayMax

/** '~20 min/dia' as the list reads it. */
export function minutesPerDayLabel(minutes: number): string {
  return `~${minutes} min/dia`
}

/** '1 dia', '21 dias'. */
export function daysLabel(days: number): string {
  return days === 1 ? '1 dia' : `${days} dias`
}

/** '0:45', '12:05': an audio's length as the catalogue shows it. */
export function durationLabel(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}
