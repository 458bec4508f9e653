import type { PlanCode } from '@sintonia/contract'

/** What a journey needs in the database before its server starts (see prepare-database.ts). */
export interface Preparation {
  landingContent?: unknown
  paidCheckouts?: { email: string; sessionId: string; planCode: PlanCode }[]
}
