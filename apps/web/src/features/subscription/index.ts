/** Public API of the subscription (commerce) feature: pages composed by the routes. */
export { PlansPage, type PlansPageProps, type Viewer } from './components/plans-page'
export { PaymentPage } from './components/payment-page'
export { PaymentCancelledPage, PaymentResultPage } from './components/payment-result-pages'
export { ProcessingPage } from './components/processing-page'
export { SubscriptionSuccessPage } from './components/subscription-success-page'
export { commerceKeys, useSubscriptionDetails } from './api/commerce-api'
