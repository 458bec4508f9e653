import { DEFAULT_PLAN_BENEFITS, type PublicPlan, type SubscriptionDetails } from '@sintonia/contract'

/** Test data of the commerce pages: the seeded plans and an active annual subscription. */
export function testPlan(code: PublicPlan['code'], name: string, months: number, cents: number, extra: Partial<PublicPlan> = {}): PublicPlan {
  return {
    code,
    name,
    description: '',
    currency: 'BRL',
    intervalMonths: months,
    priceCents: cents,
    originalPriceCents: cents,
    pricePerMonthCents: Math.round(cents / months),
    savings: null,
    popular: false,
    promotion: null,
    benefits: [...DEFAULT_PLAN_BENEFITS],
    buttonText: `Assinar ${name}`,
    ...extra,
  }
}

export const TEST_PLANS: PublicPlan[] = [
  testPlan('trimestral', 'Trimestral', 3, 14_970),
  testPlan('semestral', 'Semestral', 6, 26_940),
  testPlan('anual', 'Anual', 12, 47_880, { popular: true }),
]

export const ANNUAL_DETAILS: SubscriptionDetails = {
  subscription: {
    id: 's1',
    planCode: 'anual',
    planName: 'Anual',
    status: 'active',
    givesAccess: true,
    currentPeriodEnd: '2027-11-22T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    lastPaymentCents: 47_880,
    lastPaymentMethod: 'card',
    lastPaymentInstallments: 12,
    graceEndsAt: null,
    pixAutomatic: false,
    renewalPayableAhead: false,
    lastPaymentWithInterest: false,
    currency: 'BRL',
    startedAt: '2026-11-20T12:00:00.000Z',
    managedByProvider: true,
    selfCancel: true,
    retentionOffer: null,
    pause: null,
  },
  guarantee: { days: 7, eligibleUntil: '2026-11-27T12:00:00.000Z', canRequestRefund: true, request: null },
}
