/** Public API of the gifts feature (docs/product/commerce.md#gifts): the pages the routes compose. */
export { GiftPage, type GiftPageProps } from './components/gift-page'
export { GiftLinkPage, type GiftLinkPageProps } from './components/gift-link-page'
export { giftKeys } from './api/gifts-api'
