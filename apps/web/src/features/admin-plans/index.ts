/** `/admin/pricing` (prices and promotions) and `/admin/subscription-plans` (plan texts, visibility, order). */
export { PricingPage, SubscriptionPlansPage } from './components/plans-pages'
