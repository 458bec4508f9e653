import { PricingPage } from '../../features/admin-plans'

export default function AdminPricingRoute() {
  return <PricingPage />
}
