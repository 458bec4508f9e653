import { get, post, schema } from '../common/http.js'
import type { adminLeadsResponseSchema, adminOutboxResponseSchema, outboxMessageResponseSchema, campaignAudienceSchema, campaignCreatedSchema, campaignCreateSchema, campaignsResponseSchema } from './admin.js'
import type { leadCreatedSchema, leadCreateSchema } from './leads.js'
import { COMMUNICATION_PATHS as P } from './paths.js'

export const COMMUNICATION_ENDPOINTS = {
  createLead: post(P.leads, schema<typeof leadCreatedSchema>(), schema<typeof leadCreateSchema>()),
  admin: {
    leads: get(P.admin.leads, schema<typeof adminLeadsResponseSchema>()),
    campaignAudience: get(P.admin.campaignAudience, schema<typeof campaignAudienceSchema>()),
    campaigns: get(P.admin.campaigns, schema<typeof campaignsResponseSchema>()),
    createCampaign: post(P.admin.campaigns, schema<typeof campaignCreatedSchema>(), schema<typeof campaignCreateSchema>()),
    outbox: get(P.admin.outbox, schema<typeof adminOutboxResponseSchema>()),
    outboxMessage: get(P.admin.outboxMessage, schema<typeof outboxMessageResponseSchema>()),
  },
} as const
