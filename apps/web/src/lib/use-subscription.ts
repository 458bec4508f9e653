import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { COMMERCE_ENDPOINTS, type SubscriptionState } from '@sintonia/contract'
import { api } from './api-client'
import { safeLocalStorage } from './safe-local-storage'
import { toast } from './toast'
import { createSubscriptionChecker, type SubscriptionCheckStatus } from './subscription-checker'

/** The app's single checker (one cache, one running check, one debounce timer). */
export const subscriptionChecker = createSubscriptionChecker({
  fetchState: (signal) => api(COMMERCE_ENDPOINTS.subscription.check, { signal }),
  storage: safeLocalStorage,
  notifyError: (message) => {
    toast.error(message, { id: 'subscription-check' })
  },
})

export interface UseSubscriptionResult {
  /** 'loading' until the first answer for this person is known. */
  status: 'loading' | 'subscribed' | 'unsubscribed' | 'error'
  data: SubscriptionState | null
  isSubscribed: boolean
  /** A request is on its way (also while refreshing a known answer). */
  isChecking: boolean
  checkedAt: number | null
  /** Forced check (skips the 5-minute cache). */
  refresh: () => Promise<SubscriptionState | null>
}

function toStatus(checkStatus: SubscriptionCheckStatus, data: SubscriptionState | null): UseSubscriptionResult['status'] {
  if (data) return data.subscribed ? 'subscribed' : 'unsubscribed'
  if (checkStatus === 'error') return 'error'
  return 'loading'
}

/**
 * The signed-in person's subscription (docs/product/commerce.md#subscription-check-browser). Starts
 * a check when nothing is known yet; answers from the 5-minute cache otherwise. The auth feature's
 * sign-in (features/auth/api/signed-in.ts) keeps the checker in step with sign-in and sign-out; its
 * subscriber guard, the account page and the commerce routes read it here.
 */
export function useSubscription({ enabled = true }: { enabled?: boolean } = {}): UseSubscriptionResult {
  const snapshot = useSyncExternalStore(subscriptionChecker.subscribe, subscriptionChecker.getSnapshot, subscriptionChecker.getSnapshot)

  useEffect(() => {
    if (enabled && snapshot.status === 'idle' && subscriptionChecker.getUser() !== null) {
      void subscriptionChecker.check()
    }
  }, [enabled, snapshot.status])

  const refresh = useCallback(() => subscriptionChecker.check({ force: true }), [])

  return {
    status: toStatus(snapshot.status, snapshot.data),
    data: snapshot.data,
    isSubscribed: snapshot.data?.subscribed === true,
    isChecking: snapshot.checking,
    checkedAt: snapshot.checkedAt,
    refresh,
  }
}
