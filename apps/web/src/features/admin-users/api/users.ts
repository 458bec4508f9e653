import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, GIFT_ENDPOINTS, UNCLAIMED_MSG } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, page: number) => ['admin', 'users', q, page] as const,
  unclaimed: ['admin', 'users', 'unclaimed-purchases'] as const,
  gifts: (userId: string) => ['admin', 'users', 'gifts', userId] as const,
}

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: adminUsersKeys.list(q, page),
    queryFn: ({ signal }) => api(ENDPOINTS.accounts.admin.users, { query: { q, page }, signal }),
    placeholderData: keepPreviousData,
  })
}

export type UserAction =
  | { kind: 'complimentary'; userId: string; days: number }
  | { kind: 'role'; userId: string; role: 'user' | 'admin' }
  | { kind: 'ban'; userId: string; banned: boolean; reason?: string }

function send(action: UserAction) {
  switch (action.kind) {
    case 'complimentary':
      return api(ENDPOINTS.accounts.admin.userComplimentary, { params: [action.userId], body: { days: action.days } })
    case 'role':
      return api(ENDPOINTS.accounts.admin.userRole, { params: [action.userId], body: { role: action.role } })
    case 'ban':
      return api(ENDPOINTS.accounts.admin.userBan, {
        params: [action.userId],
        body: { banned: action.banned, ...(action.reason ? { reason: action.reason } : {}) },
      })
  }
}

/** The gifts a person bought and received, loaded only while their "Presentes" dialog is open (`userId` null: closed). */
export function useUserGifts(userId: string | null) {
  return useQuery({
    queryKey: adminUsersKeys.gifts(userId ?? ''),
    queryFn: ({ signal }) => api(GIFT_ENDPOINTS.adminUserGifts, { params: [userId ?? ''], signal }),
    enabled: userId !== null,
  })
}

/** Every user action reloads the list and the admin home counts afterwards. */
export function useUserAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })
}

/** "Pagamento sem conta": paid purchases whose buyer has not activated the access yet. */
export function useUnclaimedPurchases() {
  return useQuery({
    queryKey: adminUsersKeys.unclaimed,
    queryFn: ({ signal }) => api(ENDPOINTS.accounts.admin.unclaimedPurchases, { signal }),
  })
}

/** "Reenviar acesso": a new access link to the purchase's e-mail; the list then shows when it went out. */
export function useResendAccess() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (purchaseId: string) => {
      const { message } = await api(ENDPOINTS.accounts.admin.unclaimedPurchaseResend, { params: [purchaseId] })
      return message.trim() || UNCLAIMED_MSG.resent
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminUsersKeys.unclaimed })
    },
  })
}
