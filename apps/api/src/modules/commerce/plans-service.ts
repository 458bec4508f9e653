import { PLAN_CODES, planPriceAt, type PlanCode, type PublicPlan } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { listActivePlans, type PlanRow } from './plans-repository.js'

function isPlanCode(code: string): code is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(code)
}

/**
 * A stored plan as the public sees it at `now`, priced by the promotion rule (`planPriceAt`, the
 * same the admin's preview uses) by the server clock. The regular price is `original_price_cents`.
 */
export function toPublicPlan(row: PlanRow, now: Date): PublicPlan | null {
  if (!isPlanCode(row.code)) return null
  const price = planPriceAt(row, now)
  return {
    code: row.code,
    name: row.name,
    description: row.description,
    currency: row.currency,
    intervalMonths: row.intervalMonths,
    priceCents: price.priceCents,
    originalPriceCents: row.originalPriceCents,
    pricePerMonthCents: price.pricePerMonthCents,
    savings: row.savings?.trim() ? row.savings.trim() : null,
    popular: row.popular,
    promotion: price.promotion,
  }
}

/** GET /api/plans: the active plans in display order, priced at `now`. */
export async function listPublicPlans(db: Database, now: Date = new Date()): Promise<PublicPlan[]> {
  const rows = await listActivePlans(db)
  return rows.map((row) => toPublicPlan(row, now)).filter((plan): plan is PublicPlan => plan !== null)
}
