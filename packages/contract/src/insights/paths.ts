export const INSIGHTS_PATHS = {
  events: '/api/analytics/events',
  admin: {
    overview: '/api/admin/overview',
    financial: '/api/admin/financial',
    analytics: '/api/admin/analytics',
    analyticsAdvanced: '/api/admin/analytics/advanced',
    listeningStats: '/api/admin/stats/listening',
    validation: '/api/admin/validation',
  },
} as const
