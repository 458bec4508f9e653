import type { PaymentProvider } from './commerce.js'

export const COMMERCE_PATHS = {
  plans: '/api/plans',
  subscription: {
    /** What the signed-in person may do now (access, plan, end). */
    check: '/api/subscription/check',
    /** GET: the signed-in user's subscription and guarantee (plan page, success page). */
    details: '/api/subscription',
    /** Auth-first checkout: POST {planCode} → {url, sessionId}. */
    checkout: '/api/subscription/checkout',
    /** Provider's customer portal: POST → {url}. */
    portal: '/api/subscription/portal',
    /** Guarantee: POST {reason} asks for a refund within the window. */
    refundRequest: '/api/subscription/refund-request',
    /** Past due: POST → {url} of the provider's page where the open period is paid by Pix or boleto. */
    payPending: '/api/subscription/pay-pending',
    /** A fair goodbye: POST {reason, note} cancels at the paid period's end. */
    cancel: '/api/subscription/cancel',
    /** …or POST {reason, note, months} takes the admin's pause instead. */
    pause: '/api/subscription/pause',
    /** …or POST {reason, note} takes the admin's discount on the next period. */
    discount: '/api/subscription/discount',
    /** POST: a scheduled cancellation (or a pause not begun) undone with one tap. */
    resume: '/api/subscription/resume',
  },
  payments: {
    /** GET: provider, test/live mode, test cards, guarantee days (payment page badge). */
    gateway: '/api/payments/gateway',
    /** Pay-first checkout: POST {email, name, planCode?} → {url, sessionId}. */
    checkout: '/api/payments/checkout',
    /** POST {sessionId} → the payment's verification. */
    verify: '/api/payments/verify',
    /** POST {sessionId} → {email, paid, accountExists}. The path keeps its name (ADR 022). */
    verifyCheckout: '/api/payments/verify-session',
    /** POST {sessionId}: e-mails the purchase's access link again (the buyer still on the processing page). */
    resendAccessLink: '/api/payments/access-link',
    /** Provider webhooks (raw body, signature-checked). */
    webhook: (provider: PaymentProvider) => `/api/payments/webhooks/${provider}`,
  },
  admin: {
    plans: '/api/admin/plans',
    planPricing: (code: string) => `/api/admin/plans/${code}/pricing`,
    planDetails: (code: string) => `/api/admin/plans/${code}/details`,
    refunds: '/api/admin/refunds',
    refundApprove: (id: string) => `/api/admin/refunds/${id}/approve`,
    refundReject: (id: string) => `/api/admin/refunds/${id}/reject`,
    guaranteeSetting: '/api/admin/settings/guarantee',
  },
} as const
