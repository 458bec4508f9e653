import type { SchemasOf } from '../common/http.js'
import { advancedAnalyticsSchema, analyticsSummarySchema, financialSchema, listeningStatsSchema, validationReportSchema } from './admin.js'
import { analyticsAcceptedSchema, analyticsBatchSchema } from './analytics.js'
import { adminOverviewSchema } from './overview.js'
import type { INSIGHTS_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const INSIGHTS_ENDPOINT_SCHEMAS = {
  events: { response: analyticsAcceptedSchema, body: analyticsBatchSchema },
  admin: {
    overview: { response: adminOverviewSchema, body: null },
    financial: { response: financialSchema, body: null },
    analytics: { response: analyticsSummarySchema, body: null },
    analyticsAdvanced: { response: advancedAnalyticsSchema, body: null },
    listeningStats: { response: listeningStatsSchema, body: null },
    validation: { response: validationReportSchema, body: null },
  },
} as const satisfies SchemasOf<typeof INSIGHTS_ENDPOINTS>
