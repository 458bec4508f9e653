import {
  DEFAULT_PROMOTION_LABEL,
  PLAN_CODES,
  isPromotionActive,
  pricePerMonthCents,
  promotionalPrice,
  type PlanCode,
  type PublicPlan,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { listActivePlans, type PlanRow } from './plans-repository.js'

function isPlanCode(code: string): code is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(code)
}

/**
 * A stored plan as the public sees it at `now` (spec commerce §4 Promotion): while the promotion
 * is valid the price is the original minus the discount, otherwise the original; the promotion
 * object is present only while it is valid by the server clock. The regular price of a plan is
 * `original_price_cents`.
 */
export function toPublicPlan(row: PlanRow, now: Date): PublicPlan | null {
  if (!isPlanCode(row.code)) return null
  const original = row.originalPriceCents
  const discount = row.discountPercentage
  const promoted =
    row.hasPromotion && discount != null && discount >= 1 && discount <= 100 && isPromotionActive(row.promotionEndDate, now)
  const priceCents = promoted ? promotionalPrice(original, discount) : original
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    currency: row.currency,
    intervalMonths: row.intervalMonths,
    priceCents,
    originalPriceCents: original,
    pricePerMonthCents: pricePerMonthCents(priceCents, row.intervalMonths),
    savings: row.savings?.trim() ? row.savings.trim() : null,
    popular: row.popular,
    promotion:
      promoted && row.promotionEndDate
        ? {
            discountPercentage: discount,
            label: row.promotionLabel?.trim() || DEFAULT_PROMOTION_LABEL,
            endsAt: row.promotionEndDate.toISOString(),
          }
        : null,
  }
}

/** GET /api/plans: the active plans in display order, priced at `now`. */
export async function listPublicPlans(db: Database, now: Date = new Date()): Promise<PublicPlan[]> {
  const rows = await listActivePlans(db)
  return rows.map((row) => toPublicPlan(row, now)).filter((plan): plan is PublicPlan => plan !== null)
}
