/** Read-only admin views: analytics (simple and advanced), listening stats, financial, content validation. */
export { AnalyticsPage, AdvancedAnalyticsPage } from './components/analytics-pages'
export { StatsPage } from './components/stats-page'
export { FinancialPage } from './components/financial-page'
export { ValidationPage } from './components/validation-page'
