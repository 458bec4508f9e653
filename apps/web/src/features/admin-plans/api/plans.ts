import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_API, type AdminPlan, type AdminPlansResponse, type PlanDetailsInput, type PlanPricingInput } from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

export const adminPlansKeys = { all: ['admin', 'plans'] as const }

export function useAdminPlans() {
  return useQuery({
    queryKey: adminPlansKeys.all,
    queryFn: ({ signal }) => apiGet<AdminPlansResponse>(ADMIN_API.plans, { signal }),
  })
}

/** Saves pricing or details; the plan list and every public plan query reload afterwards. */
export function useSavePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { code: string } & ({ part: 'pricing'; body: PlanPricingInput } | { part: 'details'; body: PlanDetailsInput })) =>
      apiSend<{ plan: AdminPlan }>('PUT', input.part === 'pricing' ? ADMIN_API.planPricing(input.code) : ADMIN_API.planDetails(input.code), input.body),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminPlansKeys.all }), queryClient.invalidateQueries({ queryKey: ['plans'] })])
    },
  })
}
