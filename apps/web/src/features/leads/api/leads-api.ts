import { useMutation } from '@tanstack/react-query'
import { API, type LeadCreated, type LeadCreateInput } from '@sintonia/contract'
import { apiSend } from '../../../lib/api-client'

/** `POST /api/leads` → 201 { id, name, email } | 409 duplicate | 400 invalid | 429 too many. */
export function createLead(input: LeadCreateInput): Promise<LeadCreated> {
  return apiSend<LeadCreated>('POST', API.leads, input)
}

export function useCreateLead() {
  return useMutation({ mutationFn: createLead })
}
