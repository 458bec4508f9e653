import type { PublicPlan } from '@sintonia/contract'

/** The annual plan's price for one year, read by the price comparison's own-plan row (docs/product/public-pages.md#price-comparison). */
export function annualPriceCents(plans: readonly PublicPlan[] | undefined): { cents: number; currency: string } | null {
  const annual = plans?.find((plan) => plan.code === 'anual')
  if (!annual || !(annual.intervalMonths > 0) || !Number.isFinite(annual.priceCents)) return null
  return { cents: Math.round((annual.priceCents * 12) / annual.intervalMonths), currency: annual.currency }
}
