import { useMutation } from '@tanstack/react-query'
import { COMMUNICATION_ENDPOINTS, type LeadCreateInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/** `POST /api/leads` → 201 { id, name, email } | 409 duplicate | 400 invalid | 429 too many. */
export function createLead(input: LeadCreateInput) {
  return api(COMMUNICATION_ENDPOINTS.createLead, { body: input })
}

export function useCreateLead() {
  return useMutation({ mutationFn: createLead })
}
