/**
 * Gifts (docs/product/commerce.md#gifts, ADR 035): the buyer's side (buy, follow, refund), the gift
 * link's side (see it, redeem it into an account) and the admin's counts. Delivery is in
 * gift-delivery.ts.
 *
 * Rules, once:
 * - a gift is bought by a signed-in person who is not an admin, for another e-mail, to be delivered
 *   from today up to GIFT_MAX_DAYS_AHEAD days ahead (Brasília calendar), at the plan's price now;
 * - redeeming starts the plan then (a subscription of provider 'gift' that does not renew); not
 *   into an admin account, nor into one whose subscription still gives access (the link keeps);
 * - the buyer may have it refunded while it is not redeemed, within the guarantee days counted
 *   from the payment. The refund claims the gift first (so no redemption slips in while the
 *   provider is asked) and gives the claim back if the provider fails.
 */
import {
  addMonths,
  GIFT_MAX_DAYS_AHEAD,
  GIFT_MSG,
  type AdminGift,
  type AdminGiftReport,
  type AdminUserGifts,
  type CheckoutRedirect,
  type GiftList,
  type GiftPreview,
  type GiftState,
  type GiftSummary,
  type PaymentMethod,
  type RefundBankAccount,
} from '@sintonia/contract'
import type { z } from 'zod'
import type { createGiftSchema } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { addDays } from '../../lib/local-time.js'
import { recordAudit } from '../../lib/audit/service.js'
import { getGuaranteeDays, getProductName, getSupportEmail } from '../content/settings-service.js'
import { readVerifiedCheckout, startCheckout } from './checkout-service.js'
import { buildGiftRedeemedEmail } from './emails.js'
import { giftToday, hashGiftToken } from './gift-delivery.js'
import { GatewayError } from './gateway/types.js'
import * as giftsRepo from './gifts-repository.js'
import * as repo from './repository.js'
import { hasActiveSubscription } from './subscriptions-service.js'
import type { CommerceDeps } from './webhooks.js'

type GiftWithPlan = giftsRepo.GiftWithPlan
type Buyer = { id: string; email: string; displayName: string; role: string }

/** Where the buyer comes back after paying (the gift list, which verifies the payment). */
const GIFTS_PAGE = '/presentear'
const DAY_MS = 86_400_000

export function giftState(row: Pick<GiftWithPlan, 'paidAt' | 'deliveredAt' | 'redeemedAt' | 'refundedAt'>): GiftState {
  if (row.refundedAt) return 'refunded'
  if (row.redeemedAt) return 'redeemed'
  if (row.deliveredAt) return 'delivered'
  if (row.paidAt) return 'scheduled'
  return 'awaiting_payment'
}

/** Until when the buyer may have it refunded, or null when they no longer may. */
function refundableUntil(row: GiftWithPlan, guaranteeDays: number, now: Date): Date | null {
  if (!row.paidAt || row.redeemedAt || row.refundedAt) return null
  const until = new Date(row.paidAt.getTime() + guaranteeDays * DAY_MS)
  return until > now ? until : null
}

/** POST /api/gifts: the checkout of a one-off payment for the gift; the gift is recorded with it. */
export async function createGift(deps: CommerceDeps, buyer: Buyer, input: z.output<typeof createGiftSchema>): Promise<CheckoutRedirect> {
  if (buyer.role === 'admin') throw new HttpError(403, GIFT_MSG.adminCannotGift)
  if (!deps.gateway.oneOffPayments) throw new HttpError(409, GIFT_MSG.unavailable)
  if (input.recipientEmail === buyer.email.toLowerCase()) throw new HttpError(422, GIFT_MSG.notToSelf)
  const today = giftToday(deps.now?.() ?? new Date())
  if (input.deliverOn < today) throw new HttpError(422, GIFT_MSG.deliverOnPast)
  if (input.deliverOn > addDays(today, GIFT_MAX_DAYS_AHEAD)) throw new HttpError(422, GIFT_MSG.deliverOnTooFar)
  const buyerName = buyer.displayName.trim() || buyer.email
  return startCheckout(deps, {
    planCode: input.planCode,
    flow: 'gift',
    email: buyer.email,
    name: buyerName,
    userId: buyer.id,
    successPath: `${GIFTS_PAGE}?pago={CHECKOUT_SESSION_ID}`,
    cancelPath: GIFTS_PAGE,
    failure: GIFT_MSG.createFailed,
    record: async (tx, checkout) => {
      await giftsRepo.insertGift(tx, {
        buyerUserId: buyer.id,
        buyerEmail: buyer.email,
        buyerName,
        planCode: input.planCode,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        message: input.message,
        deliverOn: input.deliverOn,
        checkoutId: checkout.id,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
      })
    },
  })
}

/**
 * The buyer's gifts. A gift still unpaid (for a day, giftsOfBuyer) is asked about at the provider:
 * a buyer back from paying before its webhook sees it paid, as the processing page does for a plan.
 */
export async function listGifts(deps: CommerceDeps, buyer: { id: string }): Promise<GiftList> {
  const now = deps.now?.() ?? new Date()
  let rows = await giftsRepo.giftsOfBuyer(deps.db, buyer.id)
  const unpaid = rows.filter((row) => !row.paidAt).slice(0, 3)
  const payUrls = new Map<string, string>()
  for (const row of unpaid) {
    try {
      const { info } = await readVerifiedCheckout(deps, row.checkoutId)
      if (info.url && info.paymentStatus !== 'paid') payUrls.set(row.id, info.url)
    } catch (error) {
      // The list still shows what we know; the provider is asked again next time.
      if (!(error instanceof HttpError)) throw error
    }
  }
  if (unpaid.length > 0) rows = await giftsRepo.giftsOfBuyer(deps.db, buyer.id)
  const guaranteeDays = await getGuaranteeDays(deps.db)
  const methods = await repo.paymentMethodsOf(
    deps.db,
    rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])),
  )
  return { available: deps.gateway.oneOffPayments, gifts: rows.map((row) => toSummary(row, guaranteeDays, now, methods.get(row.paymentId ?? '') ?? null, payUrls.get(row.id) ?? null)) }
}

function toSummary(row: GiftWithPlan, guaranteeDays: number, now: Date, method: PaymentMethod | null, payUrl: string | null): GiftSummary {
  const state = giftState(row)
  return {
    id: row.id,
    planCode: row.planCode as GiftSummary['planCode'],
    planName: row.planName,
    months: row.intervalMonths,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    deliverOn: row.deliverOn,
    state,
    amountCents: row.amountCents,
    currency: row.currency,
    method,
    paidAt: row.paidAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundableUntil: refundableUntil(row, guaranteeDays, now)?.toISOString() ?? null,
    payUrl: state === 'awaiting_payment' ? payUrl : null,
  }
}

/** POST /api/gifts/{id}/refund: the buyer's own gift, paid, not redeemed, within the guarantee. */
export async function refundGift(deps: CommerceDeps, buyer: { id: string }, giftId: string, bankAccount: RefundBankAccount | undefined, ip: string | null): Promise<{ message: string }> {
  const now = deps.now?.() ?? new Date()
  const guaranteeDays = await getGuaranteeDays(deps.db)
  // The claim: checked and marked refunded under the row's lock, so a redemption cannot slip in.
  const claimed = await deps.db.transaction(async (tx) => {
    const gift = await giftsRepo.giftById(tx, giftId, true)
    if (!gift || gift.buyerUserId !== buyer.id) throw new HttpError(404, GIFT_MSG.notFound)
    if (gift.refundedAt) throw new HttpError(409, GIFT_MSG.refundAlreadyDone)
    if (gift.redeemedAt) throw new HttpError(409, GIFT_MSG.refundNotAllowedRedeemed)
    if (!gift.paidAt || !gift.paymentId) throw new HttpError(409, GIFT_MSG.refundNotPaid)
    if (!refundableUntil(gift, guaranteeDays, now)) throw new HttpError(409, GIFT_MSG.refundWindowOver(guaranteeDays))
    const payment = await repo.paymentById(tx, gift.paymentId)
    if (!payment) throw new HttpError(409, GIFT_MSG.refundNotPaid)
    if (payment.method === 'boleto' && !bankAccount) throw new HttpError(422, GIFT_MSG.refundBankAccountRequired)
    await giftsRepo.markGiftRefunded(tx, gift.id, now)
    return { gift, payment }
  })
  try {
    await deps.gateway.refund(claimed.payment.providerPaymentId, `gift-refund-${claimed.gift.id}`, claimed.payment.method === 'boleto' ? (bankAccount ?? null) : null)
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    deps.log.error({ err: error, gift: claimed.gift.id }, 'gift refund failed at the gateway')
    await giftsRepo.clearGiftRefund(deps.db, claimed.gift.id)
    throw new HttpError(502, GIFT_MSG.refundFailed)
  }
  await deps.db.transaction(async (tx) => {
    await repo.markPaymentRefunded(tx, claimed.payment.provider, claimed.payment.providerPaymentId, null)
    await recordAudit(tx, { actorUserId: buyer.id, action: 'gift_refunded', target: `gift:${claimed.gift.id}`, outcome: 'success', ip, details: { amountCents: claimed.payment.amountCents } })
  })
  return { message: GIFT_MSG.refunded }
}

/** The gift behind a link, or 400: unknown, or not delivered (a token exists only once delivered). */
async function giftOfLink(db: Database, token: string, forUpdate = false): Promise<GiftWithPlan> {
  const gift = await giftsRepo.giftByTokenHash(db, hashGiftToken(token), forUpdate)
  if (!gift?.deliveredAt) throw new HttpError(400, GIFT_MSG.linkInvalid)
  return gift
}

/** GET /api/gifts/link/{token}: what the gift link's page shows. */
export async function previewGift(db: Database, token: string): Promise<GiftPreview> {
  const gift = await giftOfLink(db, token)
  return {
    fromName: gift.buyerName,
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    message: gift.message,
    planName: gift.planName,
    months: gift.intervalMonths,
    state: gift.refundedAt ? 'refunded' : gift.redeemedAt ? 'redeemed' : 'ready',
    accountExists: await repo.accountExists(db, gift.recipientEmail),
  }
}

/** The gift link's recipient, when no account has their e-mail yet (accounts creates it). */
export async function giftRecipientOfLink(db: Database, token: string): Promise<{ email: string; name: string }> {
  const gift = await giftOfLink(db, token)
  assertRedeemable(gift)
  return { email: gift.recipientEmail, name: gift.recipientName }
}

function assertRedeemable(gift: GiftWithPlan): void {
  if (gift.refundedAt) throw new HttpError(409, GIFT_MSG.refundedGift)
  if (gift.redeemedAt) throw new HttpError(409, GIFT_MSG.alreadyRedeemed)
}

/**
 * Redeems the gift of `token` into the account, in the caller's transaction: the plan starts now
 * and ends `months` later without renewing; the buyer is told. Returns the confirmation.
 */
export async function redeemGift(
  tx: Database,
  deps: Pick<CommerceDeps, 'mailer' | 'publicUrl'>,
  token: string,
  account: { id: string; email: string; role: string },
  now: Date,
  ip: string | null,
): Promise<{ message: string }> {
  const gift = await giftOfLink(tx, token, true)
  assertRedeemable(gift)
  if (account.role === 'admin') throw new HttpError(403, GIFT_MSG.adminCannotRedeem)
  if (await hasActiveSubscription(tx, account.id)) throw new HttpError(409, GIFT_MSG.alreadySubscribed)
  const periodEnd = addMonths(now, gift.intervalMonths)
  await giftsRepo.insertGiftSubscription(tx, { giftId: gift.id, userId: account.id, email: account.email, planCode: gift.planCode, periodEnd })
  await giftsRepo.markGiftRedeemed(tx, gift.id, account.id, now)
  await recordAudit(tx, { actorUserId: account.id, action: 'gift_redeemed', target: `gift:${gift.id}`, outcome: 'success', ip, details: {} })
  const [productName, supportEmail] = await Promise.all([getProductName(tx), getSupportEmail(tx)])
  await deps.mailer.enqueue(
    tx,
    buildGiftRedeemedEmail({ to: gift.buyerEmail, name: gift.buyerName, productName, supportEmail, publicUrl: deps.publicUrl, planName: gift.planName, recipientName: gift.recipientName }),
  )
  const until = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(periodEnd)
  return { message: GIFT_MSG.redeemed(gift.planName, until) }
}

function toAdminGift(row: GiftWithPlan): AdminGift {
  return {
    id: row.id,
    buyerEmail: row.buyerEmail,
    recipientEmail: row.recipientEmail,
    planName: row.planName,
    deliverOn: row.deliverOn,
    state: giftState(row),
    amountCents: row.amountCents,
    currency: row.currency,
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}

/** Financeiro: gifts paid since `since`. */
export async function giftReport(db: Database, since: Date): Promise<AdminGiftReport> {
  const { totals, recent } = await giftsRepo.giftReport(db, since)
  return { ...totals, recent: recent.map(toAdminGift) }
}

/** Usuários: the gifts a person bought and those they received. */
export async function giftsOfPerson(db: Database, person: { id: string; email: string }): Promise<AdminUserGifts> {
  const [bought, received] = await Promise.all([giftsRepo.giftsOfBuyer(db, person.id), giftsRepo.giftsReceivedBy(db, person.id, person.email)])
  return { bought: bought.map(toAdminGift), received: received.map(toAdminGift) }
}
