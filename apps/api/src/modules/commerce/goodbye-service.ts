/**
 * A fair goodbye (docs/product/commerce.md#a-fair-goodbye, ADR 033): the subscriber cancels from
 * Minha conta, answering one optional question; before confirming they are offered once what the
 * admin configured (a pause of 1–3 months, a discount on the next period) where their payment
 * allows it; a cancellation (or a pause not begun) is undone with one tap until the paid period ends.
 *
 * Order of every change: the provider first (nothing of ours changes if it cannot be reached: 502,
 * or answers that the subscription is no longer live there: 409), then our row and the answer in one transaction, then our row re-read from the
 * provider (as its webhook would). Each provider call sets a value, so a double tap changes nothing more.
 */
import {
  GOODBYE_MSG,
  isOwnAccess,
  goodbyeConfirmation,
  type CancelReason,
  type GoodbyeReport,
  type RetentionOffer,
  type SubscriptionDetails,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { addMonths } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { getRetentionOffer } from '../content/settings-service.js'
import { pauseAhead, pausedNow, subscriptionGivesAccess } from './access-rule.js'
import * as exits from './exits-repository.js'
import { SubscriptionNotLiveError, type PaymentGateway, type SelfService } from './gateway/types.js'
import * as repo from './repository.js'
import { currentSubscription } from './subscriptions-service.js'
import { applyProviderSubscription, type CommerceDeps } from './webhooks.js'

type SubscriptionRow = repo.SubscriptionRow
interface Answer {
  reason: CancelReason | null
  note: string | null
}

export const PROVIDER_FAILED = 'Não conseguimos falar com o sistema de pagamento agora. Nada foi alterado: tente de novo em instantes.'

/** What the subscriber can do here with this subscription, at this provider. */
function selfServiceOf(gateway: PaymentGateway, sub: SubscriptionRow | null): SelfService {
  if (!sub?.providerSubscriptionId || sub.provider !== gateway.provider) return { cancel: false, pause: false, discount: false }
  return gateway.selfService(sub.providerSubscriptionId)
}

/** The offer this subscriber may still take: configured, possible with their payment, and not made before. */
export async function retentionOfferFor(db: Database, gateway: PaymentGateway, sub: SubscriptionRow | null, now: Date): Promise<RetentionOffer> {
  if (!sub || sub.status !== 'active' || sub.cancelAtPeriodEnd || !sub.currentPeriodEnd || pauseAhead(sub, now.getTime()) || !subscriptionGivesAccess(sub, now.getTime())) return null
  const can = selfServiceOf(gateway, sub)
  const setting = await getRetentionOffer(db)
  const offer = { pauseMaxMonths: can.pause ? setting.pauseMaxMonths : 0, discountPercent: can.discount ? setting.discountPercent : 0 }
  if (offer.pauseMaxMonths === 0 && offer.discountPercent === 0) return null
  return (await exits.offerAlreadyMade(db, sub.id)) ? null : offer
}

/** The goodbye's part of the subscription page's details. */
export async function goodbyeDetails(
  deps: Pick<CommerceDeps, 'db' | 'gateway'>,
  sub: SubscriptionRow,
  now: Date,
): Promise<Pick<NonNullable<SubscriptionDetails['subscription']>, 'selfCancel' | 'retentionOffer' | 'pause'>> {
  const live = sub.status === 'active' || sub.status === 'past_due'
  return {
    selfCancel: live && selfServiceOf(deps.gateway, sub).cancel,
    retentionOffer: await retentionOfferFor(deps.db, deps.gateway, sub, now),
    pause: sub.pauseStartsAt && sub.pauseEndsAt && pauseAhead(sub, now.getTime()) ? { startsAt: sub.pauseStartsAt.toISOString(), endsAt: sub.pauseEndsAt.toISOString() } : null,
  }
}

/** The subscription a goodbye is about: paid through this provider and still live. */
async function liveSubscription(deps: CommerceDeps, userId: string, now: Date): Promise<SubscriptionRow & { providerSubscriptionId: string }> {
  const sub = await currentSubscription(deps.db, userId, now)
  const live = sub && (sub.status === 'active' || sub.status === 'past_due') && (subscriptionGivesAccess(sub, now.getTime()) || pausedNow(sub, now.getTime()))
  if (!sub || !live || isOwnAccess(sub.provider) || !sub.providerSubscriptionId) throw new HttpError(404, GOODBYE_MSG.noSubscription)
  if (sub.provider !== deps.gateway.provider || !selfServiceOf(deps.gateway, sub).cancel) throw new HttpError(409, GOODBYE_MSG.notSelfService)
  return sub as SubscriptionRow & { providerSubscriptionId: string }
}

async function atProvider(deps: CommerceDeps, what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (error instanceof SubscriptionNotLiveError) {
      deps.log.warn({ err: error }, `goodbye: ${what} refused, the subscription is not live at the provider`)
      throw new HttpError(409, GOODBYE_MSG.notLiveAtProvider)
    }
    deps.log.error({ err: error }, `goodbye: ${what} failed at the gateway`)
    throw new HttpError(502, PROVIDER_FAILED)
  }
}

/** Our row follows the provider's answer now (its webhook will say the same later). */
async function syncFromProvider(deps: CommerceDeps, providerSubscriptionId: string): Promise<void> {
  try {
    await applyProviderSubscription(deps, providerSubscriptionId)
  } catch (error) {
    deps.log.warn({ err: error }, 'goodbye: re-reading the subscription failed; its webhook will bring the change')
  }
}

/** When access ends for a subscription set to cancel: the period's end, or a chosen pause's start. */
function accessUntil(sub: SubscriptionRow, now: Date): Date | null {
  if (sub.pauseStartsAt && pauseAhead(sub, now.getTime())) return sub.pauseStartsAt
  return sub.currentPeriodEnd
}

/** Cancel at the paid period's end, with the answer (and whether the offer was made and declined). */
export async function cancelSubscription(deps: CommerceDeps, userId: string, answer: Answer, now: Date): Promise<{ message: string }> {
  const sub = await liveSubscription(deps, userId, now)
  if (sub.cancelAtPeriodEnd) throw new HttpError(409, GOODBYE_MSG.alreadyCanceling)
  const offered = (await retentionOfferFor(deps.db, deps.gateway, sub, now)) !== null
  await atProvider(deps, 'cancel at period end', () => deps.gateway.setCancelAtPeriodEnd(sub.providerSubscriptionId, true))
  await deps.db.transaction(async (tx) => {
    await repo.findSubscriptionById(tx, sub.id, true)
    await repo.updateSubscription(tx, sub.id, { cancelAtPeriodEnd: true })
    await exits.insertExit(tx, { subscriptionId: sub.id, userId, ...answer, offerMade: offered, outcome: 'canceled' })
  })
  await syncFromProvider(deps, sub.providerSubscriptionId)
  return { message: goodbyeConfirmation.canceled(accessUntil(sub, now)?.toISOString() ?? null) }
}

/** The offer, taken: a pause from the paid period's end, or a discount on the next period. */
async function takeOffer(
  deps: CommerceDeps,
  userId: string,
  answer: Answer,
  now: Date,
  choice: { kind: 'pause'; months: number } | { kind: 'discount' },
): Promise<{ message: string }> {
  const sub = await liveSubscription(deps, userId, now)
  const offer = await retentionOfferFor(deps.db, deps.gateway, sub, now)
  const available = choice.kind === 'pause' ? (offer?.pauseMaxMonths ?? 0) : (offer?.discountPercent ?? 0)
  if (available === 0) throw new HttpError(409, GOODBYE_MSG.offerUnavailable)
  if (choice.kind === 'pause' && choice.months > available) throw new HttpError(422, GOODBYE_MSG.pauseMonths)
  const periodEnd = sub.currentPeriodEnd!
  const pause = choice.kind === 'pause' ? { startsAt: periodEnd, endsAt: addMonths(periodEnd, choice.months) } : null
  await atProvider(deps, choice.kind, () =>
    pause ? deps.gateway.moveRenewal(sub.providerSubscriptionId, pause.endsAt) : deps.gateway.discountNextRenewal(sub.providerSubscriptionId, available),
  )
  await deps.db.transaction(async (tx) => {
    await repo.findSubscriptionById(tx, sub.id, true)
    // A second tap that got here too: the provider was set to the same values; the offer is taken once.
    if (await exits.offerAlreadyMade(tx, sub.id)) throw new HttpError(409, GOODBYE_MSG.offerUnavailable)
    if (pause) await repo.updateSubscription(tx, sub.id, { pauseStartsAt: pause.startsAt, pauseEndsAt: pause.endsAt })
    await exits.insertExit(tx, {
      subscriptionId: sub.id,
      userId,
      ...answer,
      offerMade: true,
      outcome: pause ? 'paused' : 'discounted',
      ...(choice.kind === 'pause' ? { pauseMonths: choice.months } : { discountPercent: available }),
    })
  })
  await syncFromProvider(deps, sub.providerSubscriptionId)
  return {
    message: pause ? goodbyeConfirmation.paused(pause.startsAt.toISOString(), pause.endsAt.toISOString()) : goodbyeConfirmation.discounted(available, periodEnd.toISOString()),
  }
}

export function pauseSubscription(deps: CommerceDeps, userId: string, input: Answer & { months: number }, now: Date) {
  return takeOffer(deps, userId, { reason: input.reason, note: input.note }, now, { kind: 'pause', months: input.months })
}

export function discountSubscription(deps: CommerceDeps, userId: string, answer: Answer, now: Date) {
  return takeOffer(deps, userId, answer, now, { kind: 'discount' })
}

/**
 * The one-tap return before the paid period ends: a scheduled cancellation undone, or a pause that
 * has not begun given back (the renewal returns to the period's end).
 */
export async function resumeSubscription(deps: CommerceDeps, userId: string, now: Date): Promise<{ message: string }> {
  const sub = await currentSubscription(deps.db, userId, now)
  if (!sub || isOwnAccess(sub.provider) || !sub.providerSubscriptionId) throw new HttpError(404, GOODBYE_MSG.noSubscription)
  const pauseNotBegun = sub.pauseStartsAt !== null && now.getTime() < sub.pauseStartsAt.getTime()
  if (!sub.cancelAtPeriodEnd && !pauseNotBegun) throw new HttpError(409, GOODBYE_MSG.notCanceling)
  if (!subscriptionGivesAccess(sub, now.getTime())) throw new HttpError(409, GOODBYE_MSG.periodOver)
  if (sub.provider !== deps.gateway.provider || !selfServiceOf(deps.gateway, sub).cancel) throw new HttpError(409, GOODBYE_MSG.notSelfService)
  const providerId = sub.providerSubscriptionId
  await atProvider(deps, 'resume', async () => {
    if (sub.cancelAtPeriodEnd) await deps.gateway.setCancelAtPeriodEnd(providerId, false)
    if (pauseNotBegun) await deps.gateway.moveRenewal(providerId, sub.pauseStartsAt!)
  })
  await deps.db.transaction(async (tx) => {
    await repo.findSubscriptionById(tx, sub.id, true)
    await repo.updateSubscription(tx, sub.id, { cancelAtPeriodEnd: false, ...(pauseNotBegun ? { pauseStartsAt: null, pauseEndsAt: null } : {}) })
    await exits.markCameBack(tx, sub.id, now)
  })
  await syncFromProvider(deps, providerId)
  return { message: goodbyeConfirmation.cameBack }
}

/** The admin's count of goodbyes since `since` (Financeiro): asked, chosen, came back, and why. */
export async function goodbyeReport(db: Database, since: Date): Promise<GoodbyeReport> {
  return exits.exitCounts(db, since) as Promise<GoodbyeReport>
}
