import { DEFAULT_PLAN_BENEFITS, PLAN_CODES, planButtonText, planPriceAt, withSavings, type PlanCode, type PlansResponse, type PublicPlan } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { getGuaranteeDays } from '../content/settings-service.js'
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
    benefits: planBenefits(row.benefits),
    buttonText: planButtonText(row.name, row.buttonText),
  }
}

/** The stored list, without blank lines; a list a manual edit left unusable reads as the default. */
export function planBenefits(stored: unknown): string[] {
  const lines = Array.isArray(stored) ? stored.filter((line): line is string => typeof line === 'string').map((line) => line.trim()).filter(Boolean) : []
  return lines.length > 0 ? lines : [...DEFAULT_PLAN_BENEFITS]
}

/**
 * The active plans in display order, priced at `now`, each with its savings: the admin's text, or
 * "Economize N%" computed from the prices shown together (contract `withSavings`).
 */
export async function listPublicPlans(db: Database, now: Date = new Date()): Promise<PublicPlan[]> {
  const rows = await listActivePlans(db)
  return withSavings(rows.map((row) => toPublicPlan(row, now)).filter((plan): plan is PublicPlan => plan !== null))
}

/**
 * GET /api/plans: the plans and the guarantee shown under them, so every page that lists plans —
 * the landing's first HTML included — shows the admin's guarantee (docs/product/commerce.md#guarantee-and-refunds).
 */
export async function publicPlansAnswer(db: Database, now: Date = new Date()): Promise<PlansResponse> {
  const [plans, days] = await Promise.all([listPublicPlans(db, now), getGuaranteeDays(db)])
  return { plans, guaranteeDays: Math.max(days, 1) }
}
