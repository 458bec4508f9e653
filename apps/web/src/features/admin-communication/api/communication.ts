import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  ADMIN_API,
  type AdminLeadsResponse,
  type AdminOutboxResponse,
  type Campaign,
  type CampaignCreateInput,
  type CampaignsResponse,
} from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

export const communicationKeys = {
  leads: (params: Record<string, string>) => ['admin', 'leads', params] as const,
  audience: (segment: string, interest: string) => ['admin', 'campaign-audience', segment, interest] as const,
  campaigns: ['admin', 'campaigns'] as const,
  outbox: (params: Record<string, string>) => ['admin', 'outbox', params] as const,
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString()

export function useLeads(params: Record<string, string>) {
  return useQuery({
    queryKey: communicationKeys.leads(params),
    queryFn: ({ signal }) => apiGet<AdminLeadsResponse>(`${ADMIN_API.leads}?${qs(params)}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

/** The CSV download address for the current filters (the browser saves the attachment). */
export function leadsCsvUrl(params: Record<string, string>): string {
  return `${ADMIN_API.leadsCsv}?${qs(params)}`
}

export function useAudience(segment: string, interest: string) {
  const needsInterest = segment === 'leads_by_interest'
  return useQuery({
    queryKey: communicationKeys.audience(segment, interest),
    queryFn: ({ signal }) =>
      apiGet<{ recipients: number }>(`${ADMIN_API.campaignAudience}?${qs({ segment, ...(needsInterest ? { interest } : {}) })}`, { signal }),
    enabled: Boolean(segment) && (!needsInterest || Boolean(interest)),
  })
}

/** Campaign counts refresh every 3 s while any e-mail is still pending. */
export function useCampaigns() {
  return useQuery({
    queryKey: communicationKeys.campaigns,
    queryFn: ({ signal }) => apiGet<CampaignsResponse>(ADMIN_API.campaigns, { signal }),
    refetchInterval: (query) => (query.state.data?.campaigns.some((c) => c.counts.pending > 0) ? 3_000 : false),
  })
}

export function useSendCampaign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CampaignCreateInput) => apiSend<{ campaign: Campaign; message: string }>('POST', ADMIN_API.campaigns, input),
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
    queryFn: ({ signal }) => apiGet<AdminOutboxResponse>(`${ADMIN_API.outbox}?${qs(params)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  })
}
