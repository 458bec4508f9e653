import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ENDPOINTS, type CreatePaymentInput, type GoodbyeAnswerInput, type PlanCode, type RefundRequestInput } from '@sintonia/contract'
import { api } from '../../../lib/api-client'

/**
 * The commerce calls (docs/product/commerce.md#checkout-flows) as the browser makes them. The
 * server decides everything about payment; these only ask and show.
 */
export const commerceKeys = {
  gateway: ['commerce', 'gateway'] as const,
  /** The signed-in person's subscription and guarantee: private, dropped at sign-out. */
  details: ['subscription', 'details'] as const,
  verifyPayment: (checkoutId: string) => ['commerce', 'verify-payment', checkoutId] as const,
}

export const gatewayQueryOptions = queryOptions({
  queryKey: commerceKeys.gateway,
  queryFn: ({ signal }) => api(ENDPOINTS.commerce.payments.gateway, { signal }),
  staleTime: 10 * 60_000,
})

/** GET gateway: provider, test/live mode, test cards and the guarantee days (one setting everywhere). */
export function useGatewayInfo() {
  return useQuery(gatewayQueryOptions)
}

/** GET subscription details of the signed-in person (only asked when someone is signed in). */
export function useSubscriptionDetails({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: commerceKeys.details,
    queryFn: ({ signal }) => api(ENDPOINTS.commerce.subscription.details, { signal }),
    enabled,
    staleTime: 30_000,
  })
}

/** create-subscription (auth-first): {planCode} → the provider's hosted page. */
export function createSubscriptionCheckout(planCode: PlanCode) {
  return api(ENDPOINTS.commerce.subscription.checkout, { body: { planCode } })
}

/** create-payment (pay-first): {email, name, planCode} → the provider's hosted page. */
export function createPaymentCheckout(input: CreatePaymentInput) {
  return api(ENDPOINTS.commerce.payments.checkout, { body: input })
}

/** customer-portal: the provider's billing portal of the signed-in subscriber. */
export function createPortalLink() {
  return api(ENDPOINTS.commerce.subscription.portal)
}

/** pay-pending: the provider's page where a past-due period is paid by Pix or boleto. */
export function createPendingPaymentLink() {
  return api(ENDPOINTS.commerce.subscription.payPending)
}

/** verify-payment: what the server knows about a checkout (paid or still processing). */
export function verifyPayment(checkoutId: string, signal?: AbortSignal) {
  return api(ENDPOINTS.commerce.payments.verify, { body: { sessionId: checkoutId }, signal })
}

/** verify-session: the buyer's e-mail and whether the payment is done and an account exists. */
export function verifyCheckout(checkoutId: string, signal?: AbortSignal) {
  return api(ENDPOINTS.commerce.payments.verifyCheckout, { body: { sessionId: checkoutId }, signal })
}

/** POST refund-request (guarantee): recorded for the admin guarantee page. */
export function useRefundRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RefundRequestInput) => api(ENDPOINTS.commerce.subscription.refundRequest, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceKeys.details }),
  })
}

/**
 * A fair goodbye (docs/product/commerce.md#a-fair-goodbye): cancel, pause or the discount, each with
 * the optional answer; and the one-tap return. Each answers the confirmation shown as it is.
 */
export type GoodbyeChoice =
  | { kind: 'cancel'; answer: GoodbyeAnswerInput }
  | { kind: 'pause'; answer: GoodbyeAnswerInput; months: number }
  | { kind: 'discount'; answer: GoodbyeAnswerInput }
  | { kind: 'resume' }

function sendGoodbye(choice: GoodbyeChoice) {
  const endpoints = ENDPOINTS.commerce.subscription
  switch (choice.kind) {
    case 'cancel':
      return api(endpoints.cancel, { body: choice.answer })
    case 'pause':
      return api(endpoints.pause, { body: { ...choice.answer, months: choice.months } })
    case 'discount':
      return api(endpoints.discount, { body: choice.answer })
    case 'resume':
      return api(endpoints.resume)
  }
}

export function useGoodbye(onChanged?: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendGoodbye,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: commerceKeys.details })
      onChanged?.()
    },
  })
}
