/** Public API of the dashboard feature. Route modules import from here only. */
export { DashboardPage, type DashboardPageProps, type DashboardSearchSlotProps } from './components/dashboard-page'
export { dashboardKeys, listenerFieldsQueryOptions } from './api/fields'
export { JUST_SUBSCRIBED_KEY, SEEN_WELCOME_KEY, dismissWelcomeBanner, shouldShowWelcomeBanner } from './lib/welcome-banner'
