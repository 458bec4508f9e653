export const COMMUNICATION_PATHS = {
  leads: '/api/leads',
  admin: {
    leads: '/api/admin/leads',
    leadsCsv: '/api/admin/leads/export.csv',
    campaigns: '/api/admin/campaigns',
    campaignAudience: '/api/admin/campaigns/audience',
    outbox: '/api/admin/outbox',
    outboxMessage: (messageId: string) => `/api/admin/outbox/${messageId}`,
  },
} as const
