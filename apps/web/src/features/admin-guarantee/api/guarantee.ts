import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_API, type AdminRefund, type AdminRefundsResponse } from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

export const guaranteeKeys = {
  refunds: (status: string) => ['admin', 'refunds', status] as const,
  setting: ['admin', 'guarantee-setting'] as const,
}

export function useRefunds(status: 'pending' | 'decided') {
  return useQuery({
    queryKey: guaranteeKeys.refunds(status),
    queryFn: ({ signal }) => apiGet<AdminRefundsResponse>(`${ADMIN_API.refunds}?status=${status}`, { signal }),
  })
}

export function useDecideRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; approve: boolean; reason?: string }) =>
      apiSend<{ refund: AdminRefund; message: string }>(
        'POST',
        input.approve ? ADMIN_API.refundApprove(input.id) : ADMIN_API.refundReject(input.id),
        input.approve ? undefined : { reason: input.reason ?? '' },
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}

export function useGuaranteeSetting() {
  return useQuery({ queryKey: guaranteeKeys.setting, queryFn: ({ signal }) => apiGet<{ days: number }>(ADMIN_API.guaranteeSetting, { signal }) })
}

export function useSaveGuaranteeSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (days: number) => apiSend<{ days: number }>('PUT', ADMIN_API.guaranteeSetting, { days }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}
