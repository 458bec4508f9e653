/**
 * Public API of the leads feature: the sign-up page (/inscricao) and the thank-you page
 * (/obrigado). Both take `track` (the app's analytics) and the thank-you page the support
 * e-mail as props; the route modules pass them in (features do not import each other).
 */
export { LeadSignupPage, type LeadSignupPageProps } from './components/lead-signup-page'
export { ThankYouPage, type ThankYouPageProps } from './components/thank-you-page'
export { THANK_YOU_DEFAULT_NAME, type ThankYouState, type TrackEvent } from './lib/lead-form'
