import { describe, expect, it } from 'vitest'
import { funnelSteps, type FunnelCounts } from '../../src/modules/insights/funnel-rule.js'

const counts = (landing_view: number, lead: number, checkout_started: number, paid: number): FunnelCounts => ({ landing_view, lead, checkout_started, paid })
const shares = (c: FunnelCounts) => funnelSteps(c).map((s) => s.shareOfFirst)

describe('funnelSteps: each step against the visits, never above 100 %', () => {
  it.each([
    ['a narrowing funnel', counts(200, 20, 10, 5), [null, 0.1, 0.05, 0.025]],
    ['more checkouts than leads (buyers need not be leads): still a share of the visits', counts(100, 1, 7, 2), [null, 0.01, 0.07, 0.02]],
    ['a step above the visits is capped at 100 %', counts(2, 1, 7, 3), [null, 0.5, 1, 1]],
    ['exactly the visits', counts(4, 4, 4, 4), [null, 1, 1, 1]],
    ['no visits counted: no share at all', counts(0, 3, 2, 1), [null, null, null, null]],
    ['nothing at all', counts(0, 0, 0, 0), [null, null, null, null]],
    ['visits but nothing after', counts(50, 0, 0, 0), [null, 0, 0, 0]],
  ])('%s', (_case, input, expected) => {
    expect(shares(input)).toEqual(expected)
  })

  it('keeps the steps in funnel order with their counts', () => {
    expect(funnelSteps(counts(10, 5, 2, 1)).map((s) => [s.step, s.count])).toEqual([
      ['landing_view', 10],
      ['lead', 5],
      ['checkout_started', 2],
      ['paid', 1],
    ])
  })
})
