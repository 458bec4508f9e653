import { get, post } from '../shared/http.js'
import { adminLeadsResponseSchema, adminOutboxResponseSchema, outboxMessageResponseSchema, campaignAudienceSchema, campaignCreatedSchema, campaignCreateSchema, campaignsResponseSchema } from './admin.js'
import { leadCreatedSchema, leadCreateSchema } from './leads.js'
import { COMMUNICATION_PATHS as P } from './paths.js'

export const COMMUNICATION_ENDPOINTS = {
  createLead: post(P.leads, leadCreatedSchema, leadCreateSchema),
  admin: {
    leads: get(P.admin.leads, adminLeadsResponseSchema),
    campaignAudience: get(P.admin.campaignAudience, campaignAudienceSchema),
    campaigns: get(P.admin.campaigns, campaignsResponseSchema),
    createCampaign: post(P.admin.campaigns, campaignCreatedSchema, campaignCreateSchema),
    outbox: get(P.admin.outbox, adminOutboxResponseSchema),
    outboxMessage: get(P.admin.outboxMessage, outboxMessageResponseSchema),
  },
} as const
