import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type PlanDetailsInput, type PlanPricingInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

export const adminPlansKeys = { all: ['admin', 'plans'] as const }

export function useAdminPlans() {
  return useQuery({
    queryKey: adminPlansKeys.all,
    queryFn: ({ signal }) => api(ENDPOINTS.commerce.admin.plans, { signal }),
  })
}

/** Saves pricing or details; the plan list and every public plan query reload afterwards. */
export function useSavePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { code: string } & ({ part: 'pricing'; body: PlanPricingInput } | { part: 'details'; body: PlanDetailsInput })) =>
      input.part === 'pricing'
        ? api(ENDPOINTS.commerce.admin.planPricing, { params: [input.code], body: input.body })
        : api(ENDPOINTS.commerce.admin.planDetails, { params: [input.code], body: input.body }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminPlansKeys.all }), queryClient.invalidateQueries({ queryKey: ['plans'] })])
    },
  })
}
