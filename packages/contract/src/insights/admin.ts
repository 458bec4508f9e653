/** Admin insights: financial report, analytics, listening stats and media validation. */
import { z } from 'zod'
import { isoDate } from '../common/admin.js'
import { MAX_INSTALLMENTS, PAYMENT_METHODS } from '../commerce/installments.js'
import { goodbyeReportSchema } from '../commerce/goodbye.js'
import { adminGiftReportSchema } from '../commerce/gifts.js'

// ───────────────────────────── Financial ─────────────────────────────

export const financialQuerySchema = z.object({
  months: z.coerce.number({ error: 'Período inválido' }).int().min(1, { error: 'Período inválido' }).max(36, { error: 'Período inválido' }).default(12),
})
export const financialSchema = z.object({
  currency: z.string(),
  /** Normalised monthly value of the subscriptions that give access now (from their last payment). */
  mrrCents: z.number().int(),
  activeSubscriptions: z.number().int(),
  months: z.array(
    z.object({
      /** YYYY-MM (UTC). */
      month: z.string(),
      revenueCents: z.number().int(),
      refundsCents: z.number().int(),
      payments: z.number().int(),
      newSubscriptions: z.number().int(),
      cancelledSubscriptions: z.number().int(),
    }),
  ),
  activeByPlan: z.array(z.object({ planCode: z.string(), planName: z.string(), count: z.number().int() })),
  refunds: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  /** Charges contested at the card issuer in the period (chargebacks under review). */
  disputes: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  /** Revenue of the period by how it was paid: Pix first, then the card from 1× up (null for Pix). */
  byMethod: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      installments: z.number().int().min(1).max(MAX_INSTALLMENTS).nullable(),
      payments: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
  totals: z.object({ revenueCents: z.number().int(), refundsCents: z.number().int(), netCents: z.number().int() }),
  /** Subscribers who asked to cancel in the period: what they chose, who came back, and why. */
  goodbyes: goodbyeReportSchema,
  /** Gifts paid in the period, where they are now, and the latest ones. */
  gifts: adminGiftReportSchema,
})
export type Financial = z.infer<typeof financialSchema>

// ───────────────────────────── Analytics ─────────────────────────────

export const ANALYTICS_TOP_EVENT_TYPES = 10
/** Analytics refetch every 60 s (docs/product/admin.md#insights). */
export const ANALYTICS_REFETCH_MS = 60_000

export const analyticsSummarySchema = z.object({
  totalEvents: z.number().int(),
  /** Distinct signed-in users, plus anonymous visitors (browsers), in the bounds. */
  uniqueUsers: z.number().int(),
  topEventTypes: z.array(z.object({ eventType: z.string(), count: z.number().int() })),
  /** Distinct users/visitors with an event in the last 24 h (ignores the bounds). */
  dailyActiveUsers: z.number().int(),
  from: isoDate.nullable(),
  to: isoDate.nullable(),
})
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>

export const FUNNEL_STEPS = ['landing_view', 'lead', 'checkout_started', 'paid'] as const
export const FUNNEL_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  landing_view: 'Visitas à página inicial',
  lead: 'Leads',
  checkout_started: 'Checkouts iniciados',
  paid: 'Pagamentos confirmados',
}
export const advancedAnalyticsSchema = analyticsSummarySchema.extend({
  /**
   * People at each step in the period (docs/product/admin.md#advanced-analytics-adminanalytics-advanced)
   * and their share of the first step's people, 0–1, capped at 1; null for the first step itself and
   * when the first step counted nobody.
   */
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int(), shareOfFirst: z.number().min(0).max(1).nullable() })),
  topAudios: z.array(z.object({ audioId: z.string(), title: z.string(), fieldTitle: z.string(), plays: z.number().int() })),
})
export type AdvancedAnalytics = z.infer<typeof advancedAnalyticsSchema>

export const listeningStatsSchema = z.object({
  totals: z.object({ plays: z.number().int(), repetitions: z.number().int(), listeners: z.number().int() }),
  perDay: z.array(z.object({ day: z.string(), plays: z.number().int(), repetitions: z.number().int() })),
  perField: z.array(z.object({ fieldId: z.string(), title: z.string(), plays: z.number().int(), repetitions: z.number().int() })),
  perAudio: z.array(
    z.object({ audioId: z.string(), title: z.string(), fieldTitle: z.string(), plays: z.number().int(), repetitions: z.number().int() }),
  ),
})
export type ListeningStats = z.infer<typeof listeningStatsSchema>

// ───────────────────────────── Validation ─────────────────────────────

export const VALIDATION_PROBLEM_KINDS = [
  'field_without_audios',
  'audio_file_missing',
  'audio_file_mismatch',
  'audio_undecodable',
  'audio_duration_mismatch',
  'audio_duration_missing',
  'music_file_missing',
  'music_undecodable',
  'video_file_missing',
  'video_type_mismatch',
  'video_undecodable',
  'video_thumbnail_missing',
  'landing_invalid',
  'no_active_plans',
  'demo_missing',
] as const
export const validationReportSchema = z.object({
  checkedAt: isoDate,
  checked: z.object({
    fields: z.number().int(),
    audios: z.number().int(),
    music: z.number().int(),
    /** Every video of the landing's list; only uploaded ones have files to check (links are external). */
    videos: z.number().int(),
    plans: z.number().int(),
  }),
  problems: z.array(
    z.object({
      kind: z.enum(VALIDATION_PROBLEM_KINDS),
      severity: z.enum(['error', 'warning']),
      message: z.string(),
      /** The admin page where it is fixed. */
      fixPath: z.string(),
      fixLabel: z.string(),
    }),
  ),
})
export type ValidationReport = z.infer<typeof validationReportSchema>
