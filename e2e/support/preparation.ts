import type { PlanCode } from '@sintonia/contract'

/**
 * The access link prepare-database.ts records for a paid checkout (the purchase e-mail's link):
 * a known token per checkout, so a journey opens /onboarding/definir-senha?token= as the buyer
 * would from the e-mail.
 */
export function preparedAccessToken(sessionId: string): string {
  return `e2e_access_${sessionId}`.replace(/[^A-Za-z0-9_-]/g, '_').padEnd(24, '0')
}

/** What a journey needs in the database before its server starts (see prepare-database.ts). */
export interface Preparation {
  landingContent?: unknown
  /** `currentPeriodEnd` (ISO) defaults to 90 days from now; a past date is an access that has ended. */
  paidCheckouts?: { email: string; sessionId: string; planCode: PlanCode; currentPeriodEnd?: string }[]
  /** Plan changes an admin would have made: active or not, a running promotion. */
  plans?: { code: PlanCode; isActive?: boolean; promotion?: { discountPercentage: number; label: string; endsAt: string } }[]
}
