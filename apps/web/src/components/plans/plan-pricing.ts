import { pricePerMonthCents, type PublicPlan } from '@sintonia/contract'

/** The billing period as the price suffix reads it: 'R$ 149,70 /trimestre'. */
export function periodLabel(intervalMonths: number): string {
  switch (intervalMonths) {
    case 1:
      return 'mês'
    case 3:
      return 'trimestre'
    case 6:
      return 'semestre'
    case 12:
      return 'ano'
    default:
      return `${intervalMonths} meses`
  }
}

export interface ShownPrice {
  priceCents: number
  pricePerMonthCents: number
  /** True while the plan's promotion is still running on this screen. */
  promoted: boolean
}

/**
 * What a card shows now. The API prices the plan by the server clock; once the countdown reaches
 * zero on this screen the card returns to the original price without a reload.
 */
export function shownPrice(plan: PublicPlan, promotionRunning: boolean): ShownPrice {
  if (plan.promotion && promotionRunning) {
    return { priceCents: plan.priceCents, pricePerMonthCents: plan.pricePerMonthCents, promoted: true }
  }
  const original = plan.promotion ? plan.originalPriceCents : plan.priceCents
  return {
    priceCents: original,
    pricePerMonthCents: plan.promotion ? pricePerMonthCents(original, plan.intervalMonths) : plan.pricePerMonthCents,
    promoted: false,
  }
}
