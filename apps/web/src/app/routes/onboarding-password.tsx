import { OnboardingPasswordPage } from '../../features/auth/pages'
import { useProductName } from '../../lib/product-name'

/**
 * `/onboarding/definir-senha?token=` (access link) or `?email=&session_id=` (after paying) — lazy
 * route (docs/product/accounts.md#e-mail-ownership).
 */
export default function OnboardingPasswordRoute() {
  return <OnboardingPasswordPage productName={useProductName()} />
}
