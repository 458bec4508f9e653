import { get, post, put, schema } from '../common/http.js'
import type { messageResponseSchema } from '../common/errors.js'
import type {
  adminPlanResponseSchema,
  adminPlansResponseSchema,
  adminRefundsResponseSchema,
  guaranteeDaysSchema,
  guaranteeSettingSchema,
  planDetailsSchema,
  planPricingSchema,
  refundDecisionResponseSchema,
  refundRejectSchema,
} from './admin.js'
import type {
  checkoutRedirectSchema,
  createPaymentSchema,
  createSubscriptionSchema,
  gatewayInfoSchema,
  paymentVerificationSchema,
  portalRedirectSchema,
  refundRequestSchema,
  checkoutIdBodySchema,
  checkoutVerificationSchema,
  subscriptionDetailsSchema,
  subscriptionStateSchema,
} from './commerce.js'
import type { goodbyeAnswerSchema, pauseSubscriptionSchema } from './goodbye.js'
import type { plansResponseSchema } from './plans-schema.js'
import { COMMERCE_PATHS as P } from './paths.js'

export const COMMERCE_ENDPOINTS = {
  plans: get(P.plans, schema<typeof plansResponseSchema>()),
  subscription: {
    check: get(P.subscription.check, schema<typeof subscriptionStateSchema>()),
    details: get(P.subscription.details, schema<typeof subscriptionDetailsSchema>()),
    checkout: post(P.subscription.checkout, schema<typeof checkoutRedirectSchema>(), schema<typeof createSubscriptionSchema>()),
    portal: post(P.subscription.portal, schema<typeof portalRedirectSchema>()),
    payPending: post(P.subscription.payPending, schema<typeof portalRedirectSchema>()),
    refundRequest: post(P.subscription.refundRequest, schema<typeof messageResponseSchema>(), schema<typeof refundRequestSchema>()),
    cancel: post(P.subscription.cancel, schema<typeof messageResponseSchema>(), schema<typeof goodbyeAnswerSchema>()),
    pause: post(P.subscription.pause, schema<typeof messageResponseSchema>(), schema<typeof pauseSubscriptionSchema>()),
    discount: post(P.subscription.discount, schema<typeof messageResponseSchema>(), schema<typeof goodbyeAnswerSchema>()),
    resume: post(P.subscription.resume, schema<typeof messageResponseSchema>()),
  },
  payments: {
    gateway: get(P.payments.gateway, schema<typeof gatewayInfoSchema>()),
    checkout: post(P.payments.checkout, schema<typeof checkoutRedirectSchema>(), schema<typeof createPaymentSchema>()),
    verify: post(P.payments.verify, schema<typeof paymentVerificationSchema>(), schema<typeof checkoutIdBodySchema>()),
    verifyCheckout: post(P.payments.verifyCheckout, schema<typeof checkoutVerificationSchema>(), schema<typeof checkoutIdBodySchema>()),
    resendAccessLink: post(P.payments.resendAccessLink, schema<typeof messageResponseSchema>(), schema<typeof checkoutIdBodySchema>()),
  },
  admin: {
    plans: get(P.admin.plans, schema<typeof adminPlansResponseSchema>()),
    planPricing: put(P.admin.planPricing, schema<typeof adminPlanResponseSchema>(), schema<typeof planPricingSchema>()),
    planDetails: put(P.admin.planDetails, schema<typeof adminPlanResponseSchema>(), schema<typeof planDetailsSchema>()),
    refunds: get(P.admin.refunds, schema<typeof adminRefundsResponseSchema>()),
    refundApprove: post(P.admin.refundApprove, schema<typeof refundDecisionResponseSchema>()),
    refundReject: post(P.admin.refundReject, schema<typeof refundDecisionResponseSchema>(), schema<typeof refundRejectSchema>()),
    guaranteeSetting: get(P.admin.guaranteeSetting, schema<typeof guaranteeDaysSchema>()),
    updateGuaranteeSetting: put(P.admin.guaranteeSetting, schema<typeof guaranteeDaysSchema>(), schema<typeof guaranteeSettingSchema>()),
  },
} as const
