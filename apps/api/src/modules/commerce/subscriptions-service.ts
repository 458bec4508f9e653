import type { SubscriptionState } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import {
  defaultPlanCodeFor,
  deletePending,
  existsActiveSubscription,
  listSubscriptionsOfUser,
  lockPendingForEmail,
  upsertComplimentary,
  upsertSubscriptionFromPending,
} from './subscriptions-repository.js'
import { subscriptionGivesAccess, type AccessFacts } from './access-rule.js'

/**
 * Whether the user has a subscription giving access now (access-rule.ts): the route guard
 * 'subscriber', audio streaming, the subscription check. Subscription rows change only from
 * verified gateway events.
 */
export async function hasActiveSubscription(db: Database, userId: string): Promise<boolean> {
  return existsActiveSubscription(db, userId)
}

/**
 * The rule for the user of a resolved sign-in: read with the sign-in when it was (one round trip
 * for both, plugins/auth.ts), asked of the database otherwise.
 */
export async function hasListeningAccess(db: Database, signedIn: { user: { id: string }; subscribed?: boolean }): Promise<boolean> {
  return signedIn.subscribed ?? hasActiveSubscription(db, signedIn.user.id)
}

/** The row a person's subscription pages show: the one giving access (latest end first), else the most recently changed. */
export function shownSubscription<Row extends AccessFacts>(rows: Row[], now = Date.now()): Row | null {
  const giving = rows
    .filter((row) => subscriptionGivesAccess(row, now))
    .sort((a, b) => (b.currentPeriodEnd?.getTime() ?? Infinity) - (a.currentPeriodEnd?.getTime() ?? Infinity))
  return giving[0] ?? rows[0] ?? null
}

/** The subscription shown to its owner (shownSubscription). */
export async function currentSubscription(db: Database, userId: string, now = new Date()) {
  return shownSubscription(await listSubscriptionsOfUser(db, userId), now.getTime())
}

/**
 * The product's check-subscription answer: subscribed, the plan code, the period end and the status
 * ('none' when the person never subscribed). The row shown is the one giving access (latest end
 * first), else the most recently changed one.
 */
export async function getSubscriptionState(db: Database, userId: string): Promise<SubscriptionState> {
  const [subscribed, rows] = await Promise.all([hasActiveSubscription(db, userId), listSubscriptionsOfUser(db, userId)])
  const shown = shownSubscription(rows)
  if (!shown) return { subscribed: false, subscription_tier: null, subscription_end: null, subscription_status: 'none' }
  return {
    subscribed,
    subscription_tier: shown.planCode,
    subscription_end: shown.currentPeriodEnd?.toISOString() ?? null,
    subscription_status: shown.status,
  }
}

/**
 * Pay-first merge (product rule: pending subscription merge): the pending subscription of `email` and of
 * the given checkout (every pending one of the e-mail when no checkout is given — only the
 * onboarding route does that) becomes an 'active' subscription
 * of the user, and the pending row is deleted. Call it inside the caller's transaction so the
 * merge and the account change it belongs to commit together. Returns how many were merged.
 */
export async function mergePendingSubscriptions(
  tx: Database,
  input: { userId: string; email: string; checkoutId: string | null },
): Promise<number> {
  const pending = await lockPendingForEmail(tx, input.email, input.checkoutId)
  for (const row of pending) {
    await upsertSubscriptionFromPending(tx, input.userId, input.email, row)
    await deletePending(tx, row.id)
  }
  return pending.length
}

/**
 * Complimentary access for `days` days, granted by an admin (accounts/people-service.ts): the
 * person's one 'complimentary' subscription, created or extended, filed under their latest plan
 * (else the popular/first active one). Call it inside the caller's transaction.
 */
export async function grantComplimentaryAccess(tx: Database, input: { userId: string; email: string; days: number }): Promise<{ planCode: string; periodEnd: Date }> {
  const planCode = await defaultPlanCodeFor(tx, input.userId)
  const periodEnd = await upsertComplimentary(tx, { ...input, planCode })
  return { planCode, periodEnd }
}
