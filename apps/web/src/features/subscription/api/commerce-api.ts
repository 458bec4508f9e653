import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  API,
  type CheckoutRedirect,
  type CreatePaymentInput,
  type GatewayInfo,
  type PaymentVerification,
  type PlanCode,
  type PortalRedirect,
  type RefundRequestInput,
  type SessionVerification,
  type SubscriptionDetails,
} from '@sintonia/contract'
import { apiGet, apiSend } from '../../../lib/api-client'

/**
 * The commerce calls (docs/product/commerce.md#checkout-flows) as the browser makes them. The
 * server decides everything about payment; these only ask and show.
 */
export const commerceKeys = {
  gateway: ['commerce', 'gateway'] as const,
  /** The signed-in person's subscription and guarantee: private, dropped at sign-out. */
  details: ['subscription', 'details'] as const,
  verifyPayment: (sessionId: string) => ['commerce', 'verify-payment', sessionId] as const,
}

export const gatewayQueryOptions = queryOptions({
  queryKey: commerceKeys.gateway,
  queryFn: ({ signal }) => apiGet<GatewayInfo>(API.payments.gateway, { signal }),
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
    queryFn: ({ signal }) => apiGet<SubscriptionDetails>(API.subscription.details, { signal }),
    enabled,
    staleTime: 30_000,
  })
}

/** create-subscription (auth-first): {planCode} → the provider's hosted page. */
export function createSubscriptionCheckout(planCode: PlanCode): Promise<CheckoutRedirect> {
  return apiSend<CheckoutRedirect>('POST', API.subscription.checkout, { planCode })
}

/** create-payment (pay-first): {email, name, planCode} → the provider's hosted page. */
export function createPaymentCheckout(input: CreatePaymentInput): Promise<CheckoutRedirect> {
  return apiSend<CheckoutRedirect>('POST', API.payments.checkout, input)
}

/** customer-portal: the provider's billing portal of the signed-in subscriber. */
export function createPortalSession(): Promise<PortalRedirect> {
  return apiSend<PortalRedirect>('POST', API.subscription.portal)
}

/** verify-payment: what the server knows about a checkout (paid or still processing). */
export function verifyPayment(sessionId: string, signal?: AbortSignal): Promise<PaymentVerification> {
  return apiSend<PaymentVerification>('POST', API.payments.verify, { sessionId }, signal ? { signal } : {})
}

/** verify-session: the buyer's e-mail and whether the payment is done and an account exists. */
export function verifySession(sessionId: string, signal?: AbortSignal): Promise<SessionVerification> {
  return apiSend<SessionVerification>('POST', API.payments.verifySession, { sessionId }, signal ? { signal } : {})
}

/** POST refund-request (guarantee): recorded for the admin guarantee page. */
export function useRefundRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RefundRequestInput) => apiSend<unknown>('POST', API.subscription.refundRequest, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commerceKeys.details }),
  })
}
