import type { PlanCode } from '@sintonia/contract'

/** What a journey needs in the database before its server starts (see prepare-database.ts). */
export interface Preparation {
  landingContent?: unknown
  /** `currentPeriodEnd` (ISO) defaults to 90 days from now; a past date is an access that has ended. */
  paidCheckouts?: { email: string; sessionId: string; planCode: PlanCode; currentPeriodEnd?: string }[]
  /** Plan changes an admin would have made: active or not, a running promotion. */
  plans?: { code: PlanCode; isActive?: boolean; promotion?: { discountPercentage: number; label: string; endsAt: string } }[]
}
