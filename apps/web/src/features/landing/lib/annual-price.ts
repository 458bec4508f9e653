import type { PublicPlan } from '@sintonia/contract'

/** The annual plan's price for one year (ARCHITECTURE §7: the price comparison's own-plan row reads it). */
export function annualPriceCents(plans: readonly PublicPlan[] | undefined): { cents: number; currency: string } | null {
  const annual = plans?.find((plan) => plan.code === 'anual')
  if (!annual || !(annual.intervalMonths > 0) || !Number.isFinite(annual.priceCents)) return null
  return { cents: Math.round((annual.priceCents * 12) / annual.intervalMonths), currency: annual.currency }
}
