/** Public API of the auth feature, part 2: pages and route guards (for lazy route modules only). */
export { LoginPage } from './components/login-page'
export { AdminLoginPage } from './components/admin-login-page'
export { ForgotPasswordPage } from './components/forgot-password-page'
export { ResetPasswordPage } from './components/reset-password-page'
export { OnboardingPasswordPage, type AfterPurchase } from './components/onboarding-password-page'
export { ConfirmEmailPage } from './components/confirm-email-page'
export { AdminGuard, GuardSkeleton, SignedInGuard, SubscriberGuard, SubscriptionRequiredCard } from './components/route-guards'
