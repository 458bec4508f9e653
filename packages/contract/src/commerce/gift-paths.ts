/** Gifts' paths (docs/product/commerce.md#gifts), apart from commerce's (the landing's first load imports those). */
export const GIFT_PATHS = {
  /** GET: the buyer's gifts; POST {planCode, recipientName, recipientEmail, message, deliverOn} → {url, sessionId}. */
  list: '/api/gifts',
  /** POST {bankAccount?}: the buyer's refund of a paid gift not redeemed, within the guarantee. */
  refund: (id: string) => `/api/gifts/${id}/refund`,
  /** GET: what the gift link shows (anyone holding the link). */
  preview: (token: string) => `/api/gifts/link/${token}`,
  /** POST: the signed-in person redeems the gift into their account. */
  redeem: (token: string) => `/api/gifts/link/${token}/redeem`,
  /** POST {name, password}: the recipient without an account creates it and redeems (signed in). */
  account: (token: string) => `/api/gifts/link/${token}/account`,
  /** GET (admin): the gifts a person bought or received (Usuários). */
  adminUserGifts: (userId: string) => `/api/admin/users/${userId}/gifts`,
} as const
