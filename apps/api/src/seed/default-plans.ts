import type { PlanCode } from '@sintonia/contract'

export interface PlanSeed {
  code: PlanCode
  name: string
  description: string
  /** Price charged per billing period, in centavos. */
  priceCents: number
  intervalMonths: number
  savings: string | null
  popular: boolean
  displayOrder: number
}

/**
 * Default plans (docs/product/commerce.md#codes-and-default-prices): 3 × R$ 49,90, 6 × R$ 44,90 and
 * 12 × R$ 39,90, charged per period. Admins edit prices and promotions later; these are only the
 * first values.
 */
export const DEFAULT_PLANS: PlanSeed[] = [
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
    savings: 'Economize 10%',
    popular: false,
    displayOrder: 2,
  },
  {
    code: 'anual',
    name: 'Anual',
    description: '12 meses de prática guiada pelo melhor preço por mês.',
    priceCents: 12 * 3990,
    intervalMonths: 12,
    savings: 'Economize 20%',
    popular: true,
    displayOrder: 3,
  },
]
