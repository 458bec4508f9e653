import { useQuery } from '@tanstack/react-query'
import {
  ADMIN_API,
  ANALYTICS_REFETCH_MS,
  type AdvancedAnalytics,
  type AnalyticsSummary,
  type Financial,
  type ListeningStats,
  type ValidationReport,
} from '@sintonia/contract'
import { apiGet } from '../../../lib/api-client'

const qs = (params: Record<string, string>) => {
  const text = new URLSearchParams(params).toString()
  return text ? `?${text}` : ''
}

/**
 * Analytics (docs/product/admin.md#insights): refetched every 60 s, one retry, no refetch on focus
 * (the app's query client already retries once and never refetches on focus; stated here so the
 * rule is visible).
 */
const analyticsRefresh = { refetchInterval: ANALYTICS_REFETCH_MS, retry: 1, refetchOnWindowFocus: false } as const

export function useAnalyticsSummary(range: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => apiGet<AnalyticsSummary>(`${ADMIN_API.analytics}${qs(range)}`, { signal }),
    ...analyticsRefresh,
  })
}

export function useAdvancedAnalytics(range: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'analytics-advanced', range],
    queryFn: ({ signal }) => apiGet<AdvancedAnalytics>(`${ADMIN_API.analyticsAdvanced}${qs(range)}`, { signal }),
    ...analyticsRefresh,
  })
}

export function useListeningStats(range: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'listening-stats', range],
    queryFn: ({ signal }) => apiGet<ListeningStats>(`${ADMIN_API.listeningStats}${qs(range)}`, { signal }),
    ...analyticsRefresh,
  })
}

export function useFinancial(months: number) {
  return useQuery({
    queryKey: ['admin', 'financial', months],
    queryFn: ({ signal }) => apiGet<Financial>(`${ADMIN_API.financial}?months=${months}`, { signal }),
  })
}

export function useValidation() {
  return useQuery({
    queryKey: ['admin', 'validation'],
    queryFn: ({ signal }) => apiGet<ValidationReport>(ADMIN_API.validation, { signal }),
  })
}
