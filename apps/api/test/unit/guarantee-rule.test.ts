import { describe, expect, it } from 'vitest'
import { COMMERCE_MSG } from '@sintonia/contract'
import { guaranteeDecision, withinGuaranteeWindow } from '../../src/modules/commerce/guarantee-rule.js'

const DAY = 24 * 60 * 60 * 1000
const now = new Date('2026-11-25T12:00:00Z')
const ago = (days: number) => new Date(now.getTime() - days * DAY)
const sub = (over: Partial<{ status: string; currentPeriodEnd: Date | null; graceEndsAt: Date | null; pauseStartsAt: Date | null; pauseEndsAt: Date | null; createdAt: Date; provider: string }> = {}) => ({
  status: 'active',
  currentPeriodEnd: new Date(now.getTime() + 300 * DAY),
  graceEndsAt: null as Date | null,
  pauseStartsAt: null as Date | null,
  pauseEndsAt: null as Date | null,
  createdAt: ago(2),
  provider: 'sandbox',
  ...over,
})

describe('the guarantee window (one rule for the subscription page, the request and the admin list)', () => {
  const cases = [
    { name: 'paid, within the window, no request', facts: { subscription: sub(), lastPayment: { status: 'paid' }, latestRequest: null }, expected: true },
    { name: 'a rejected request may be followed by a new one', facts: { subscription: sub(), lastPayment: { status: 'paid' }, latestRequest: { status: 'rejected' } }, expected: true },
    { name: 'a pending request', facts: { subscription: sub(), lastPayment: { status: 'paid' }, latestRequest: { status: 'pending' } }, expected: 409 },
    { name: 'an approved request', facts: { subscription: sub(), lastPayment: { status: 'paid' }, latestRequest: { status: 'approved' } }, expected: 409 },
    { name: 'the last payment was refunded', facts: { subscription: sub(), lastPayment: { status: 'refunded' }, latestRequest: null }, expected: 404 },
    { name: 'no payment recorded', facts: { subscription: sub(), lastPayment: null, latestRequest: null }, expected: 404 },
    { name: 'complimentary access', facts: { subscription: sub({ provider: 'complimentary' }), lastPayment: { status: 'paid' }, latestRequest: null }, expected: 404 },
    { name: 'the subscription no longer gives access', facts: { subscription: sub({ status: 'canceled' }), lastPayment: { status: 'paid' }, latestRequest: null }, expected: 404 },
    { name: 'a pause the subscriber chose is running', facts: { subscription: sub({ pauseStartsAt: ago(1), pauseEndsAt: new Date(now.getTime() + 20 * DAY) }), lastPayment: { status: 'paid' }, latestRequest: null }, expected: 404 },
    { name: 'no subscription', facts: { subscription: null, lastPayment: null, latestRequest: null }, expected: 404 },
    { name: 'the window is over (started 8 days ago, 7-day guarantee)', facts: { subscription: sub({ createdAt: ago(8) }), lastPayment: { status: 'paid' }, latestRequest: null }, expected: 422 },
    { name: 'exactly at the end of the window', facts: { subscription: sub({ createdAt: ago(7) }), lastPayment: { status: 'paid' }, latestRequest: null }, expected: 422 },
  ] as const

  it.each(cases)('$name', ({ facts, expected }) => {
    const decision = guaranteeDecision({ ...facts, days: 7, now })
    if (expected === true) {
      expect(decision.allowed).toBe(true)
    } else {
      expect(decision).toMatchObject({ allowed: false, status: expected })
      const messages = { 404: COMMERCE_MSG.noSubscriptionForRefund, 409: COMMERCE_MSG.refundAlreadyRequested, 422: COMMERCE_MSG.refundOutsideWindow }
      expect(decision.allowed ? null : decision.message).toBe(messages[expected])
    }
  })

  it('the end of the window is the same for the listener and for the admin list', () => {
    expect(withinGuaranteeWindow(ago(7), 7, new Date(now.getTime() - 1))).toBe(true)
    expect(withinGuaranteeWindow(ago(7), 7, now)).toBe(false)
    expect(guaranteeDecision({ subscription: sub({ createdAt: ago(3) }), lastPayment: { status: 'paid' }, latestRequest: null, days: 7, now })).toMatchObject({ eligibleUntil: new Date(ago(3).getTime() + 7 * DAY) })
  })
})
