import { AdvancedAnalyticsPage } from '../../features/admin-insights'

export default function AdminAnalyticsAdvancedRoute() {
  return <AdvancedAnalyticsPage />
}
