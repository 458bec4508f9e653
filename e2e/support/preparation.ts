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
  /**
   * Listener accounts (no password: they are only looked at) with a paid subscription as the
   * provider's events leave it: `cancelAtPeriodEnd` after the subscriber cancelled in the portal,
   * `refundRequested` after a guarantee request nobody decided yet. `currentPeriodEnd` (ISO)
   * defaults to 30 days from now.
   */
  people?: { email: string; name: string; subscription?: { planCode: PlanCode; currentPeriodEnd?: string; cancelAtPeriodEnd?: boolean; refundRequested?: boolean } }[]
  /**
   * Published programmes of the daily practice made of one short clip (PRACTICE_CLIP, 12 s) per
   * day, heard `repetitions` times: a journey plays a whole day in seconds. Listed first
   * (position 0, before the seeded programmes). `withBreath`: each day also plays BREATH_CLIP after it.
   */
  practicePrograms?: { title: string; slug: string; days: number; repetitions: number; isOpen?: boolean; description?: string; withBreath?: boolean }[]
}

/** The short clip the prepared programmes play: e2e/fixtures/audio-curto.mp3, stored as a catalogue audio of the first field. */
export const PRACTICE_CLIP = { file: 'e2e/fixtures/audio-curto.mp3', title: 'Pausa curta', durationSeconds: 12 } as const
/** A second, shorter clip: with `withBreath`, each day plays it after PRACTICE_CLIP (a day of two audios). */
export const BREATH_CLIP = { file: 'e2e/fixtures/audio-respiro.mp3', title: 'Respiro breve', durationSeconds: 6 } as const
