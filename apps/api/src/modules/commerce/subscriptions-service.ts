import type { SubscriptionState } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import {
  deletePending,
  existsActiveSubscription,
  listSubscriptionsOfUser,
  lockPendingForEmail,
  upsertSubscriptionFromPending,
  type SubscriptionRow,
} from './subscriptions-repository.js'

/**
 * Days a 'past_due' subscription keeps access after its current_period_end: a failed renewal
 * charge is usually retried by the gateway within a few days, and a listener should not lose the
 * library in the meantime. After that the subscription no longer counts as active.
 */
export const PAST_DUE_GRACE_DAYS = 3
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * THE rule for "has an active subscription" (route guard 'subscriber', audio streaming, the
 * subscription check). A subscriptions row of the user that is 'active' and whose
 * current_period_end is absent or in the future, or 'past_due' within PAST_DUE_GRACE_DAYS after
 * current_period_end. Subscription rows change only from verified gateway events (commerce work).
 */
export async function hasActiveSubscription(db: Database, userId: string): Promise<boolean> {
  return existsActiveSubscription(db, userId, PAST_DUE_GRACE_DAYS)
}

/**
 * The rule for the user of a resolved session: read with the session when it was (one round trip
 * for both, plugins/auth.ts), asked of the database otherwise.
 */
export async function hasListeningAccess(db: Database, session: { user: { id: string }; subscribed?: boolean }): Promise<boolean> {
  return session.subscribed ?? hasActiveSubscription(db, session.user.id)
}

/** The same rule on a row already loaded (kept next to the SQL version; tests hold them together). */
export function subscriptionGivesAccess(row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'>, now = Date.now()): boolean {
  const end = row.currentPeriodEnd?.getTime()
  if (row.status === 'active') return end === undefined || end > now
  if (row.status === 'past_due') return end !== undefined && end + PAST_DUE_GRACE_DAYS * DAY_MS > now
  return false
}

/**
 * The spec's check-subscription answer: subscribed, the plan code, the period end and the status
 * ('none' when the person never subscribed). The row shown is the one giving access (latest end
 * first), else the most recently changed one.
 */
export async function getSubscriptionState(db: Database, userId: string): Promise<SubscriptionState> {
  const [subscribed, rows] = await Promise.all([hasActiveSubscription(db, userId), listSubscriptionsOfUser(db, userId)])
  const now = Date.now()
  const giving = rows
    .filter((row) => subscriptionGivesAccess(row, now))
    .sort((a, b) => (b.currentPeriodEnd?.getTime() ?? Infinity) - (a.currentPeriodEnd?.getTime() ?? Infinity))
  const shown = giving[0] ?? rows[0]
  if (!shown) return { subscribed: false, subscription_tier: null, subscription_end: null, subscription_status: 'none' }
  return {
    subscribed,
    subscription_tier: shown.planCode,
    subscription_end: shown.currentPeriodEnd?.toISOString() ?? null,
    subscription_status: shown.status,
  }
}

/**
 * Pay-first merge (spec: pending subscription merge): the pending subscription of `email` and of
 * the given checkout session (every pending one of the e-mail when no session is given — only the
 * onboarding route does that) becomes an 'active' subscription
 * of the user, and the pending row is deleted. Call it inside the caller's transaction so the
 * merge and the account change it belongs to commit together. Returns how many were merged.
 */
export async function mergePendingSubscriptions(
  tx: Database,
  input: { userId: string; email: string; checkoutSessionId: string | null },
): Promise<number> {
  const pending = await lockPendingForEmail(tx, input.email, input.checkoutSessionId)
  for (const row of pending) {
    await upsertSubscriptionFromPending(tx, input.userId, input.email, row)
    await deletePending(tx, row.id)
  }
  return pending.length
}
