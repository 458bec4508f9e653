/**
 * Subscription plans as the public sees them (docs/product/commerce.md#plans: codes
 * trimestral/semestral/anual, money in integer centavos).
 *
 * The pure price rules (`promotionalPrice`, `isPromotionActive`, `pricePerMonthCents`) run on
 * both sides: the API decides what a plan costs now by the server clock, and the browser uses the
 * same rules to drop an expired promotion while the page stays open (the countdown reaches zero).
 *
 * The zod schemas of GET /api/plans (`publicPlanSchema`, `plansResponseSchema`) live in
 * plans-schema.ts and are re-exported here: like landing.ts / landing-schema.ts, the split lets
 * the landing page use the rules and types without carrying the schemas (docs/performance.md).
 */
export {
  planPromotionSchema,
  plansResponseSchema,
  publicPlanSchema,
  type PlanPromotion,
  type PlansResponse,
  type PublicPlan,
} from './plans-schema.js'

/**
 * What a plan's card lists until an admin writes its own (docs/product/commerce.md#plan-cards);
 * a fresh database stores these on every plan (migration 0010).
 */
export const DEFAULT_PLAN_BENEFITS: readonly string[] = ['Todos os campos e áudios', 'Novos conteúdos todo mês', 'Ouça também sem internet']
/** Limits of the plan texts an admin edits (/admin/subscription-plans). */
export const PLAN_BENEFITS_MAX = 8
export const PLAN_BENEFIT_MAX_CHARS = 80
export const PLAN_BUTTON_TEXT_MAX = 40

/** A plan's call to action: the admin's text when there is one, else 'Assinar {name}'. */
export function planButtonText(name: string, buttonText: string | null | undefined): string {
  return buttonText?.trim() || `Assinar ${name}`
}

/** Label shown when a promotion has none of its own (the default plans: 'OFERTA LIMITADA'). */
export const DEFAULT_PROMOTION_LABEL = 'OFERTA LIMITADA'

/**
 * The price while a promotion runs: original minus `discountPercentage` percent, in integer
 * centavos, rounded half-up (R$ 0,005 → R$ 0,01). The percentage is clamped to 0–100, so the
 * result is never negative nor above the original.
 */
export function promotionalPrice(originalCents: number, discountPercentage: number): number {
  const original = Math.max(0, Math.round(originalCents))
  const pct = Math.min(100, Math.max(0, discountPercentage))
  // Integer arithmetic (centavos × percent) avoids binary-fraction surprises such as 0.5 → 0.49999.
  return Math.floor((original * (100 - pct) + 50) / 100)
}

/** A promotion is valid only while its end date is in the future. Unparseable or missing dates are not valid. */
export function isPromotionActive(endsAt: string | Date | null | undefined, now: number | Date): boolean {
  if (endsAt == null) return false
  const end = endsAt instanceof Date ? endsAt.getTime() : Date.parse(endsAt)
  const current = now instanceof Date ? now.getTime() : now
  return Number.isFinite(end) && Number.isFinite(current) && end > current
}

/** What decides a plan's price at a moment: the stored fields of its promotion. */
export interface PlanPricing {
  originalPriceCents: number
  intervalMonths: number
  hasPromotion: boolean
  discountPercentage: number | null
  promotionEndDate: string | Date | null
  promotionLabel: string | null
}

/**
 * A plan's price at `now` — THE promotion price rule, for the public plans (server) and the
 * admin's live preview (web): while the promotion is switched on, its discount is a whole 1–100
 * and its end date is in the future, the price is the original minus the discount and the
 * promotion is shown (its label, or DEFAULT_PROMOTION_LABEL); otherwise the original price and
 * no promotion.
 */
export function planPriceAt(
  plan: PlanPricing,
  now: number | Date,
): { priceCents: number; pricePerMonthCents: number; promotion: { discountPercentage: number; label: string; endsAt: string } | null } {
  const discount = plan.discountPercentage
  const endsAt = plan.promotionEndDate === null ? null : new Date(plan.promotionEndDate)
  const running =
    plan.hasPromotion && discount !== null && Number.isInteger(discount) && discount >= 1 && discount <= 100 && endsAt !== null && isPromotionActive(endsAt, now)
  const priceCents = running ? promotionalPrice(plan.originalPriceCents, discount) : plan.originalPriceCents
  return {
    priceCents,
    pricePerMonthCents: pricePerMonthCents(priceCents, plan.intervalMonths),
    promotion: running ? { discountPercentage: discount, label: plan.promotionLabel?.trim() || DEFAULT_PROMOTION_LABEL, endsAt: endsAt.toISOString() } : null,
  }
}

/** The price of one month of a plan, rounded to whole centavos (half-up). */
export function pricePerMonthCents(priceCents: number, intervalMonths: number): number {
  if (!(intervalMonths > 0)) return Math.round(priceCents)
  return Math.round(priceCents / intervalMonths)
}

/**
 * "Economize N%", computed from the prices (docs/product/commerce.md#plans): a plan's price per
 * month against the dearest per month among the plans shown (the shortest plan, usually), rounded
 * to the whole percent; null for that dearest plan and under 1 %. An admin's own text wins.
 */
export function computedSavings(pricePerMonth: number, pricesPerMonth: readonly number[]): string | null {
  const dearest = Math.max(...pricesPerMonth)
  if (!(dearest > 0) || !(pricePerMonth > 0) || pricePerMonth >= dearest) return null
  const percent = Math.round((1 - pricePerMonth / dearest) * 100)
  return percent >= 1 ? `Economize ${percent}%` : null
}

/** The plans with the savings each one shows: the admin's text where written, else computed. */
export function withSavings<T extends { savings: string | null; pricePerMonthCents: number }>(plans: readonly T[]): T[] {
  const prices = plans.map((plan) => plan.pricePerMonthCents)
  return plans.map((plan) => ({ ...plan, savings: plan.savings?.trim() ? plan.savings.trim() : computedSavings(plan.pricePerMonthCents, prices) }))
}
