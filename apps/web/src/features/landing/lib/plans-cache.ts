import { DEFAULT_PLAN_BENEFITS, DEFAULT_PLANS_RESPONSE, planButtonText, type PublicPlan } from '@sintonia/contract'
import { safeLocalStorage } from '../../../lib/safe-local-storage'

/**
 * The last plans this browser received (GET /api/plans), kept so a failed load shows them — else
 * the defaults — instead of an empty section (docs/product/commerce.md#when-the-plans-cannot-be-loaded).
 */
export const PLANS_CACHE_KEY = 'plans_cache'

/** What the pages need from GET /api/plans. */
export interface PlansAnswer {
  plans: PublicPlan[]
  guaranteeDays: number
}

interface CachedPlans {
  data: PlansAnswer
  savedAt: number
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Keeps only entries a card can render (the API already orders them by display order). A copy saved
 * before plans carried their texts gets today's defaults for them.
 */
export function usablePlans(plans: unknown): PublicPlan[] {
  if (!Array.isArray(plans)) return []
  return plans.flatMap((plan): PublicPlan[] => {
    if (
      !isRecord(plan) ||
      typeof plan.code !== 'string' ||
      typeof plan.name !== 'string' ||
      !Number.isFinite(plan.priceCents) ||
      !Number.isFinite(plan.originalPriceCents) ||
      !(Number(plan.intervalMonths) > 0)
    ) {
      return []
    }
    const benefits = Array.isArray(plan.benefits) ? plan.benefits.filter((line): line is string => typeof line === 'string' && line.trim() !== '') : []
    return [
      {
        ...(plan as unknown as PublicPlan),
        benefits: benefits.length > 0 ? benefits : [...DEFAULT_PLAN_BENEFITS],
        buttonText: typeof plan.buttonText === 'string' && plan.buttonText.trim() ? plan.buttonText : planButtonText(plan.name, null),
      },
    ]
  })
}

export function usableGuaranteeDays(days: unknown): number {
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : DEFAULT_PLANS_RESPONSE.guaranteeDays
}

export function savePlansCache(data: PlansAnswer, now = Date.now()): void {
  try {
    safeLocalStorage()?.setItem(PLANS_CACHE_KEY, JSON.stringify({ data, savedAt: now } satisfies CachedPlans))
  } catch {
    // Storage full or blocked: the copy is a convenience, never a requirement.
  }
}

export function readPlansCache(): PlansAnswer | null {
  try {
    const raw = safeLocalStorage()?.getItem(PLANS_CACHE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<CachedPlans>
    const plans = usablePlans(parsed.data?.plans)
    return plans.length > 0 ? { plans, guaranteeDays: usableGuaranteeDays(parsed.data?.guaranteeDays) } : null
  } catch {
    return null
  }
}

/** What to show when the plans cannot be loaded: this browser's last copy, else the defaults. */
export function fallbackPlans(): PlansAnswer {
  return readPlansCache() ?? { plans: DEFAULT_PLANS_RESPONSE.plans.map((plan) => ({ ...plan, benefits: [...plan.benefits] })), guaranteeDays: DEFAULT_PLANS_RESPONSE.guaranteeDays }
}
