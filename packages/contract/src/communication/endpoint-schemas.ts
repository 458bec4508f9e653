import type { SchemasOf } from '../common/http.js'
import { adminLeadsResponseSchema, adminOutboxResponseSchema, outboxMessageResponseSchema, campaignAudienceSchema, campaignCreatedSchema, campaignCreateSchema, campaignsResponseSchema } from './admin.js'
import { leadCreatedSchema, leadCreateSchema } from './leads.js'
import type { COMMUNICATION_ENDPOINTS } from './endpoints.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const COMMUNICATION_ENDPOINT_SCHEMAS = {
  createLead: { response: leadCreatedSchema, body: leadCreateSchema },
  admin: {
    leads: { response: adminLeadsResponseSchema, body: null },
    campaignAudience: { response: campaignAudienceSchema, body: null },
    campaigns: { response: campaignsResponseSchema, body: null },
    createCampaign: { response: campaignCreatedSchema, body: campaignCreateSchema },
    outbox: { response: adminOutboxResponseSchema, body: null },
    outboxMessage: { response: outboxMessageResponseSchema, body: null },
  },
} as const satisfies SchemasOf<typeof COMMUNICATION_ENDPOINTS>
