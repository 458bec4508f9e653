import { OnboardingPasswordPage } from '../../features/auth/pages'
import { useStartSuggestedProgram } from '../../features/practice'
import { useProductName } from '../../lib/product-name'

/**
 * `/onboarding/definir-senha?token=` (access link) or `?email=&session_id=` (after paying) — lazy
 * route (docs/product/accounts.md#e-mail-ownership). After the password of a purchase, the buyer
 * lands on today's practice of a programme (features/practice), ready to play.
 */
export default function OnboardingPasswordRoute() {
  return <OnboardingPasswordPage productName={useProductName()} afterPurchase={useStartSuggestedProgram()} />
}
