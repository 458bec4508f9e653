import { del, get, patch, post, put, schema } from '../common/http.js'
import type { coverAnswerSchema } from '../common/covers.js'
import type {
  adminProgramInputSchema,
  adminProgramListSchema,
  adminProgramOrderSchema,
  adminProgramPublishSchema,
  adminProgramSchema,
  programInsightsSchema,
} from './admin.js'
import type {
  practicePreferencesSchema,
  practicePreferencesUpdateSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  reminderOpenedSchema,
} from './preferences.js'
import type { enrolBodySchema, programDetailSchema, programEnrolmentAnswerSchema, programListSchema, progressSchema, todaySchema } from './programs.js'
import type { checkInCreateSchema, checkInListSchema, checkInSchema, checkInUpdateSchema, checkInWeekSchema } from './check-ins.js'
import { PRACTICE_PATHS as P } from './paths.js'

export const PRACTICE_ENDPOINTS = {
  programs: get(P.programs, schema<typeof programListSchema>()),
  program: get(P.program, schema<typeof programDetailSchema>()),
  enrol: post(P.enrolment, schema<typeof programEnrolmentAnswerSchema>(), schema<typeof enrolBodySchema>()),
  leave: del(P.enrolment),
  restart: post(P.restart, schema<typeof programEnrolmentAnswerSchema>()),
  feature: post(P.featured, schema<typeof programEnrolmentAnswerSchema>()),
  today: get(P.today, schema<typeof todaySchema>()),
  progress: get(P.progress, schema<typeof progressSchema>()),
  preferences: get(P.preferences, schema<typeof practicePreferencesSchema>()),
  updatePreferences: put(P.preferences, schema<typeof practicePreferencesSchema>(), schema<typeof practicePreferencesUpdateSchema>()),
  pushKey: get(P.pushKey, schema<typeof pushKeySchema>()),
  subscribePush: post(P.pushSubscriptions, schema<typeof practicePreferencesSchema>(), schema<typeof pushSubscriptionSchema>()),
  unsubscribePush: del(P.pushSubscriptions, schema<typeof practicePreferencesSchema>(), schema<typeof pushUnsubscribeSchema>()),
  reminderOpened: post(P.reminderOpened, schema<typeof reminderOpenedSchema>()),
  checkIns: get(P.checkIns, schema<typeof checkInListSchema>()),
  createCheckIn: post(P.checkIns, schema<typeof checkInSchema>(), schema<typeof checkInCreateSchema>()),
  updateCheckIn: patch(P.checkIn, schema<typeof checkInSchema>(), schema<typeof checkInUpdateSchema>()),
  deleteCheckIn: del(P.checkIn),
  checkInWeek: get(P.checkInWeek, schema<typeof checkInWeekSchema>()),
  admin: {
    programs: get(P.admin.programs, schema<typeof adminProgramListSchema>()),
    program: get(P.admin.program, schema<typeof adminProgramSchema>()),
    createProgram: post(P.admin.programs, schema<typeof adminProgramSchema>(), schema<typeof adminProgramInputSchema>()),
    saveProgram: put(P.admin.program, schema<typeof adminProgramSchema>(), schema<typeof adminProgramInputSchema>()),
    publishProgram: post(P.admin.publish, schema<typeof adminProgramSchema>(), schema<typeof adminProgramPublishSchema>()),
    deleteProgram: del(P.admin.program),
    /** Multipart: one image `file` (docs/product/covers.md). */
    setProgramCover: put(P.admin.cover, schema<typeof coverAnswerSchema>()),
    removeProgramCover: del(P.admin.cover, schema<typeof coverAnswerSchema>()),
    orderPrograms: put(P.admin.order, schema<typeof adminProgramListSchema>(), schema<typeof adminProgramOrderSchema>()),
    insights: get(P.admin.insights, schema<typeof programInsightsSchema>()),
  },
} as const
