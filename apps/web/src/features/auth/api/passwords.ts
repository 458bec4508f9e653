import { useMutation, useQueryClient } from '@tanstack/react-query'
import { API, AUTH_MSG, type Me, type OnboardingPasswordInput } from '@sintonia/contract'
import { apiSend } from '../../../lib/api-client'
import { acceptSignedInUser } from './session'

/** POST /api/account/password/forgot: always the same neutral answer (no account probing). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) => {
      const body = await apiSend<{ message?: string } | undefined>('POST', API.auth.forgotPassword, { email })
      return typeof body?.message === 'string' && body.message.trim() ? body.message : AUTH_MSG.resetEmailSent
    },
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => apiSend<unknown>('POST', API.auth.resetPassword, input),
  })
}

/** Pay-first onboarding: creates the password and signs the buyer in (commerce-and-admin §2). */
export function useOnboardingPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OnboardingPasswordInput) =>
      apiSend<Me>('POST', API.auth.onboardingPassword, input),
    onSuccess: ({ user }) => acceptSignedInUser(queryClient, user),
  })
}
