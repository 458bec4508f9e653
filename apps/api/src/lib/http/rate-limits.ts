/**
 * Per-route limits (requests per window per client IP). A route opts in with
 * `config: { rateLimit: RATE_LIMITS.x }`; nothing is limited by default. Counters live in the
 * memory of each API instance (several instances behind a balancer each allow this many).
 */
export const RATE_LIMITS = {
  leads: { max: 5, timeWindow: 60_000 },
  analytics: { max: 60, timeWindow: 60_000 },
  signIn: { max: 10, timeWindow: 60_000 },
  signUp: { max: 10, timeWindow: 60_000 },
  forgotPassword: { max: 5, timeWindow: 60_000 },
  resetPassword: { max: 10, timeWindow: 60_000 },
  onboardingPassword: { max: 10, timeWindow: 60_000 },
  /** Pay-first checkout creation (create-payment). */
  createPayment: { max: 10, timeWindow: 60_000 },
  /** verify-payment / verify-session: the processing page asks again while the webhook is on its way. */
  verifyPayment: { max: 60, timeWindow: 60_000 },
  /** The e-mail reminder's no-login unsubscribe link (GET and the mail app's one-click POST). */
  reminderUnsubscribe: { max: 20, timeWindow: 60_000 },
  /** Better Auth's own routes under /api/auth/* (it also limits sign-in attempts itself in production). */
  authHandler: { max: 60, timeWindow: 60_000 },
} as const satisfies Record<string, { max: number; timeWindow: number }>
