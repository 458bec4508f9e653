/**
 * zod schemas of GET /api/plans. Kept apart from plans.ts (the pure price rules) so pages that
 * only need the rules and types do not carry them (docs/performance.md); plans.ts re-exports them.
 */
import { z } from 'zod'
import { PLAN_CODES } from '../common/constants.js'

export const planPromotionSchema = z.object({
  discountPercentage: z.number().int().min(1).max(100),
  label: z.string(),
  /** ISO date-time; the countdown runs to it, the promotion ends at it. */
  endsAt: z.string(),
})
export type PlanPromotion = z.infer<typeof planPromotionSchema>

export const publicPlanSchema = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string(),
  description: z.string(),
  /** ISO 4217 code, 'BRL' by default; shown with `formatMoney`. */
  currency: z.string(),
  /** Length of one billing period: 3, 6 or 12 months for the default plans. */
  intervalMonths: z.number().int().positive(),
  /** The price charged per period now: the promotional price while the promotion is valid, else the original. */
  priceCents: z.number().int().nonnegative(),
  /** The regular price per period (struck through while a promotion runs). */
  originalPriceCents: z.number().int().positive(),
  /** `priceCents` divided by the months of the period, rounded. */
  pricePerMonthCents: z.number().int().nonnegative(),
  /** Savings text such as 'Economize 20%', or null. */
  savings: z.string().nullable(),
  popular: z.boolean(),
  /** The running promotion, or null (none, or already ended by the server clock). */
  promotion: planPromotionSchema.nullable(),
  /** What the card lists under the price, as the admin wrote it (default DEFAULT_PLAN_BENEFITS). */
  benefits: z.array(z.string()),
  /** The card's call to action: the admin's text, else 'Assinar {name}' (`planButtonText`). */
  buttonText: z.string(),
})
export type PublicPlan = z.infer<typeof publicPlanSchema>

export const plansResponseSchema = z.object({
  /** Active plans in display order. */
  plans: z.array(publicPlanSchema),
  /** The guarantee under every plan list (the admin's setting, default 7): one number everywhere. */
  guaranteeDays: z.number().int().positive(),
})
export type PlansResponse = z.infer<typeof plansResponseSchema>
