import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { API, ENDPOINTS, type CampaignCreateInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

export const communicationKeys = {
  leads: (params: Record<string, string>) => ['admin', 'leads', params] as const,
  audience: (segment: string, interest: string) => ['admin', 'campaign-audience', segment, interest] as const,
  campaigns: ['admin', 'campaigns'] as const,
  outbox: (params: Record<string, string>) => ['admin', 'outbox', params] as const,
  outboxMessage: (id: string) => ['admin', 'outbox', 'message', id] as const,
}

export function useLeads(params: Record<string, string>) {
  return useQuery({
    queryKey: communicationKeys.leads(params),
    queryFn: ({ signal }) => api(ENDPOINTS.communication.admin.leads, { query: params, signal }),
    placeholderData: keepPreviousData,
  })
}

/** The CSV download address for the current filters (the browser saves the attachment). */
export function leadsCsvUrl(params: Record<string, string>): string {
  return `${API.communication.admin.leadsCsv}?${new URLSearchParams(params).toString()}`
}

export function useAudience(segment: string, interest: string) {
  const needsInterest = segment === 'leads_by_interest'
  return useQuery({
    queryKey: communicationKeys.audience(segment, interest),
    queryFn: ({ signal }) =>
      api(ENDPOINTS.communication.admin.campaignAudience, { query: { segment, interest: needsInterest ? interest : undefined }, signal }),
    enabled: Boolean(segment) && (!needsInterest || Boolean(interest)),
  })
}

/** Campaign counts refresh every 3 s while any e-mail is still pending. */
export function useCampaigns() {
  return useQuery({
    queryKey: communicationKeys.campaigns,
    queryFn: ({ signal }) => api(ENDPOINTS.communication.admin.campaigns, { signal }),
    refetchInterval: (query) => (query.state.data?.campaigns.some((c) => c.counts.pending > 0) ? 3_000 : false),
  })
}

export function useSendCampaign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CampaignCreateInput) => api(ENDPOINTS.communication.admin.createCampaign, { body: input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communicationKeys.campaigns }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
      ])
    },
  })
}

/** The outbox refreshes every 5 s so sending progress shows without reloading. */
export function useOutbox(params: Record<string, string>) {
  return useQuery({
    queryKey: communicationKeys.outbox(params),
    queryFn: ({ signal }) => api(ENDPOINTS.communication.admin.outbox, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  })
}

/** One e-mail opened from the outbox (its text, with secret links masked by the server). */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: communicationKeys.outboxMessage(id ?? ''),
    queryFn: ({ signal }) => api(ENDPOINTS.communication.admin.outboxMessage, { params: [id!], signal }),
    enabled: id !== null,
  })
}
