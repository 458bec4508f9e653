/**
 * The guarantee window (docs/product/commerce.md, "Guarantee and refunds"), once: a subscription
 * paid through a provider may ask for its money back until `days` after it started, while it
 * still gives access, when its last payment was received and not refunded, and no request is
 * pending or approved (a rejected one may be followed by a new one). The subscription page, the
 * request itself and the admin's list all read it here.
 */
import { COMMERCE_MSG, isOwnAccess } from '@sintonia/contract'
import { subscriptionGivesAccess, type AccessFacts } from './access-rule.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** The last day a request is accepted for a subscription that started at `startedAt`. */
export function guaranteeEndsAt(startedAt: Date, days: number): Date {
  return new Date(startedAt.getTime() + days * DAY_MS)
}

export function withinGuaranteeWindow(startedAt: Date, days: number, at: Date = new Date()): boolean {
  return at.getTime() < guaranteeEndsAt(startedAt, days).getTime()
}

export interface GuaranteeFacts {
  subscription: (AccessFacts & { createdAt: Date; provider: string }) | null
  lastPayment: { status: string } | null
  latestRequest: { status: string } | null
  days: number
  now?: Date
}

export type GuaranteeDecision =
  | { allowed: true; eligibleUntil: Date }
  | { allowed: false; eligibleUntil: Date | null; status: 404 | 409 | 422; message: string }

/** Whether a guarantee request may be made now, and if not, the refusal the listener sees. */
export function guaranteeDecision(facts: GuaranteeFacts): GuaranteeDecision {
  const now = facts.now ?? new Date()
  const sub = facts.subscription
  const managedByProvider = sub !== null && !isOwnAccess(sub.provider)
  const eligibleUntil = sub && managedByProvider ? guaranteeEndsAt(sub.createdAt, facts.days) : null
  if (!sub || !managedByProvider || !subscriptionGivesAccess(sub, now.getTime()) || facts.lastPayment?.status !== 'paid') {
    return { allowed: false, eligibleUntil, status: 404, message: COMMERCE_MSG.noSubscriptionForRefund }
  }
  if (!withinGuaranteeWindow(sub.createdAt, facts.days, now)) return { allowed: false, eligibleUntil, status: 422, message: COMMERCE_MSG.refundOutsideWindow }
  if (facts.latestRequest && facts.latestRequest.status !== 'rejected') {
    return { allowed: false, eligibleUntil, status: 409, message: COMMERCE_MSG.refundAlreadyRequested }
  }
  return { allowed: true, eligibleUntil: eligibleUntil! }
}
