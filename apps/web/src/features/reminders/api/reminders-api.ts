/** The reminders' calls (docs/product/practice.md#reminders): preferences, the push key and this browser's subscription, a reminder opened. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type PracticePreferences, type PracticePreferencesUpdate, type PushSubscriptionInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/**
 * The same key as the daily practice's preferences (features/practice/keys.ts): one cache entry,
 * so a change here shows there, and the practice's realtime refresh covers it.
 */
export const reminderPreferencesKey = ['practice', 'preferences'] as const

export function reminderPreferencesQueryOptions() {
  return queryOptions({
    queryKey: reminderPreferencesKey,
    queryFn: ({ signal }) => api(ENDPOINTS.practice.preferences, { signal }),
  })
}

/** PUT preferences (the reminders, and the browser's zone when none was ever set); the answer replaces the kept preferences. */
export function useSaveReminders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: PracticePreferencesUpdate): Promise<PracticePreferences> => api(ENDPOINTS.practice.updatePreferences, { body: update }),
    onSuccess: (preferences) => queryClient.setQueryData(reminderPreferencesKey, preferences),
  })
}

export function fetchPushKey(): Promise<string> {
  return api(ENDPOINTS.practice.pushKey).then((answer) => answer.publicKey)
}

/** POST this browser's subscription (the server keeps one row per endpoint); answers the preferences. */
export function useRegisterPushDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (subscription: PushSubscriptionInput): Promise<PracticePreferences> => api(ENDPOINTS.practice.subscribePush, { body: subscription }),
    onSuccess: (preferences) => queryClient.setQueryData(reminderPreferencesKey, preferences),
  })
}

export function markReminderOpened(deliveryId: string): Promise<{ opened: boolean }> {
  return api(ENDPOINTS.practice.reminderOpened, { params: [deliveryId] })
}
