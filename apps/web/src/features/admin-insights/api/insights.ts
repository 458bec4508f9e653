import { useQuery } from '@tanstack/react-query'
import { ANALYTICS_REFETCH_MS, ENDPOINTS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/**
 * Analytics (docs/product/admin.md#insights): refetched every 60 s, one retry, no refetch on focus
 * (the app's query client already retries once and never refetches on focus; stated here so the
 * rule is visible).
 */
const analyticsRefresh = { refetchInterval: ANALYTICS_REFETCH_MS, retry: 1, refetchOnWindowFocus: false } as const

export function useAnalyticsSummary(range: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: ({ signal }) => api(ENDPOINTS.insights.admin.analytics, { query: range, signal }),
    ...analyticsRefresh,
  })
}

export function useAdvancedAnalytics(range: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'analytics-advanced', range],
    queryFn: ({ signal }) => api(ENDPOINTS.insights.admin.analyticsAdvanced, { query: range, signal }),
    ...analyticsRefresh,
  })
}

export function useListeningStats(range: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'listening-stats', range],
    queryFn: ({ signal }) => api(ENDPOINTS.insights.admin.listeningStats, { query: range, signal }),
    ...analyticsRefresh,
  })
}

export function useFinancial(months: number) {
  return useQuery({
    queryKey: ['admin', 'financial', months],
    queryFn: ({ signal }) => api(ENDPOINTS.insights.admin.financial, { query: { months }, signal }),
  })
}

export function useValidation() {
  return useQuery({
    queryKey: ['admin', 'validation'],
    queryFn: ({ signal }) => api(ENDPOINTS.insights.admin.validation, { signal }),
  })
}
