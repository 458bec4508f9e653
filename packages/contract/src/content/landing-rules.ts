/**
 * The landing content's limits and its read-side validity rule, without zod and without the
 * content types: the schema (landing-schema.ts) and the defaults (landing.ts) both build on them.
 */
export const LANDING_TITLE_MAX = 200
export const LANDING_TEXT_MAX = 2000
export const LANDING_BUTTON_MAX = 80
export const LANDING_BADGE_MAX = 40
export const LANDING_LINK_MAX = 500
export const LANDING_ITEM_ID_MAX = 64
/** Upper bound of a price in the comparison: R$ 1.000.000,00 per year, in centavos. */
export const LANDING_PRICE_MAX = 100_000_000

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The read-side validity rule (docs/product/public-pages.md#content-validity-and-loading): valid
 * only if hero, whatIsProduct and comoFunciona are objects, features is an array,
 * priceComparison is an object with an `options` array, and footer is an object. Inner fields
 * are not checked (the renderer must tolerate missing texts).
 */
export function isValidLandingContent(value: unknown): boolean {
  if (!isObject(value)) return false
  const { hero, whatIsProduct, comoFunciona, features, priceComparison, footer } = value
  return (
    isObject(hero) &&
    isObject(whatIsProduct) &&
    isObject(comoFunciona) &&
    Array.isArray(features) &&
    isObject(priceComparison) &&
    Array.isArray(priceComparison.options) &&
    isObject(footer)
  )
}
