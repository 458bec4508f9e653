import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  API,
  AUTH_MSG,
  type AccessLinkPreview,
  type AuthMessage,
  type Me,
  type OnboardingPasswordInput,
  type VerifyEmailResult,
} from '@sintonia/contract'
import { ApiRequestError, apiSend } from '../../../lib/api-client'
import { acceptSignedInUser, sessionKeys } from './session'

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

/**
 * Keys of the one-time links' answers. They live only in this tab's memory, are never refetched
 * (a link's answer does not change while the page is open) and are dropped as soon as no page
 * shows them, so a token never outlives its page.
 */
const linkKeys = {
  accessLink: (token: string) => ['access-link', token] as const,
  verifyEmail: (token: string) => ['verify-email', token] as const,
}

const oneShot = { staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const

/** A dead link answers 400 (invalid, used or expired): the page says so instead of offering a retry. */
export function isDeadLinkError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 400
}

/** POST /api/onboarding/access-link {token}: the e-mail, name and plans the access link activates. */
export function accessLinkPreviewQuery(token: string) {
  return queryOptions({
    queryKey: linkKeys.accessLink(token),
    queryFn: () => apiSend<AccessLinkPreview>('POST', API.auth.accessLinkPreview, { token }),
    ...oneShot,
  })
}

export function useAccessLinkPreview(token: string) {
  return useQuery({ ...accessLinkPreviewQuery(token), enabled: token !== '' })
}

/**
 * Access link: creates (or replaces) the password, activates every purchase waiting for the
 * e-mail and signs the buyer in (docs/product/accounts.md#e-mail-ownership).
 */
export function useOnboardingPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OnboardingPasswordInput) => apiSend<Me>('POST', API.auth.onboardingPassword, input),
    onSuccess: ({ user }) => acceptSignedInUser(queryClient, user),
  })
}

/** The buyer still holding the checkout id asks for the access link again (it goes to the purchase's e-mail only). */
export function useResendAccessLink() {
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const body = await apiSend<AuthMessage | undefined>('POST', API.payments.resendAccessLink, { sessionId })
      return body?.message?.trim() || AUTH_MSG.accessLinkSent
    },
  })
}

/**
 * POST /api/account/email/verify {token}: the confirmation link (sign-up or e-mail change). A
 * query, so the link is sent once per page however often the page renders; the session is read
 * again afterwards (its e-mail or verified flag changed).
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: linkKeys.verifyEmail(token),
    queryFn: async () => {
      const result = await apiSend<VerifyEmailResult>('POST', API.auth.verifyEmail, { token })
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all })
      return result
    },
    enabled: token !== '',
    ...oneShot,
  })
}
