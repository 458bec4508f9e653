import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { GIFT_ENDPOINTS, type CreateGiftInput, type GiftAccountInput, type GiftRefundInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/** Gifts (docs/product/commerce.md#gifts) as the browser asks for them; the server decides everything. */
export const giftKeys = {
  /** The signed-in buyer's gifts: private, dropped at sign-out. */
  mine: ['gifts', 'mine'] as const,
  /** What a gift link shows (the token is the key; never cached beyond the page). */
  link: (token: string) => ['gifts', 'link', token] as const,
}

/** The buyer's gifts; polled while one is paid and waits for the provider's word or its day. */
export function useMyGifts() {
  return useQuery({
    queryKey: giftKeys.mine,
    queryFn: ({ signal }) => api(GIFT_ENDPOINTS.list, { signal }),
    refetchInterval: (query) => (query.state.data?.gifts.some((gift) => gift.state === 'awaiting_payment') ? 5_000 : false),
  })
}

/** The one-off checkout of a gift: the provider's page to go to. */
export function createGiftCheckout(input: CreateGiftInput) {
  return api(GIFT_ENDPOINTS.create, { body: input })
}

export function useRefundGift() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: GiftRefundInput & { id: string }) => api(GIFT_ENDPOINTS.refund, { params: [id], body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: giftKeys.mine }),
  })
}

export function useGiftLink(token: string) {
  return useQuery({
    queryKey: giftKeys.link(token),
    queryFn: ({ signal }) => api(GIFT_ENDPOINTS.preview, { params: [token], signal }),
    retry: false,
    gcTime: 0,
  })
}

export function useRedeemGift(token: string) {
  return useMutation({ mutationFn: () => api(GIFT_ENDPOINTS.redeem, { params: [token] }) })
}

export function useCreateAccountForGift(token: string) {
  return useMutation({ mutationFn: (input: GiftAccountInput) => api(GIFT_ENDPOINTS.account, { params: [token], body: input }) })
}
