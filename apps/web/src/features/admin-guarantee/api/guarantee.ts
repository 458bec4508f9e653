import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

export const guaranteeKeys = {
  refunds: (status: string) => ['admin', 'refunds', status] as const,
  setting: ['admin', 'guarantee-setting'] as const,
}

export function useRefunds(status: 'pending' | 'decided') {
  return useQuery({
    queryKey: guaranteeKeys.refunds(status),
    queryFn: ({ signal }) => api(ENDPOINTS.commerce.admin.refunds, { query: { status }, signal }),
  })
}

export function useDecideRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; approve: boolean; reason?: string }) =>
      input.approve
        ? api(ENDPOINTS.commerce.admin.refundApprove, { params: [input.id] })
        : api(ENDPOINTS.commerce.admin.refundReject, { params: [input.id], body: { reason: input.reason ?? '' } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}

export function useGuaranteeSetting() {
  return useQuery({ queryKey: guaranteeKeys.setting, queryFn: ({ signal }) => api(ENDPOINTS.commerce.admin.guaranteeSetting, { signal }) })
}

export function useSaveGuaranteeSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (days: number) => api(ENDPOINTS.commerce.admin.updateGuaranteeSetting, { body: { days } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}
