/**
 * The plans of a fresh install (docs/product/commerce.md#codes-and-default-prices): 3 × R$ 49,90,
 * 6 × R$ 44,90 and 12 × R$ 39,90, charged per period. The API seeds them; the browser shows them
 * when it cannot load the plans and has never seen them (docs/product/commerce.md#when-the-plans-cannot-be-loaded).
 */
import { DEFAULT_GUARANTEE_DAYS, type PlanCode } from '../common/constants.js'
import { DEFAULT_PLAN_BENEFITS, planButtonText, pricePerMonthCents, withSavings } from './plans.js'
import type { PlansResponse } from './plans-schema.js'

export interface PlanSeed {
  code: PlanCode
  name: string
  description: string
  /** Price charged per billing period, in centavos. */
  priceCents: number
  intervalMonths: number
  /** The admin's own savings text; null: "Economize N%" computed from the prices (`withSavings`). */
  savings: string | null
  popular: boolean
  displayOrder: number
}

export const DEFAULT_PLANS: readonly PlanSeed[] = [
  {
    code: 'trimestral',
    name: 'Trimestral',
    description: '3 meses de acesso completo para criar o hábito diário.',
    priceCents: 3 * 4990,
    intervalMonths: 3,
    savings: null,
    popular: false,
    displayOrder: 1,
  },
  {
    code: 'semestral',
    name: 'Semestral',
    description: '6 meses para aprofundar sua transformação, com economia.',
    priceCents: 6 * 4490,
    intervalMonths: 6,
    savings: null,
    popular: false,
    displayOrder: 2,
  },
  {
    code: 'anual',
    name: 'Anual',
    description: '12 meses de prática guiada pelo melhor preço por mês.',
    priceCents: 12 * 3990,
    intervalMonths: 12,
    savings: null,
    popular: true,
    displayOrder: 3,
  },
]

/** GET /api/plans as a fresh install answers it. */
export const DEFAULT_PLANS_RESPONSE: PlansResponse = {
  plans: withSavings(DEFAULT_PLANS.map((plan) => ({
    code: plan.code,
    name: plan.name,
    description: plan.description,
    currency: 'BRL',
    intervalMonths: plan.intervalMonths,
    priceCents: plan.priceCents,
    originalPriceCents: plan.priceCents,
    pricePerMonthCents: pricePerMonthCents(plan.priceCents, plan.intervalMonths),
    savings: plan.savings,
    popular: plan.popular,
    promotion: null,
    benefits: [...DEFAULT_PLAN_BENEFITS],
    buttonText: planButtonText(plan.name, null),
  }))),
  guaranteeDays: DEFAULT_GUARANTEE_DAYS,
}
