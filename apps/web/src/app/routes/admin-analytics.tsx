import { AnalyticsPage } from '../../features/admin-insights'

export default function AdminAnalyticsRoute() {
  return <AnalyticsPage />
}
