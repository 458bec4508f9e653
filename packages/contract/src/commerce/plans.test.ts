import { describe, expect, it } from 'vitest'
import { DEFAULT_PLANS_RESPONSE } from './default-plans.js'
import {
  computedSavings,
  withSavings,
  DEFAULT_PLAN_BENEFITS,
  DEFAULT_PROMOTION_LABEL,
  isPromotionActive,
  planButtonText,
  planPriceAt,
  plansResponseSchema,
  pricePerMonthCents,
  promotionalPrice,
  publicPlanSchema,
} from './plans.js'

describe('promotionalPrice', () => {
  it('takes the discount off the original price in whole centavos', () => {
    expect(promotionalPrice(47_880, 20)).toBe(38_304)
    expect(promotionalPrice(19_700, 50)).toBe(9_850)
    expect(promotionalPrice(14_970, 100)).toBe(0)
  })

  it('rounds half-up', () => {
    // 999 × 0.85 = 849.15 → 849; 999 × 0.5 = 499.5 → 500; 1 × 0.5 = 0.5 → 1
    expect(promotionalPrice(999, 15)).toBe(849)
    expect(promotionalPrice(999, 50)).toBe(500)
    expect(promotionalPrice(1, 50)).toBe(1)
    // 4 990 × 0.67 = 3 343.3 → 3 343; 4 995 × 0.9 = 4 495.5 → 4 496
    expect(promotionalPrice(4_990, 33)).toBe(3_343)
    expect(promotionalPrice(4_995, 10)).toBe(4_496)
  })

  it('clamps impossible percentages', () => {
    expect(promotionalPrice(1_000, -5)).toBe(1_000)
    expect(promotionalPrice(1_000, 150)).toBe(0)
  })
})

describe('isPromotionActive', () => {
  const now = Date.parse('2025-06-01T12:00:00Z')
  it('is active only while the end date is in the future', () => {
    expect(isPromotionActive('2025-06-01T12:00:01Z', now)).toBe(true)
    expect(isPromotionActive('2025-06-01T12:00:00Z', now)).toBe(false)
    expect(isPromotionActive(new Date('2025-05-31T00:00:00Z'), new Date(now))).toBe(false)
  })

  it('is never active without a usable date', () => {
    expect(isPromotionActive(null, now)).toBe(false)
    expect(isPromotionActive(undefined, now)).toBe(false)
    expect(isPromotionActive('amanhã', now)).toBe(false)
  })
})

describe('pricePerMonthCents', () => {
  it('divides by the months of the period and rounds', () => {
    expect(pricePerMonthCents(47_880, 12)).toBe(3_990)
    expect(pricePerMonthCents(14_970, 3)).toBe(4_990)
    expect(pricePerMonthCents(10_000, 3)).toBe(3_333)
    expect(pricePerMonthCents(10_001, 2)).toBe(5_001)
    expect(pricePerMonthCents(500, 0)).toBe(500)
  })
})

describe('savings', () => {
  it('follows the prices: each plan per month against the dearest per month, rounded to the percent', () => {
    const perMonth = [4990, 4490, 3990]
    expect(perMonth.map((price) => computedSavings(price, perMonth))).toEqual([null, 'Economize 10%', 'Economize 20%'])
    // The admin made the annual plan R$ 418,80 (34,90 a month): 30 %, not the 20 % written once.
    expect(computedSavings(3490, [4990, 4490, 3490])).toBe('Economize 30%')
    expect(computedSavings(4980, [4990, 4980])).toBeNull()
    expect(computedSavings(0, [4990])).toBeNull()
  })

  it("keeps the admin's own text and computes the others", () => {
    const plans = [
      { code: 'a', savings: null, pricePerMonthCents: 4990 },
      { code: 'b', savings: '  Melhor escolha ', pricePerMonthCents: 4490 },
      { code: 'c', savings: '', pricePerMonthCents: 3990 },
    ]
    expect(withSavings(plans).map((plan) => plan.savings)).toEqual([null, 'Melhor escolha', 'Economize 20%'])
  })
})

describe('publicPlanSchema', () => {
  it('accepts a plan with and without a promotion', () => {
    const plan = {
      code: 'anual',
      name: 'Anual',
      description: '',
      currency: 'BRL',
      intervalMonths: 12,
      priceCents: 47_880,
      originalPriceCents: 47_880,
      pricePerMonthCents: 3_990,
      savings: 'Economize 20%',
      popular: true,
      promotion: null,
      benefits: ['Todos os campos e áudios'],
      buttonText: 'Assinar Anual',
    }
    expect(publicPlanSchema.parse(plan)).toEqual(plan)
    const promo = { ...plan, promotion: { discountPercentage: 20, label: 'OFERTA', endsAt: '2030-01-01T00:00:00.000Z' } }
    expect(publicPlanSchema.parse(promo)).toEqual(promo)
    expect(publicPlanSchema.safeParse({ ...plan, code: 'mensal' }).success).toBe(false)
  })
})

describe('plan texts', () => {
  it("reads a blank button text as 'Assinar {name}'", () => {
    expect(planButtonText('Anual', null)).toBe('Assinar Anual')
    expect(planButtonText('Anual', '   ')).toBe('Assinar Anual')
    expect(planButtonText('Anual', ' Quero o anual ')).toBe('Quero o anual')
  })

  it('answers a fresh install the way GET /api/plans does: the seeded prices, the three benefits, 7 days', () => {
    const answer = plansResponseSchema.parse(DEFAULT_PLANS_RESPONSE)
    expect(answer.plans.map((plan) => [plan.code, plan.priceCents, plan.pricePerMonthCents, plan.buttonText])).toEqual([
      ['trimestral', 14_970, 4_990, 'Assinar Trimestral'],
      ['semestral', 26_940, 4_490, 'Assinar Semestral'],
      ['anual', 47_880, 3_990, 'Assinar Anual'],
    ])
    expect(answer.plans.every((plan) => plan.benefits.join('|') === DEFAULT_PLAN_BENEFITS.join('|'))).toBe(true)
    expect(answer.guaranteeDays).toBe(7)
  })
})

describe('planPriceAt (the promotion price rule of the public plans and the admin preview)', () => {
  const now = new Date('2026-11-25T12:00:00Z')
  const base = { originalPriceCents: 47_880, intervalMonths: 12, hasPromotion: true, discountPercentage: 30, promotionEndDate: '2026-11-30T00:00:00Z', promotionLabel: 'BLACK FRIDAY' }
  const cases = [
    { name: 'running promotion', plan: base, price: 33_516, label: 'BLACK FRIDAY' },
    { name: 'switched off', plan: { ...base, hasPromotion: false }, price: 47_880, label: null },
    { name: 'ended', plan: { ...base, promotionEndDate: '2026-11-25T11:59:59Z' }, price: 47_880, label: null },
    { name: 'ends exactly now', plan: { ...base, promotionEndDate: now }, price: 47_880, label: null },
    { name: 'no end date', plan: { ...base, promotionEndDate: null }, price: 47_880, label: null },
    { name: 'no discount', plan: { ...base, discountPercentage: null }, price: 47_880, label: null },
    { name: 'discount 0', plan: { ...base, discountPercentage: 0 }, price: 47_880, label: null },
    { name: 'discount over 100', plan: { ...base, discountPercentage: 101 }, price: 47_880, label: null },
    { name: 'fractional discount', plan: { ...base, discountPercentage: 12.5 }, price: 47_880, label: null },
    { name: 'no label of its own', plan: { ...base, promotionLabel: '  ' }, price: 33_516, label: DEFAULT_PROMOTION_LABEL },
    { name: 'free (100%)', plan: { ...base, discountPercentage: 100 }, price: 0, label: 'BLACK FRIDAY' },
  ] as const
  it.each(cases)('$name', ({ plan, price, label }) => {
    const result = planPriceAt(plan, now)
    expect(result.priceCents).toBe(price)
    expect(result.pricePerMonthCents).toBe(Math.round(price / 12))
    expect(result.promotion?.label ?? null).toBe(label)
    if (label) expect(result.promotion).toMatchObject({ discountPercentage: plan.discountPercentage, endsAt: new Date(plan.promotionEndDate!).toISOString() })
  })
})
