import { SubscriptionPlansPage } from '../../features/admin-plans'

export default function AdminSubscriptionPlansRoute() {
  return <SubscriptionPlansPage />
}
