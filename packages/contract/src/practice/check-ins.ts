import { z } from 'zod'
import { MSG } from '../common/messages.js'
import { localDateSchema } from './programs.js'

/**
 * The check-in after a practice and the Diário (docs/product/practice.md#check-ins-and-the-diario):
 * an optional mood before and after (1–5), an optional short note, what was practised (an audio, or
 * a programme's day) and its minutes, on the listener's local date. One listener's alone.
 */

/** The limits, once for the web's form and the API. */
export const CHECK_IN_LIMITS = {
  moodMin: 1,
  moodMax: 5,
  noteMax: 500,
  /** How many repetitions of an audio a check-in may say were heard (the player's own maximum). */
  repetitionsMax: 30,
  /** The Diário reads this many entries at a time, at most. */
  pageMax: 50,
  pageDefault: 30,
  /** The weekly chart: days in a week. */
  weekDays: 7,
} as const

/** The five moods, calm words, from the lowest to the highest (the value is what is stored). */
export const MOODS = [
  { value: 1, label: 'Muito mal' },
  { value: 2, label: 'Mal' },
  { value: 3, label: 'Neutro' },
  { value: 4, label: 'Bem' },
  { value: 5, label: 'Muito bem' },
] as const
export type MoodValue = (typeof MOODS)[number]['value']

export function moodLabel(value: number | null | undefined): string | null {
  return MOODS.find((mood) => mood.value === value)?.label ?? null
}

export const CHECK_IN_MSG = {
  notFound: 'Registro não encontrado',
  moodRange: 'Escolha um humor de 1 a 5',
  noteTooLong: `A nota pode ter no máximo ${CHECK_IN_LIMITS.noteMax} caracteres`,
  empty: 'Escolha como você está ou escreva uma nota.',
  practiceRequired: 'Informe o áudio ou o dia do programa praticado',
  audioNotFound: 'Áudio não encontrado',
  dayNotInProgram: 'Este dia não faz parte do programa',
  invalidDate: 'Data inválida',
  saved: 'Registro salvo no seu Diário.',
  updated: 'Registro atualizado.',
  removed: 'Registro apagado.',
} as const

/**
 * A note as stored: line breaks kept (\r\n and \r become \n), tabs become spaces, every other
 * control character (C0, DEL, C1) and the invisible direction overrides removed, at most two
 * blank lines in a row, trimmed.
 */
export function cleanCheckInNote(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

const moodSchema = z.number({ error: CHECK_IN_MSG.moodRange }).int({ error: CHECK_IN_MSG.moodRange }).min(CHECK_IN_LIMITS.moodMin, { error: CHECK_IN_MSG.moodRange }).max(CHECK_IN_LIMITS.moodMax, { error: CHECK_IN_MSG.moodRange })

/** A note as sent: cleaned, then at most CHECK_IN_LIMITS.noteMax characters. */
export const checkInNoteSchema = z
  .string()
  .max(CHECK_IN_LIMITS.noteMax * 4, { error: CHECK_IN_MSG.noteTooLong })
  .transform(cleanCheckInNote)
  .pipe(z.string().max(CHECK_IN_LIMITS.noteMax, { error: CHECK_IN_MSG.noteTooLong }))

const hasSomething = (value: { moodBefore?: number | null | undefined; moodAfter?: number | null | undefined; note?: string | undefined }) =>
  value.moodBefore != null || value.moodAfter != null || (value.note ?? '') !== ''

/**
 * POST: after a practice. An audio heard (`audioId`, with the repetitions heard), or a programme's
 * day (`programId` and `day`); a mood before and/or after and/or a note — at least one of them.
 */
export const checkInCreateSchema = z
  .object({
    audioId: z.uuid({ error: MSG.validation.invalidUuid }).optional(),
    repetitions: z.number().int().min(1).max(CHECK_IN_LIMITS.repetitionsMax).optional(),
    programId: z.uuid({ error: MSG.validation.invalidUuid }).optional(),
    day: z.number().int().min(1).max(60).optional(),
    moodBefore: moodSchema.nullable().optional(),
    moodAfter: moodSchema.nullable().optional(),
    note: checkInNoteSchema.optional(),
  })
  .strict()
  .refine((value) => (value.programId !== undefined && value.day !== undefined) || (value.audioId !== undefined && value.programId === undefined && value.day === undefined), {
    error: CHECK_IN_MSG.practiceRequired,
  })
  .refine(hasSomething, { error: CHECK_IN_MSG.empty })
export type CheckInCreate = z.input<typeof checkInCreateSchema>

/** PATCH: the moods and the note; null clears a mood, '' the note. What is not sent stays. */
export const checkInUpdateSchema = z
  .object({
    moodBefore: moodSchema.nullable().optional(),
    moodAfter: moodSchema.nullable().optional(),
    note: checkInNoteSchema.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: MSG.validation.invalidValue })
export type CheckInUpdate = z.input<typeof checkInUpdateSchema>

export const checkInParamsSchema = z.object({ checkInId: z.uuid({ error: MSG.validation.invalidUuid }) })

export const checkInSchema = z.object({
  id: z.uuid(),
  /** The listener's local date of the practice. */
  date: localDateSchema,
  createdAt: z.string(),
  /** What was practised, as it was called then: 'Dia 3 de 21 · Programa' or the audio's title. */
  title: z.string(),
  audioId: z.uuid().nullable(),
  programId: z.uuid().nullable(),
  day: z.number().int().positive().nullable(),
  minutes: z.number().int().nonnegative(),
  moodBefore: z.number().int().min(1).max(5).nullable(),
  moodAfter: z.number().int().min(1).max(5).nullable(),
  note: z.string(),
})
export type CheckIn = z.infer<typeof checkInSchema>

/** The Diário's page cursor: the last entry's creation time (microseconds, UTC) and id. */
export const CHECK_IN_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

/** GET the Diário: newest first, `before` is the `nextBefore` of the previous page. */
export const checkInListQuerySchema = z.object({
  before: z.string().regex(CHECK_IN_CURSOR, { error: MSG.validation.invalidValue }).optional(),
  limit: z.coerce.number().int().min(1).max(CHECK_IN_LIMITS.pageMax).optional(),
})
export const checkInListSchema = z.object({
  entries: z.array(checkInSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: z.string().nullable(),
})
export type CheckInList = z.infer<typeof checkInListSchema>

/** GET the week: the 7 local dates ending `end` (default: the listener's today). */
export const checkInWeekQuerySchema = z.object({ end: localDateSchema.optional() })
export const checkInWeekDaySchema = z.object({
  date: localDateSchema,
  /** Seconds of audio in the repetitions heard on this date (the listening records). */
  seconds: z.number().int().nonnegative(),
  /** Average of the moods recorded that date, one decimal; null without any. */
  moodBefore: z.number().nullable(),
  moodAfter: z.number().nullable(),
  checkIns: z.number().int().nonnegative(),
})
export type CheckInWeekDay = z.infer<typeof checkInWeekDaySchema>
export const checkInWeekSchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  /** The listener's today, so the page can tell the current week. */
  today: localDateSchema,
  days: z.array(checkInWeekDaySchema),
})
export type CheckInWeek = z.infer<typeof checkInWeekSchema>

/**
 * The CSV of one's practice (Minha conta › "Exportar minha prática (CSV)"): UTF-8 with BOM, ';'
 * between columns, dates as dd/mm/aaaa — as Excel in Portuguese opens it (ADR 032).
 */
export const CHECK_IN_CSV_HEADER = ['Dia', 'Minutos', 'Prática', 'Humor antes (1 a 5)', 'Humor depois (1 a 5)', 'Nota'] as const
export const CHECK_IN_CSV_FILENAME = 'minha-pratica.csv'
