/**
 * Per-route limits (requests per window per client IP). A route opts in with
 * `config: { rateLimit: RATE_LIMITS.x }`; nothing is limited by default. Counters are shared by
 * every API instance (plugins/rate-limit.ts): in Redis when REDIS_URL is set, in the database
 * otherwise, so several instances behind a balancer together allow this many. Only while that
 * store cannot be reached does each instance count on its own (docs/decisions/020-shared-limits-across-instances.md).
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
  /** A session's manifest (POST /api/sessions): a player asks once per play or changed setting. */
  sessions: { max: 120, timeWindow: 60_000 },
  /** A check-in after a practice (the Diário): a listener saves one per practice; a loop of them is refused. */
  checkIns: { max: 30, timeWindow: 60_000 },
  /** The e-mail reminder's no-login unsubscribe link (GET and the mail app's one-click POST). */
  reminderUnsubscribe: { max: 20, timeWindow: 60_000 },
  /**
   * Better Auth's routes under /api/auth/* (only get-session is exposed). Better Auth's own limiter
   * is off: sign-in and the other account routes are the app's, limited above.
   */
  authHandler: { max: 60, timeWindow: 60_000 },
} as const satisfies Record<string, { max: number; timeWindow: number }>
