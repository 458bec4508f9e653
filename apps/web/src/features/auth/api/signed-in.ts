import { useCallback } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ACCOUNTS_ENDPOINTS, type SignedInUser, type SignInInput, type SignUpInput } from '@sintonia/contract'
import { api, ApiRequestError } from '../../../lib/api-client'
import { clearPersonalLocalData, isPublicQueryKey } from '../lib/personal-data'
import { subscriptionChecker } from '../../../lib/use-subscription'
import { signedInKeys } from './query-keys'


let signedInResolvedOnce = false

/** Keeps the subscription checker on the same person as the sign-in. */
function followSignedInUser(user: SignedInUser | null): void {
  subscriptionChecker.setUser(user?.id ?? null)
  if (signedInResolvedOnce) return
  signedInResolvedOnce = true
  // Start-up: an existing sign-in gets its (silent, cache-first) check; a visitor ends the
  // initialisation right away so later failures are reported.
  if (user && user.role === 'user') void subscriptionChecker.check()
  else subscriptionChecker.endInitialisation()
}

/**
 * GET /api/account/me: the signed-in person, or null for a visitor (the server answers
 * `{ user: null }`, so a visitor's page logs no error). A 4xx — a suspended account's 403, a
 * server without the accounts API — also counts as "nobody signed in".
 */
export async function fetchSignedInUser(signal?: AbortSignal): Promise<SignedInUser | null> {
  try {
    const { user } = await api(ACCOUNTS_ENDPOINTS.me, { signal })
    followSignedInUser(user)
    return user
  } catch (error) {
    if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      followSignedInUser(null)
      return null
    }
    throw error
  }
}

export const signedInQueryOptions = queryOptions({
  queryKey: signedInKeys.all,
  queryFn: ({ signal }) => fetchSignedInUser(signal),
  staleTime: 5 * 60_000,
  // An unreadable sign-in must not be re-fetched by every component that mounts (the header
  // buttons mount and unmount with the sign-in state): that would loop.
  retryOnMount: false,
  retry: (failureCount, error) => failureCount < 2 && error instanceof ApiRequestError && (error.status === 0 || error.status >= 500),
})

export type SignInStatus = 'loading' | 'authenticated' | 'anonymous'

export interface SignedInState {
  status: SignInStatus
  user: SignedInUser | null
  isAdmin: boolean
}

/**
 * Who is signed in (docs/product/accounts.md#the-sign-in): loading, then authenticated or anonymous.
 * A sign-in that cannot be read (server down) counts as anonymous; guards send the person to
 * the login form, where the error shows.
 */
export function useSignedIn(): SignedInState {
  const query = useQuery(signedInQueryOptions)
  if (query.isPending) return { status: 'loading', user: null, isAdmin: false }
  const user = query.data ?? null
  return user
    ? { status: 'authenticated', user, isAdmin: user.role === 'admin' }
    : { status: 'anonymous', user: null, isAdmin: false }
}

/** Drops every cached query that belongs to a person (public landing/demo data stays). */
export function removePrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== signedInKeys.all[0] && !isPublicQueryKey(query.queryKey) })
}

/** After a successful sign-in, sign-up or password onboarding. */
export function acceptSignedInUser(queryClient: QueryClient, user: SignedInUser): void {
  const previous = queryClient.getQueryData<SignedInUser | null>(signedInKeys.all)
  if (previous && previous.id !== user.id) removePrivateQueries(queryClient)
  subscriptionChecker.setUser(user.id)
  if (user.role === 'user') subscriptionChecker.scheduleCheckAfterSignIn()
  queryClient.setQueryData(signedInKeys.all, user)
}

/** The sign-in another feature's call opened (a gift link's new account): taken as a sign-in is. */
export function useAcceptSignedInUser(): (user: SignedInUser) => void {
  const queryClient = useQueryClient()
  return useCallback((user: SignedInUser) => acceptSignedInUser(queryClient, user), [queryClient])
}

/**
 * The signed-in person's own data changed on the server (Minha conta: name): the cached sign-in
 * takes the server's answer, so the header and every page show it at once. Another person's
 * answer is ignored.
 */
export function useReplaceSignedInUser(): (user: SignedInUser) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (user: SignedInUser) => {
      const current = queryClient.getQueryData<SignedInUser | null>(signedInKeys.all)
      if (current && current.id === user.id) queryClient.setQueryData(signedInKeys.all, user)
    },
    [queryClient],
  )
}

/** Reads the sign-in again (e.g. on Minha conta, where the e-mail may have been confirmed elsewhere). */
export function useRefreshSignedIn(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: signedInKeys.all }), [queryClient])
}

/**
 * The sign-in ended (sign-out, account deleted, expired): forget the person's data on this
 * device: private queries, personal localStorage keys and the subscription cache.
 */
export function forgetSignedInPerson(queryClient: QueryClient): void {
  subscriptionChecker.clear()
  clearPersonalLocalData()
  removePrivateQueries(queryClient)
  queryClient.setQueryData(signedInKeys.all, null)
}

export type SignInRequest = Omit<SignInInput, 'portal'> & { portal?: SignInInput['portal'] }

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ portal = 'user', ...body }: SignInRequest) =>
      api(ACCOUNTS_ENDPOINTS.signIn, { body: { ...body, portal } }),
    onSuccess: ({ user }) => acceptSignedInUser(queryClient, user),
  })
}

export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SignUpInput) => api(ACCOUNTS_ENDPOINTS.signUp, { body }),
    onSuccess: ({ user }) => acceptSignedInUser(queryClient, user),
  })
}

/** Signs out on the server. A 401 means the sign-in was already gone: same outcome. */
export async function signOutRequest(): Promise<void> {
  try {
    await api(ACCOUNTS_ENDPOINTS.signOut)
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return
    throw error
  }
}

/** Clearing the local state is left to the caller, so it can leave the private page first. */
export function useSignOutMutation() {
  return useMutation({ mutationFn: signOutRequest })
}

export { signedInKeys }
