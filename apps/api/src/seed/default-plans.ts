/** The seeded plans are the contract's defaults: the browser falls back to the same list (docs/product/commerce.md#codes-and-default-prices). */
export { DEFAULT_PLANS, type PlanSeed } from '@sintonia/contract'
