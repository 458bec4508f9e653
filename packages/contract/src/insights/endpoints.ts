import { get, post } from '../shared/http.js'
import { advancedAnalyticsSchema, analyticsSummarySchema, financialSchema, listeningStatsSchema, validationReportSchema } from './admin.js'
import { analyticsAcceptedSchema, analyticsBatchSchema } from './analytics.js'
import { adminOverviewSchema } from './overview.js'
import { INSIGHTS_PATHS as P } from './paths.js'

export const INSIGHTS_ENDPOINTS = {
  events: post(P.events, analyticsAcceptedSchema, analyticsBatchSchema),
  admin: {
    overview: get(P.admin.overview, adminOverviewSchema),
    financial: get(P.admin.financial, financialSchema),
    analytics: get(P.admin.analytics, analyticsSummarySchema),
    analyticsAdvanced: get(P.admin.analyticsAdvanced, advancedAnalyticsSchema),
    listeningStats: get(P.admin.listeningStats, listeningStatsSchema),
    validation: get(P.admin.validation, validationReportSchema),
  },
} as const
