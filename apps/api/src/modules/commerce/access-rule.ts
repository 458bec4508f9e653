/**
 * Who has access now (docs/product/commerce.md, "Who has access"): THE rule, once, in its two
 * forms — on a loaded row, and as SQL for queries that decide it in the database (the access
 * guard's prepared statement, the sign-in lookup, the admin's counts and campaign segments). A
 * table test holds both forms to the same cases (test/api/access-guard.test.ts).
 *
 * A subscriptions row gives access when it is 'active' and its current_period_end is absent or in
 * the future, or 'past_due' until its grace_ends_at (set from the admin's grace days when the
 * renewal failed; rows from before that setting: PAST_DUE_GRACE_DAYS after current_period_end) —
 * except while a pause the subscriber chose runs (pause_starts_at ≤ now < pause_ends_at): the
 * provider's renewal was moved to the pause's end, so the period looks paid, but the pause is a
 * break without access (docs/product/commerce.md#a-fair-goodbye).
 */
import { sql, type SQL } from 'drizzle-orm'
import { DEFAULT_RENEWAL_GRACE_DAYS } from '@sintonia/contract'

/**
 * Days a 'past_due' subscription without a recorded grace_ends_at keeps access after its
 * current_period_end: a failed renewal charge is usually retried by the gateway within a few
 * days, and a listener should not lose the library in the meantime.
 */
export const PAST_DUE_GRACE_DAYS = DEFAULT_RENEWAL_GRACE_DAYS
const DAY_MS = 24 * 60 * 60 * 1000

/** The fields the rule reads. */
export interface AccessFacts {
  status: string
  currentPeriodEnd: Date | null
  graceEndsAt: Date | null
  pauseStartsAt: Date | null
  pauseEndsAt: Date | null
}

/** Whether a pause the subscriber chose is running now. */
export function pausedNow(row: Pick<AccessFacts, 'pauseStartsAt' | 'pauseEndsAt'>, now = Date.now()): boolean {
  return row.pauseStartsAt !== null && row.pauseEndsAt !== null && row.pauseStartsAt.getTime() <= now && now < row.pauseEndsAt.getTime()
}

/** Whether a pause the subscriber chose is still to come or running (it ends at `pauseEndsAt`). */
export function pauseAhead(row: Pick<AccessFacts, 'pauseEndsAt'>, now = Date.now()): boolean {
  return row.pauseEndsAt !== null && now < row.pauseEndsAt.getTime()
}

/** The rule on a row already loaded. */
export function subscriptionGivesAccess(row: AccessFacts, now = Date.now()): boolean {
  if (pausedNow(row, now)) return false
  const end = row.currentPeriodEnd?.getTime()
  if (row.status === 'active') return end === undefined || end > now
  if (row.status === 'past_due') {
    if (row.graceEndsAt) return row.graceEndsAt.getTime() > now
    return end !== undefined && end + PAST_DUE_GRACE_DAYS * DAY_MS > now
  }
  return false
}

/** When a renewal that failed now stops giving access: the unpaid period's start plus the admin's grace days. */
export function graceEndFor(unpaidSince: Date, graceDays: number): Date {
  return new Date(unpaidSince.getTime() + graceDays * DAY_MS)
}

/** The rule as a condition on a `subscriptions` row named `alias` (default: the table itself). */
export function givesAccessNow(alias = 'subscriptions'): SQL {
  const s = sql.raw(`"${alias.replace(/"/g, '')}"`)
  const graceDays = sql.raw(String(PAST_DUE_GRACE_DAYS))
  return sql`(
    not (${s}.pause_starts_at is not null and ${s}.pause_starts_at <= now() and ${s}.pause_ends_at > now())
  ) and (
    (${s}.status = 'active' and (${s}.current_period_end is null or ${s}.current_period_end > now()))
    or (${s}.status = 'past_due' and ${s}.grace_ends_at is not null and ${s}.grace_ends_at > now())
    or (${s}.status = 'past_due' and ${s}.grace_ends_at is null and ${s}.current_period_end is not null
        and ${s}.current_period_end + make_interval(days => ${graceDays}) > now())
  )`
}
