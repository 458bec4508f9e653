/**
 * Gifts' endpoints (docs/product/commerce.md#gifts), apart from the rest of commerce: the landing's
 * first load imports commerce's, and gifts are not on it (docs/performance.md).
 */
import { get, post, schema } from '../common/http.js'
import type { messageResponseSchema } from '../common/errors.js'
import type { meSchema } from '../accounts/auth.js'
import type { checkoutRedirectSchema } from './commerce.js'
import { GIFT_PATHS as P } from './gift-paths.js'
import type { adminUserGiftsSchema, createGiftSchema, giftAccountSchema, giftListSchema, giftPreviewSchema, giftRefundSchema } from './gifts.js'



export const GIFT_ENDPOINTS = {
  list: get(P.list, schema<typeof giftListSchema>()),
  create: post(P.list, schema<typeof checkoutRedirectSchema>(), schema<typeof createGiftSchema>()),
  refund: post(P.refund, schema<typeof messageResponseSchema>(), schema<typeof giftRefundSchema>()),
  preview: get(P.preview, schema<typeof giftPreviewSchema>()),
  redeem: post(P.redeem, schema<typeof messageResponseSchema>()),
  account: post(P.account, schema<typeof meSchema>(), schema<typeof giftAccountSchema>()),
  adminUserGifts: get(P.adminUserGifts, schema<typeof adminUserGiftsSchema>()),
} as const
