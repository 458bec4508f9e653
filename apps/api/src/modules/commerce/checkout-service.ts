/**
 * Commerce rules behind the routes: starting checkouts (prices from our plans table by the server
 * clock, never from the request), the billing portal, server-side verification of a checkout with
 * the provider, the subscription page's details and guarantee requests.
 */
import {
  COMMERCE_MSG,
  GOODBYE_MSG,
  isOwnAccess,
  renewalPayableAhead,
  type CheckoutRedirect,
  type GatewayInfo,
  type PaymentVerification,
  type PlanCode,
  type CheckoutVerification,
  type RefundRequestBody,
  type SubscriptionDetails,
} from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { toPublicPlan } from './plans-service.js'
import { getGuaranteeDays, getInstallmentInterestBasisPoints } from '../content/settings-service.js'
import { currentSubscription, hasActiveSubscription } from './subscriptions-service.js'
import { pauseAhead, subscriptionGivesAccess } from './access-rule.js'
import { guaranteeDecision } from './guarantee-rule.js'
import { goodbyeDetails } from './goodbye-service.js'
import { listSubscriptionsOfUser } from './subscriptions-repository.js'
import { SANDBOX_TEST_CARDS } from '../payment-sandbox/cards.js'
import { GatewayError, type CheckoutFlow, type CheckoutInfo } from './gateway/types.js'
import * as repo from './repository.js'
import { applyPaidCheckout, type CommerceDeps } from './webhooks.js'


/**
 * The processing page routes the buyer after payment
 * (docs/product/commerce.md#processing-page-assinaturaprocessando); the provider fills the id.
 */
export const SUCCESS_PATH = '/assinatura/processando?session_id={CHECKOUT_SESSION_ID}'
export const CANCEL_PATH = '/pagamento/cancelado'
export const PORTAL_RETURN_PATH = '/assinatura'

export async function gatewayInfo(deps: Pick<CommerceDeps, 'db' | 'gateway'>): Promise<GatewayInfo> {
  // Asaas's sandbox card numbers are not listed here: its hosted page shows what it accepts.
  const testCards =
    deps.gateway.mode === 'live' || deps.gateway.provider === 'asaas'
      ? []
      : deps.gateway.provider === 'sandbox'
        ? SANDBOX_TEST_CARDS.map(({ number, outcome }) => ({ number, outcome }))
        : [
            { number: '4242 4242 4242 4242', outcome: 'Pagamento aprovado' },
            { number: '4000 0000 0000 0002', outcome: 'Cartão recusado (card_declined)' },
          ]
  const [guaranteeDays, interest] = await Promise.all([getGuaranteeDays(deps.db), getInstallmentInterestBasisPoints(deps.db)])
  return {
    provider: deps.gateway.provider,
    mode: deps.gateway.mode,
    testCards,
    guaranteeDays,
    methods: [...deps.gateway.methods],
    cardInstallments: deps.gateway.cardInstallments,
    installmentsInterestFree: interest === 0,
  }
}

/**
 * A checkout of one of our plans at the provider, recorded as ours. A gift's (flow 'gift') returns
 * elsewhere and records its gift in the same transaction as the checkout (`record`).
 */
export async function startCheckout(
  deps: CommerceDeps,
  input: {
    planCode: PlanCode
    flow: CheckoutFlow
    email: string | null
    name: string | null
    userId: string | null
    successPath?: string
    cancelPath?: string
    failure?: string
    record?: (tx: Database, checkout: { id: string; amountCents: number; currency: string }) => Promise<void>
  },
): Promise<CheckoutRedirect> {
  const row = await repo.planByCode(deps.db, input.planCode)
  const plan = row?.isActive ? toPublicPlan(row, deps.now?.() ?? new Date()) : null
  if (!plan) throw new HttpError(422, COMMERCE_MSG.planUnavailable)
  const installmentInterestBasisPoints = await getInstallmentInterestBasisPoints(deps.db)
  let checkout: CheckoutInfo & { url: string }
  try {
    checkout = await deps.gateway.createCheckout({
      planCode: plan.code,
      planName: plan.name,
      amountCents: plan.priceCents,
      currency: plan.currency,
      intervalMonths: plan.intervalMonths,
      flow: input.flow,
      email: input.email,
      name: input.name,
      userId: input.userId,
      installmentInterestBasisPoints,
      successUrl: `${deps.publicUrl}${input.successPath ?? SUCCESS_PATH}`,
      cancelUrl: `${deps.publicUrl}${input.cancelPath ?? CANCEL_PATH}`,
    })
  } catch (error) {
    deps.log.error({ err: error }, 'checkout creation failed at the gateway')
    throw new HttpError(502, input.failure ?? COMMERCE_MSG.createSubscriptionRetry)
  }
  await deps.db.transaction(async (tx) => {
    await repo.insertCheckout(tx, {
      id: checkout.id,
      provider: deps.gateway.provider,
      flow: input.flow,
      planCode: plan.code,
      userId: input.userId,
      email: input.email,
      customerName: input.name,
      amountCents: plan.priceCents,
      currency: plan.currency,
    })
    await input.record?.(tx, { id: checkout.id, amountCents: plan.priceCents, currency: plan.currency })
  })
  // `sessionId` is the answer's field name on the wire (docs/decisions/022-one-word-per-meaning.md).
  return { url: checkout.url, sessionId: checkout.id }
}

/** create-subscription (auth-first). Admins do not subscribe; a subscriber cannot buy twice. */
export async function createSubscriptionCheckout(
  deps: CommerceDeps,
  user: { id: string; email: string; displayName: string; role: string },
  planCode: PlanCode,
): Promise<CheckoutRedirect> {
  if (user.role === 'admin') throw new HttpError(403, COMMERCE_MSG.adminCannotSubscribe)
  if (await hasActiveSubscription(deps.db, user.id)) throw new HttpError(409, COMMERCE_MSG.alreadySubscribed)
  // A pause is still a subscription (it renews by itself at its end): not a second one meanwhile.
  const current = await currentSubscription(deps.db, user.id)
  if (current && pauseAhead(current) && (current.status === 'active' || current.status === 'past_due')) {
    throw new HttpError(409, GOODBYE_MSG.pausedNoNewPlan)
  }
  return startCheckout(deps, { planCode, flow: 'auth_first', email: user.email, name: user.displayName || null, userId: user.id })
}

/** create-payment (pay-first): anyone with an e-mail and a name. */
export function createPaymentCheckout(deps: CommerceDeps, input: { email: string; name: string; planCode: PlanCode }): Promise<CheckoutRedirect> {
  return startCheckout(deps, { planCode: input.planCode, flow: 'pay_first', email: input.email.toLowerCase(), name: input.name, userId: null })
}

/** customer-portal: the provider's billing portal for the user's latest provider subscription. */
export async function openPortal(deps: CommerceDeps, userId: string): Promise<{ url: string }> {
  const rows = await listSubscriptionsOfUser(deps.db, userId)
  const managed = rows.find((row) => row.provider === deps.gateway.provider && row.providerCustomerId)
  if (!managed?.providerCustomerId) throw new HttpError(404, COMMERCE_MSG.noSubscriptionForPortal)
  try {
    return await deps.gateway.createPortalLink(managed.providerCustomerId, `${deps.publicUrl}${PORTAL_RETURN_PATH}`)
  } catch (error) {
    deps.log.error({ err: error }, 'portal creation failed at the gateway')
    throw new HttpError(502, COMMERCE_MSG.portalFailed)
  }
}

/**
 * A past-due subscription's open period, paid on the provider's page (Pix or boleto in the
 * sandbox) while the grace days last — or a boleto subscriber's next period, paid ahead from the
 * renewal notice on (`renewalPayableAhead`): its link, back to the subscription page afterwards.
 */
/** `now`: the server's clock (the provider's too, so a journey that moves it sees the same renewal window). */
export async function openPendingPayment(deps: CommerceDeps, userId: string, now = new Date()): Promise<{ url: string }> {
  const sub = await currentSubscription(deps.db, userId)
  if (!sub || sub.provider !== deps.gateway.provider || !sub.providerSubscriptionId) throw new HttpError(409, COMMERCE_MSG.noPendingPayment)
  if (sub.status !== 'past_due') {
    const payment = await repo.lastPaymentOfSubscription(deps.db, sub)
    if (!renewalPayableAhead({ ...sub, lastPaymentMethod: payment?.method ?? null }, now)) throw new HttpError(409, COMMERCE_MSG.noPendingPayment)
  }
  let link: { url: string } | null
  try {
    link = await deps.gateway.pendingPaymentLink(sub.providerSubscriptionId, `${deps.publicUrl}${PORTAL_RETURN_PATH}`)
  } catch (error) {
    deps.log.error({ err: error }, 'pending payment page failed at the gateway')
    throw new HttpError(502, COMMERCE_MSG.pendingPaymentFailed)
  }
  if (!link) throw new HttpError(409, COMMERCE_MSG.noPendingPayment)
  return link
}

/**
 * Asks the provider about a checkout we started. When it is paid and the webhook has not been
 * processed yet, the same idempotent effect runs here; an unpaid checkout changes nothing.
 */
export async function readVerifiedCheckout(deps: CommerceDeps, checkoutId: string) {
  const ours = await repo.findCheckout(deps.db, checkoutId)
  if (!ours || ours.provider !== deps.gateway.provider) throw new HttpError(404, COMMERCE_MSG.checkoutNotFound)
  let info: CheckoutInfo | null
  try {
    info = await deps.gateway.retrieveCheckout(checkoutId)
    if (info?.paymentStatus === 'paid' && ours.paymentStatus !== 'paid') {
      const checkout = info
      const sub = checkout.subscriptionId ? await deps.gateway.retrieveSubscription(checkout.subscriptionId) : null
      await deps.db.transaction((tx) => applyPaidCheckout(tx, deps, checkout, sub))
      deps.mailer.kick()
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    deps.log.error({ err: error }, 'checkout verification failed at the gateway')
    throw new HttpError(502, COMMERCE_MSG.verifyPaymentFailed)
  }
  if (!info) throw new HttpError(404, COMMERCE_MSG.checkoutNotFound)
  return { ours, info }
}

/** verify-payment: only what the product lists (a checkout id is the only secret). */
export async function verifyPayment(deps: CommerceDeps, checkoutId: string): Promise<PaymentVerification> {
  const { ours, info } = await readVerifiedCheckout(deps, checkoutId)
  return {
    paymentStatus: info.paymentStatus,
    customerName: info.name ?? ours.customerName,
    customerEmail: info.email ?? ours.email,
    amount: info.amountTotalCents ?? ours.amountCents,
    currency: info.currency ?? ours.currency,
    planCode: ours.planCode as PlanCode,
    installments: info.installments,
    installmentsWithInterest: info.installmentsWithInterest ?? false,
  }
}

/**
 * verify-session: the buyer's e-mail, whether it is paid, whether an account has proven that
 * e-mail (then signing in with the checkout id activates the purchase; otherwise the access link
 * e-mailed to the buyer does). `accountExists` is only looked up for a paid checkout: anyone can
 * open an unpaid checkout for any e-mail, and that must not tell them who has an account.
 */
export async function verifyCheckout(deps: CommerceDeps, checkoutId: string): Promise<CheckoutVerification> {
  const { ours, info } = await readVerifiedCheckout(deps, checkoutId)
  const email = (info.email ?? ours.email ?? '').toLowerCase()
  const paid = info.paymentStatus === 'paid'
  return { email, paid, accountExists: paid && email ? await repo.verifiedAccountExists(deps.db, email) : false }
}

/**
 * The buyer, still on the processing page, asks for the access link again: it goes to the
 * purchase's e-mail only, so holding the checkout id gives nothing more than that. 404 when the
 * purchase is not waiting (not paid, or already activated).
 */
export async function resendAccessLink(deps: CommerceDeps, checkoutId: string): Promise<void> {
  const waiting = await repo.pendingOfCheckout(deps.db, checkoutId)
  if (!waiting) throw new HttpError(404, COMMERCE_MSG.checkoutNotFound)
  await deps.db.transaction((tx) => deps.purchaseWaiting(tx, waiting.email, 'resend'))
  deps.mailer.kick()
}

export async function subscriptionDetails(deps: Pick<CommerceDeps, 'db' | 'gateway'>, userId: string, now = new Date()): Promise<SubscriptionDetails> {
  const db = deps.db
  const days = await getGuaranteeDays(db)
  const sub = await currentSubscription(db, userId, now)
  if (!sub) return { subscription: null, guarantee: { days: Math.max(days, 1), eligibleUntil: null, canRequestRefund: false, request: null } }
  const [plan, payment, request, goodbye] = await Promise.all([
    repo.planByCode(db, sub.planCode),
    repo.lastPaymentOfSubscription(db, sub),
    repo.latestRefundRequest(db, sub.id),
    goodbyeDetails(deps, sub, now),
  ])
  const givesAccess = subscriptionGivesAccess(sub, now.getTime())
  const managedByProvider = !isOwnAccess(sub.provider)
  const decision = guaranteeDecision({ subscription: sub, lastPayment: payment, latestRequest: request, days, now })
  return {
    subscription: {
      id: sub.id,
      planCode: sub.planCode as PlanCode,
      planName: plan?.name ?? sub.planCode,
      status: sub.status,
      givesAccess,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      lastPaymentCents: payment?.amountCents ?? null,
      lastPaymentMethod: payment?.method ?? null,
      lastPaymentInstallments: payment?.method === 'card' ? (payment.installments ?? 1) : null,
      lastPaymentWithInterest: payment?.installmentsWithInterest ?? false,
      graceEndsAt: sub.status === 'past_due' ? (sub.graceEndsAt?.toISOString() ?? null) : null,
      // Paid by Pix, a subscription renews under the Pix Automático authorisation given with that
      // payment (docs/payments.md); cancelling it in the bank app schedules the end.
      pixAutomatic: payment?.method === 'pix' && sub.status === 'active' && !sub.cancelAtPeriodEnd,
      renewalPayableAhead: managedByProvider && renewalPayableAhead({ ...sub, lastPaymentMethod: payment?.method ?? null }, now),
      currency: payment?.currency ?? plan?.currency ?? 'BRL',
      startedAt: sub.createdAt.toISOString(),
      managedByProvider,
      ...goodbye,
    },
    guarantee: {
      days: Math.max(days, 1),
      eligibleUntil: decision.eligibleUntil?.toISOString() ?? null,
      canRequestRefund: decision.allowed,
      request: request
        ? { status: request.status, requestedAt: request.requestedAt.toISOString(), decisionReason: request.decisionReason }
        : null,
    },
  }
}

/** Guarantee request (guarantee-rule.ts): the same decision the subscription page shows. */
export async function requestRefund(db: Database, user: { id: string; email: string }, input: RefundRequestBody): Promise<{ message: string }> {
  const sub = await currentSubscription(db, user.id)
  const [payment, latest, days] = await Promise.all([
    sub ? repo.lastPaymentOfSubscription(db, sub) : null,
    sub ? repo.latestRefundRequest(db, sub.id) : null,
    getGuaranteeDays(db),
  ])
  const decision = guaranteeDecision({ subscription: sub, lastPayment: payment, latestRequest: latest, days })
  if (!decision.allowed) throw new HttpError(decision.status, decision.message)
  // A boleto cannot be paid back to where it came from: the buyer names the account (kept until decided).
  const byBoleto = payment!.method === 'boleto'
  if (byBoleto && !input.bankAccount) throw new HttpError(422, COMMERCE_MSG.refundBankAccountRequired)
  const created = await repo.insertRefundRequest(db, {
    subscriptionId: sub!.id,
    userId: user.id,
    email: user.email,
    paymentId: payment!.id,
    reason: input.reason,
    refundAccount: byBoleto ? input.bankAccount! : null,
  })
  if (!created) throw new HttpError(409, COMMERCE_MSG.refundAlreadyRequested)
  return { message: COMMERCE_MSG.refundRequested }
}
