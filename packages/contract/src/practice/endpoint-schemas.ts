import type { SchemasOf } from '../common/http.js'
import { coverAnswerSchema } from '../common/covers.js'
import {
  adminProgramInputSchema,
  adminProgramListSchema,
  adminProgramOrderSchema,
  adminProgramPublishSchema,
  adminProgramSchema,
  programInsightsSchema,
} from './admin.js'
import {
  practicePreferencesSchema,
  practicePreferencesUpdateSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  reminderOpenedSchema,
} from './preferences.js'
import { enrolBodySchema, programDetailSchema, programEnrolmentAnswerSchema, programListSchema, progressSchema, todaySchema } from './programs.js'
import { checkInCreateSchema, checkInListSchema, checkInSchema, checkInUpdateSchema, checkInWeekSchema } from './check-ins.js'
import type { PRACTICE_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const PRACTICE_ENDPOINT_SCHEMAS = {
  programs: { response: programListSchema, body: null },
  program: { response: programDetailSchema, body: null },
  enrol: { response: programEnrolmentAnswerSchema, body: enrolBodySchema },
  leave: { response: null, body: null },
  restart: { response: programEnrolmentAnswerSchema, body: null },
  feature: { response: programEnrolmentAnswerSchema, body: null },
  today: { response: todaySchema, body: null },
  progress: { response: progressSchema, body: null },
  preferences: { response: practicePreferencesSchema, body: null },
  updatePreferences: { response: practicePreferencesSchema, body: practicePreferencesUpdateSchema },
  pushKey: { response: pushKeySchema, body: null },
  subscribePush: { response: practicePreferencesSchema, body: pushSubscriptionSchema },
  unsubscribePush: { response: practicePreferencesSchema, body: pushUnsubscribeSchema },
  reminderOpened: { response: reminderOpenedSchema, body: null },
  checkIns: { response: checkInListSchema, body: null },
  createCheckIn: { response: checkInSchema, body: checkInCreateSchema },
  updateCheckIn: { response: checkInSchema, body: checkInUpdateSchema },
  deleteCheckIn: { response: null, body: null },
  checkInWeek: { response: checkInWeekSchema, body: null },
  admin: {
    programs: { response: adminProgramListSchema, body: null },
    program: { response: adminProgramSchema, body: null },
    createProgram: { response: adminProgramSchema, body: adminProgramInputSchema },
    saveProgram: { response: adminProgramSchema, body: adminProgramInputSchema },
    publishProgram: { response: adminProgramSchema, body: adminProgramPublishSchema },
    deleteProgram: { response: null, body: null },
    /** Multipart: one image `file` (docs/product/covers.md). */
    setProgramCover: { response: coverAnswerSchema, body: null },
    removeProgramCover: { response: coverAnswerSchema, body: null },
    orderPrograms: { response: adminProgramListSchema, body: adminProgramOrderSchema },
    insights: { response: programInsightsSchema, body: null },
  },
} as const satisfies SchemasOf<typeof PRACTICE_ENDPOINTS>
