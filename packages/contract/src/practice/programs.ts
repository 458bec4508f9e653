import { z } from 'zod'
import { audioSchema } from '../catalogue/catalogue.js'
import { coverImageSchema } from '../common/covers.js'

/**
 * The daily practice (docs/product/practice.md): programmes of N days, each day one or more
 * catalogue audios with a repetition count and an intention text; a listener enrols, days unlock at
 * the listener's local midnight, a day is done when every item reached its count.
 */

/** Limits an admin works within; the same numbers validate the editor and the API. */
export const PROGRAM_LIMITS = {
  titleMax: 120,
  descriptionMax: 2000,
  intentionMax: 600,
  daysMin: 1,
  daysMax: 60,
  itemsPerDayMax: 8,
  repetitionsMin: 1,
  repetitionsMax: 30,
} as const

/** A calendar date in the listener's own time zone, `YYYY-MM-DD`. */
export const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

export const PROGRAM_DAY_STATES = ['done', 'today', 'open', 'locked'] as const
/** done: completed · today: the day to practise now · open: available ("livre") · locked: waits for its calendar day. */
export type ProgramDayState = (typeof PROGRAM_DAY_STATES)[number]

export const ENROLMENT_STATUSES = ['active', 'completed'] as const
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number]

export const programFieldSchema = z.object({ id: z.uuid(), title: z.string(), iconName: z.string() })

export const enrolmentSchema = z.object({
  status: z.enum(ENROLMENT_STATUSES),
  featured: z.boolean(),
  /** The day to practise next (1-based); equals daysCount + 1 once completed. */
  currentDay: z.number().int().min(1),
  completedDays: z.number().int().nonnegative(),
  /**
   * The current day can be practised today; false when it opens on a later date (today's day was
   * done, the next one opens at the listener's next local midnight) or the programme is completed.
   */
  currentDayOpen: z.boolean(),
  enrolledAt: z.string(),
})
export type Enrolment = z.infer<typeof enrolmentSchema>

/** A programme as listed in /programas and on the dashboard. */
export const programSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  daysCount: z.number().int().positive(),
  /** The days' average length, rounded to whole minutes (audios × repetitions, pauses excluded). */
  minutesPerDay: z.number().int().nonnegative(),
  /** Every day open ("livre") instead of one day per calendar day. */
  isOpen: z.boolean(),
  /** An uploaded cover; null shows the generated artwork. */
  coverImage: coverImageSchema,
  fields: z.array(programFieldSchema),
  enrolment: enrolmentSchema.nullable(),
})
export type ProgramSummary = z.infer<typeof programSummarySchema>

export const programListSchema = z.object({ programs: z.array(programSummarySchema) })
export type ProgramList = z.infer<typeof programListSchema>

/** One audio of a day: what to play, how many times, how many were already counted on the day. */
export const sessionItemSchema = z.object({
  audio: audioSchema,
  repetitions: z.number().int().positive(),
  repetitionsDone: z.number().int().nonnegative(),
})
export type SessionItem = z.infer<typeof sessionItemSchema>

export const programDaySchema = z.object({
  day: z.number().int().positive(),
  intention: z.string(),
  minutes: z.number().int().nonnegative(),
  state: z.enum(PROGRAM_DAY_STATES),
  /** The local date the day was completed on, when done. */
  completedOn: localDateSchema.nullable(),
  items: z.array(sessionItemSchema),
})
export type ProgramDay = z.infer<typeof programDaySchema>

/** GET /api/programs/:slug — the programme with its whole path. */
export const programDetailSchema = z.object({
  program: programSummarySchema,
  days: z.array(programDaySchema),
  /** When enrolled and today's day is done: when the next one opens (ISO, the listener's next local midnight). */
  nextUnlockAt: z.string().nullable(),
})
export type ProgramDetail = z.infer<typeof programDetailSchema>

/** Where a day's session was left: the item (0-based) and the repetition (1-based) to resume at. */
export const sessionResumeSchema = z.object({ itemIndex: z.number().int().nonnegative(), repetition: z.number().int().positive() })
export type SessionResume = z.infer<typeof sessionResumeSchema>

export const streakSchema = z.object({
  current: z.number().int().nonnegative(),
  best: z.number().int().nonnegative(),
  /** The listener chose to hide the counter. */
  hidden: z.boolean(),
  /** Today already counts (something was practised today). */
  practisedToday: z.boolean(),
})
export type Streak = z.infer<typeof streakSchema>

/** GET /api/practice/today — the first thing on the dashboard. */
export const todaySchema = z.object({
  /** The listener's local date the answer is about. */
  date: localDateSchema,
  timeZone: z.string(),
  /** The featured programme (or the only one followed); null when the listener follows none. */
  program: programSummarySchema.nullable(),
  /** Today's day of that programme; null when the programme is completed. */
  day: programDaySchema.nullable(),
  /** Set when the day was started and left half-way: where to continue. */
  resume: sessionResumeSchema.nullable(),
  nextUnlockAt: z.string().nullable(),
  streak: streakSchema,
})
export type Today = z.infer<typeof todaySchema>

export const progressProgramSchema = z.object({
  program: programSummarySchema,
  days: z.array(z.object({ day: z.number().int().positive(), state: z.enum(PROGRAM_DAY_STATES), completedOn: localDateSchema.nullable() })),
})

/** GET /api/practice/progress */
export const progressSchema = z.object({
  date: localDateSchema,
  programs: z.array(progressProgramSchema),
  /** Minutes of audio listened (completed repetitions × the audio's length), all time. */
  totalMinutes: z.number().int().nonnegative(),
  streak: streakSchema,
  /** The local dates with practice in the last 35 days, for the calendar. */
  practisedDates: z.array(localDateSchema),
})
export type Progress = z.infer<typeof progressSchema>

export const enrolBodySchema = z.object({ featured: z.boolean().optional() }).strict()
export const programEnrolmentAnswerSchema = z.object({ program: programSummarySchema })

/**
 * A programme day's length as the admin's editor shows it: exact for a short day ("1 min 20 s",
 * "45 s" — rounded to minutes, a 1:20 day read "1 min" and a 25 s day "0 min"), whole minutes from
 * 10 minutes up; an empty day "0 min".
 */
export function dayLengthLabel(seconds: number): string {
  const whole = Math.round(seconds)
  if (whole === 0) return '0 min'
  if (whole >= 600) return `${Math.round(whole / 60)} min`
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  if (minutes === 0) return `${rest} s`
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
}
