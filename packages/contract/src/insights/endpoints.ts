import { get, post, schema } from '../common/http.js'
import type { advancedAnalyticsSchema, analyticsSummarySchema, financialSchema, listeningStatsSchema, validationReportSchema } from './admin.js'
import type { analyticsAcceptedSchema, analyticsBatchSchema } from './analytics.js'
import type { adminOverviewSchema } from './overview.js'
import { INSIGHTS_PATHS as P } from './paths.js'

export const INSIGHTS_ENDPOINTS = {
  events: post(P.events, schema<typeof analyticsAcceptedSchema>(), schema<typeof analyticsBatchSchema>()),
  admin: {
    overview: get(P.admin.overview, schema<typeof adminOverviewSchema>()),
    financial: get(P.admin.financial, schema<typeof financialSchema>()),
    analytics: get(P.admin.analytics, schema<typeof analyticsSummarySchema>()),
    analyticsAdvanced: get(P.admin.analyticsAdvanced, schema<typeof advancedAnalyticsSchema>()),
    listeningStats: get(P.admin.listeningStats, schema<typeof listeningStatsSchema>()),
    validation: get(P.admin.validation, schema<typeof validationReportSchema>()),
  },
} as const
