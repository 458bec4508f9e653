import { StatsPage } from '../../features/admin-insights'

export default function AdminStatsRoute() {
  return <StatsPage />
}
