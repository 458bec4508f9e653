import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_API, UNCLAIMED_MSG, type AdminUserResponse, type AdminUsersResponse, type UnclaimedPurchaseList } from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, page: number) => ['admin', 'users', q, page] as const,
  unclaimed: ['admin', 'users', 'unclaimed-purchases'] as const,
}

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: adminUsersKeys.list(q, page),
    queryFn: ({ signal }) => apiGet<AdminUsersResponse>(`${ADMIN_API.users}?${new URLSearchParams({ q, page: String(page) })}`, { signal }),
    placeholderData: keepPreviousData,
  })
}

export type UserAction =
  | { kind: 'complimentary'; userId: string; days: number }
  | { kind: 'role'; userId: string; role: 'user' | 'admin' }
  | { kind: 'ban'; userId: string; banned: boolean; reason?: string }

function send(action: UserAction): Promise<AdminUserResponse> {
  switch (action.kind) {
    case 'complimentary':
      return apiSend('POST', ADMIN_API.userComplimentary(action.userId), { days: action.days })
    case 'role':
      return apiSend('PUT', ADMIN_API.userRole(action.userId), { role: action.role })
    case 'ban':
      return apiSend('PUT', ADMIN_API.userBan(action.userId), { banned: action.banned, ...(action.reason ? { reason: action.reason } : {}) })
  }
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
    queryFn: ({ signal }) => apiGet<UnclaimedPurchaseList>(ADMIN_API.unclaimedPurchases, { signal }),
  })
}

/** "Reenviar acesso": a new access link to the purchase's e-mail; the list then shows when it went out. */
export function useResendAccess() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (purchaseId: string) => {
      const body = await apiSend<{ message?: string } | undefined>('POST', ADMIN_API.unclaimedPurchaseResend(purchaseId))
      return body?.message?.trim() || UNCLAIMED_MSG.resent
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminUsersKeys.unclaimed })
    },
  })
}
