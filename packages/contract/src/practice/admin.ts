import { z } from 'zod'
import { coverImageSchema } from '../common/covers.js'
import { localDateSchema, PROGRAM_LIMITS as L } from './programs.js'
import { PRACTICE_MSG as M } from './practice-messages.js'

/** The programme editor (/admin/programas) and programme insights. */

export const adminProgramItemInputSchema = z.object({
  audioId: z.uuid({ error: M.admin.audioRequired }),
  repetitions: z
    .number({ error: M.admin.repetitionsRange })
    .int({ error: M.admin.repetitionsRange })
    .min(L.repetitionsMin, { error: M.admin.repetitionsRange })
    .max(L.repetitionsMax, { error: M.admin.repetitionsRange }),
})

export const adminProgramDayInputSchema = z.object({
  intention: z.string().trim().max(L.intentionMax, { error: M.admin.intentionTooLong }),
  items: z.array(adminProgramItemInputSchema).max(L.itemsPerDayMax, { error: M.admin.tooManyItems }),
})

/** Create or save a programme: the whole programme at once, its days in order (day n = index n-1). */
export const adminProgramInputSchema = z
  .object({
    title: z.string().trim().min(1, { error: M.admin.titleRequired }).max(L.titleMax, { error: M.admin.titleTooLong }),
    description: z.string().trim().max(L.descriptionMax, { error: M.admin.descriptionTooLong }),
    isOpen: z.boolean(),
    days: z.array(adminProgramDayInputSchema).min(L.daysMin, { error: M.admin.daysRange }).max(L.daysMax, { error: M.admin.daysRange }),
  })
  .strict()
export type AdminProgramInput = z.infer<typeof adminProgramInputSchema>

export const adminProgramPublishSchema = z.object({ published: z.boolean() }).strict()

export const adminProgramItemSchema = z.object({
  audioId: z.uuid(),
  audioTitle: z.string(),
  fieldTitle: z.string(),
  durationSeconds: z.number().int().nonnegative(),
  repetitions: z.number().int().positive(),
})

export const adminProgramDaySchema = z.object({
  day: z.number().int().positive(),
  intention: z.string(),
  minutes: z.number().int().nonnegative(),
  items: z.array(adminProgramItemSchema),
})

export const adminProgramSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  isOpen: z.boolean(),
  published: z.boolean(),
  position: z.number().int(),
  coverImage: coverImageSchema,
  days: z.array(adminProgramDaySchema),
  /** Listeners enrolled now (active or completed). */
  enrolled: z.number().int().nonnegative(),
  updatedAt: z.string(),
})
export type AdminProgram = z.infer<typeof adminProgramSchema>

export const adminProgramRowSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  isOpen: z.boolean(),
  published: z.boolean(),
  position: z.number().int(),
  coverImage: coverImageSchema,
  daysCount: z.number().int().nonnegative(),
  minutesPerDay: z.number().int().nonnegative(),
  /** Every day has an intention and at least one audio: it may be published. */
  complete: z.boolean(),
  enrolled: z.number().int().nonnegative(),
})
export const adminProgramListSchema = z.object({ programs: z.array(adminProgramRowSchema) })
export type AdminProgramList = z.infer<typeof adminProgramListSchema>

export const adminProgramOrderSchema = z.object({ ids: z.array(z.uuid()).min(1).max(200) }).strict()

export const programInsightsQuerySchema = z
  .object({ from: localDateSchema, to: localDateSchema })
  .refine((q) => q.from <= q.to, { error: M.admin.rangeInverted, path: ['to'] })

export const programInsightsRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  daysCount: z.number().int().nonnegative(),
  /** Enrolments made in the range. */
  enrolled: z.number().int().nonnegative(),
  /** Of those, listened in the last 7 days. */
  activeLast7Days: z.number().int().nonnegative(),
  reachedDay7: z.number().int().nonnegative(),
  reachedDay14: z.number().int().nonnegative(),
  reachedDay21: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  /** completed ÷ enrolled, 0–1; 0 with nobody enrolled. */
  completionRate: z.number().min(0).max(1),
  medianDaysToFinish: z.number().nullable(),
  remindersSent: z.number().int().nonnegative(),
  remindersOpened: z.number().int().nonnegative(),
})
export const programInsightsSchema = z.object({ from: localDateSchema, to: localDateSchema, programs: z.array(programInsightsRowSchema) })
export type ProgramInsights = z.infer<typeof programInsightsSchema>
