/**
 * The conversion funnel of Analytics avançado (docs/product/admin.md#advanced-analytics-adminanalytics-advanced):
 * visits to `/` → leads → people who started a checkout → people who paid.
 *
 * The steps are counted where each happens (browser events, the leads table, our checkouts) and a
 * person is not followed from one to the next: a buyer may pay without ever being a lead, and a
 * visitor who blocks analytics is never counted as one. So each step is read against the first —
 * "{p} das visitas" — and never above 100 %: a step that outnumbers the visits did not convert
 * more than everyone.
 */
import { FUNNEL_STEPS, type AdvancedAnalytics } from '@sintonia/contract'

export type FunnelCounts = Record<(typeof FUNNEL_STEPS)[number], number>

export function funnelSteps(counts: FunnelCounts): AdvancedAnalytics['funnel'] {
  const first = counts[FUNNEL_STEPS[0]]
  return FUNNEL_STEPS.map((step, index) => ({
    step,
    count: counts[step],
    shareOfFirst: index === 0 || first <= 0 ? null : Math.min(1, counts[step] / first),
  }))
}
