import { FinancialPage } from '../../features/admin-insights'

export default function AdminFinancialRoute() {
  return <FinancialPage />
}
