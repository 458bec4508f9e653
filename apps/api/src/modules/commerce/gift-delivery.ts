/**
 * A gift's life after its checkout (docs/product/commerce.md#gifts): paid (the payment recorded,
 * the buyer told), delivered on its day in Brasília (the gift link e-mailed to the recipient; only
 * the e-mail holds the token, we keep its hash), by the periodic pass or at once when the day has
 * already come. Every step runs in the caller's transaction and is idempotent.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { CheckoutRow } from './repository.js'
import type { Database } from '../../db/client.js'
import type { Mailer } from '../../plugins/mailer.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import { localDateIn } from '../../lib/local-time.js'
import { getGuaranteeDays, getProductName, getSupportEmail } from '../content/settings-service.js'
import { buildGiftEmail, buildGiftPaidEmail } from './emails.js'
import type { CheckoutInfo } from './gateway/types.js'
import * as giftsRepo from './gifts-repository.js'
import * as repo from './repository.js'

export const GIFT_TIME_ZONE = 'America/Sao_Paulo'
/** At most this many gifts delivered per pass (the next pass takes the rest). */
const DELIVERIES_PER_PASS = 50

export interface GiftDeliveryDeps {
  mailer: Pick<Mailer, 'enqueue'>
  publicUrl: string
  log: ServiceLogger
}

export const hashGiftToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Today on the Brasília calendar (a gift's day is a day there). */
export const giftToday = (now: Date) => localDateIn(GIFT_TIME_ZONE, now)

/**
 * A gift checkout the provider reports paid: the payment recorded (what Financeiro and a refund
 * read), the gift marked paid, the buyer told, and the gift delivered now when its day has come.
 */
export async function applyPaidGift(tx: Database, deps: GiftDeliveryDeps & { provider: string }, ours: CheckoutRow, checkout: CheckoutInfo, now: Date): Promise<void> {
  const gift = await giftsRepo.giftOfCheckout(tx, ours.id, true)
  if (!gift || gift.paidAt) return
  const method = checkout.paymentMethod ?? 'card'
  const installments = method === 'card' ? (checkout.installments ?? 1) : null
  // What the buyer paid: by card in instalments, the admin's interest included.
  const amountCents = checkout.amountTotalCents ?? gift.amountCents
  const installmentsWithInterest = method === 'card' && (checkout.installmentsWithInterest ?? false)
  const payment = await repo.insertPayment(tx, {
    provider: deps.provider,
    // Without the provider's charge id (it did not say), the checkout stands for it: recorded once either way.
    providerPaymentId: checkout.paymentId ?? checkout.id,
    checkoutId: ours.id,
    userId: gift.buyerUserId,
    email: gift.buyerEmail,
    planCode: gift.planCode,
    amountCents,
    currency: gift.currency,
    method,
    installments,
    installmentsWithInterest,
    paidAt: now,
  })
  await giftsRepo.markGiftPaid(tx, gift.id, { paymentId: payment?.id ?? null, paidAt: now })
  const [mail, guaranteeDays] = await Promise.all([mailCommonOf(tx), getGuaranteeDays(tx)])
  await deps.mailer.enqueue(
    tx,
    buildGiftPaidEmail({
      to: gift.buyerEmail,
      name: gift.buyerName,
      ...mail,
      publicUrl: deps.publicUrl,
      planName: gift.planName,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      deliverOn: gift.deliverOn,
      amountCents,
      currency: gift.currency,
      method,
      installments,
      installmentsWithInterest,
      guaranteeDays,
    }),
  )
  if (gift.deliverOn <= giftToday(now)) await deliverGift(tx, deps, gift, mail, now)
}

/** The product's name and support address every gift e-mail carries, read once per pass. */
async function mailCommonOf(tx: Database): Promise<{ productName: string; supportEmail: string }> {
  const [productName, supportEmail] = await Promise.all([getProductName(tx), getSupportEmail(tx)])
  return { productName, supportEmail }
}

/** The gift e-mailed to its recipient with a new gift link; the token exists only in that e-mail. */
async function deliverGift(
  tx: Database,
  deps: GiftDeliveryDeps,
  gift: giftsRepo.GiftWithPlan,
  mail: { productName: string; supportEmail: string },
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  await giftsRepo.markGiftDelivered(tx, gift.id, hashGiftToken(token), now)
  await deps.mailer.enqueue(
    tx,
    buildGiftEmail({
      to: gift.recipientEmail,
      name: gift.recipientName,
      ...mail,
      publicUrl: deps.publicUrl,
      fromName: gift.buyerName,
      planName: gift.planName,
      months: gift.intervalMonths,
      message: gift.message,
      token,
    }),
  )
}

/** The periodic pass: every paid gift whose day has come (Brasília), not delivered nor refunded. */
export async function deliverDueGifts(db: Database, deps: GiftDeliveryDeps, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await giftsRepo.lockDueGifts(tx, giftToday(now), DELIVERIES_PER_PASS)
    if (due.length === 0) return 0
    const mail = await mailCommonOf(tx)
    for (const gift of due) await deliverGift(tx, deps, gift, mail, now)
    if (due.length > 0) deps.log.info({ delivered: due.length }, 'gifts delivered')
    return due.length
  })
}
