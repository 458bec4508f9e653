import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AUTH_MSG, ENDPOINTS, type OnboardingPasswordInput } from '@sintonia/contract'
import { api, ApiRequestError } from '../../../lib/api-client'
import { acceptSignedInUser, signedInKeys } from './signed-in'

/** POST /api/account/password/forgot: always the same neutral answer (no account probing). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { message } = await api(ENDPOINTS.accounts.forgotPassword, { body: { email } })
      return message.trim() || AUTH_MSG.resetEmailSent
    },
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => api(ENDPOINTS.accounts.resetPassword, { body: input }),
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
    queryFn: () => api(ENDPOINTS.accounts.accessLinkPreview, { body: { token } }),
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
    mutationFn: (input: OnboardingPasswordInput) => api(ENDPOINTS.accounts.onboardingPassword, { body: input }),
    onSuccess: ({ user }) => acceptSignedInUser(queryClient, user),
  })
}

/** The buyer still holding the checkout id asks for the access link again (it goes to the purchase's e-mail only). */
export function useResendAccessLink() {
  return useMutation({
    mutationFn: async (checkoutId: string) => {
      const { message } = await api(ENDPOINTS.commerce.payments.resendAccessLink, { body: { sessionId: checkoutId } })
      return message.trim() || AUTH_MSG.accessLinkSent
    },
  })
}

/**
 * POST /api/account/email/verify {token}: the confirmation link (sign-up or e-mail change). A
 * query, so the link is sent once per page however often the page renders; the sign-in is read
 * again afterwards (its e-mail or verified flag changed).
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: linkKeys.verifyEmail(token),
    queryFn: async () => {
      const result = await api(ENDPOINTS.accounts.verifyEmail, { body: { token } })
      void queryClient.invalidateQueries({ queryKey: signedInKeys.all })
      return result
    },
    enabled: token !== '',
    ...oneShot,
  })
}
