import { messageResponseSchema } from '../shared/errors.js'
import { get, post, put } from '../shared/http.js'
import {
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
import {
  checkoutRedirectSchema,
  createPaymentSchema,
  createSubscriptionSchema,
  gatewayInfoSchema,
  paymentVerificationSchema,
  portalRedirectSchema,
  refundRequestSchema,
  sessionIdBodySchema,
  sessionVerificationSchema,
  subscriptionDetailsSchema,
  subscriptionStateSchema,
} from './commerce.js'
import { COMMERCE_PATHS as P } from './paths.js'
import { plansResponseSchema } from './plans-schema.js'

export const COMMERCE_ENDPOINTS = {
  plans: get(P.plans, plansResponseSchema),
  subscription: {
    check: get(P.subscription.check, subscriptionStateSchema),
    details: get(P.subscription.details, subscriptionDetailsSchema),
    checkout: post(P.subscription.checkout, checkoutRedirectSchema, createSubscriptionSchema),
    portal: post(P.subscription.portal, portalRedirectSchema),
    refundRequest: post(P.subscription.refundRequest, messageResponseSchema, refundRequestSchema),
  },
  payments: {
    gateway: get(P.payments.gateway, gatewayInfoSchema),
    checkout: post(P.payments.checkout, checkoutRedirectSchema, createPaymentSchema),
    verify: post(P.payments.verify, paymentVerificationSchema, sessionIdBodySchema),
    verifySession: post(P.payments.verifySession, sessionVerificationSchema, sessionIdBodySchema),
    resendAccessLink: post(P.payments.resendAccessLink, messageResponseSchema, sessionIdBodySchema),
  },
  admin: {
    plans: get(P.admin.plans, adminPlansResponseSchema),
    planPricing: put(P.admin.planPricing, adminPlanResponseSchema, planPricingSchema),
    planDetails: put(P.admin.planDetails, adminPlanResponseSchema, planDetailsSchema),
    refunds: get(P.admin.refunds, adminRefundsResponseSchema),
    refundApprove: post(P.admin.refundApprove, refundDecisionResponseSchema),
    refundReject: post(P.admin.refundReject, refundDecisionResponseSchema, refundRejectSchema),
    guaranteeSetting: get(P.admin.guaranteeSetting, guaranteeDaysSchema),
    updateGuaranteeSetting: put(P.admin.guaranteeSetting, guaranteeDaysSchema, guaranteeSettingSchema),
  },
} as const
