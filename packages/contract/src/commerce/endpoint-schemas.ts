import type { SchemasOf } from '../common/http.js'
import { messageResponseSchema } from '../common/errors.js'
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
  checkoutIdBodySchema,
  checkoutVerificationSchema,
  subscriptionDetailsSchema,
  subscriptionStateSchema,
} from './commerce.js'
import { goodbyeAnswerSchema, pauseSubscriptionSchema } from './goodbye.js'
import { plansResponseSchema } from './plans-schema.js'
import type { COMMERCE_ENDPOINTS } from './endpoints.js'
import type { GIFT_ENDPOINTS } from './gift-endpoints.js'
import { adminUserGiftsSchema, createGiftSchema, giftAccountSchema, giftListSchema, giftPreviewSchema, giftRefundSchema } from './gifts.js'
import { meSchema } from '../accounts/auth.js'

/** The schemas of each endpoint in ./endpoints.ts (the same keys). */
export const COMMERCE_ENDPOINT_SCHEMAS = {
  plans: { response: plansResponseSchema, body: null },
  subscription: {
    check: { response: subscriptionStateSchema, body: null },
    details: { response: subscriptionDetailsSchema, body: null },
    checkout: { response: checkoutRedirectSchema, body: createSubscriptionSchema },
    portal: { response: portalRedirectSchema, body: null },
    payPending: { response: portalRedirectSchema, body: null },
    refundRequest: { response: messageResponseSchema, body: refundRequestSchema },
    cancel: { response: messageResponseSchema, body: goodbyeAnswerSchema },
    pause: { response: messageResponseSchema, body: pauseSubscriptionSchema },
    discount: { response: messageResponseSchema, body: goodbyeAnswerSchema },
    resume: { response: messageResponseSchema, body: null },
  },
  payments: {
    gateway: { response: gatewayInfoSchema, body: null },
    checkout: { response: checkoutRedirectSchema, body: createPaymentSchema },
    verify: { response: paymentVerificationSchema, body: checkoutIdBodySchema },
    verifyCheckout: { response: checkoutVerificationSchema, body: checkoutIdBodySchema },
    resendAccessLink: { response: messageResponseSchema, body: checkoutIdBodySchema },
  },
  admin: {
    plans: { response: adminPlansResponseSchema, body: null },
    planPricing: { response: adminPlanResponseSchema, body: planPricingSchema },
    planDetails: { response: adminPlanResponseSchema, body: planDetailsSchema },
    refunds: { response: adminRefundsResponseSchema, body: null },
    refundApprove: { response: refundDecisionResponseSchema, body: null },
    refundReject: { response: refundDecisionResponseSchema, body: refundRejectSchema },
    guaranteeSetting: { response: guaranteeDaysSchema, body: null },
    updateGuaranteeSetting: { response: guaranteeDaysSchema, body: guaranteeSettingSchema },
  },
} as const satisfies SchemasOf<typeof COMMERCE_ENDPOINTS>

/** The schemas of each endpoint in ./gift-endpoints.ts. */
export const GIFT_ENDPOINT_SCHEMAS = {
  list: { response: giftListSchema, body: null },
  create: { response: checkoutRedirectSchema, body: createGiftSchema },
  refund: { response: messageResponseSchema, body: giftRefundSchema },
  preview: { response: giftPreviewSchema, body: null },
  redeem: { response: messageResponseSchema, body: null },
  account: { response: meSchema, body: giftAccountSchema },
  adminUserGifts: { response: adminUserGiftsSchema, body: null },
} as const satisfies SchemasOf<typeof GIFT_ENDPOINTS>
