/**
 * Guarantee decisions, called by the admin routes (`app.payments.approveRefund/rejectRefund`).
 * Approval refunds the last payment at the provider and ends the subscription now; our rows
 * change in one transaction, and a repeated approval does nothing more (the provider refund
 * carries an idempotency key, and our update only applies to a pending request).
 */
import { COMMERCE_MSG } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { buildRefundApprovedEmail, buildRefundRejectedEmail } from './emails.js'
import { GatewayError } from './gateway/types.js'
import * as repo from './repository.js'
import type { CommerceDeps } from './webhooks.js'

export interface RefundDecision {
  requestId: string
  status: 'approved' | 'rejected'
  /** false when the request had already been decided this way (a repeated click). */
  changed: boolean
}

async function loadRequest(deps: CommerceDeps, requestId: string) {
  const request = /^[0-9a-f-]{36}$/i.test(requestId) ? await repo.findRefundRequest(deps.db, requestId) : null
  if (!request) throw new HttpError(404, COMMERCE_MSG.refundRequestNotFound)
  const subscription = await repo.findSubscriptionById(deps.db, request.subscriptionId)
  if (!subscription) throw new HttpError(404, COMMERCE_MSG.refundRequestNotFound)
  return { request, subscription }
}

async function mailContext(deps: CommerceDeps, planCode: string, userId: string | null) {
  const [plan, productName, supportEmail, name] = await Promise.all([repo.planByCode(deps.db, planCode), getProductName(deps.db), getSupportEmail(deps.db), repo.nameOfUser(deps.db, userId)])
  return { planName: plan?.name ?? planCode, productName, supportEmail, publicUrl: deps.publicUrl, name }
}

export async function approveRefund(deps: CommerceDeps, requestId: string, adminId: string): Promise<RefundDecision> {
  const { request, subscription } = await loadRequest(deps, requestId)
  if (request.status === 'approved') return { requestId, status: 'approved', changed: false }
  if (request.status !== 'pending') throw new HttpError(409, COMMERCE_MSG.refundAlreadyDecided)
  const payment = request.paymentId ? await repo.findPaymentById(deps.db, request.paymentId) : await repo.lastPaymentOfSubscription(deps.db, subscription)

  // Provider first (outside our transaction: a network call must not hold database locks).
  const atProvider = subscription.provider === deps.gateway.provider
  try {
    if (atProvider && payment && payment.status === 'paid' && payment.provider === deps.gateway.provider) {
      await deps.gateway.refund(payment.providerPaymentId, `refund-request-${request.id}`, payment.method === 'boleto' ? request.refundAccount : null)
    }
    if (atProvider && subscription.providerSubscriptionId && subscription.status !== 'canceled' && subscription.status !== 'expired') {
      await deps.gateway.cancelSubscription(subscription.providerSubscriptionId)
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    deps.log.error({ err: error, refundRequest: request.id }, 'refund failed at the gateway')
    throw new HttpError(502, COMMERCE_MSG.refundFailed)
  }

  const context = await mailContext(deps, subscription.planCode, request.userId)
  const changed = await deps.db.transaction(async (tx) => {
    const decided = await repo.decideRefundRequest(tx, request.id, { status: 'approved', decidedBy: adminId, decisionReason: null, paymentId: payment?.id ?? null })
    if (!decided) return false
    if (payment) await repo.markPaymentRefunded(tx, payment.provider, payment.providerPaymentId, null)
    await repo.updateSubscription(tx, subscription.id, { status: 'canceled', currentPeriodEnd: new Date(), cancelAtPeriodEnd: false })
    await deps.mailer.enqueue(
      tx,
      buildRefundApprovedEmail({
        to: request.email,
        ...context,
        amountCents: payment?.amountCents ?? null,
        currency: payment?.currency ?? 'BRL',
        method: payment?.method ?? null,
        account: request.refundAccount,
      }),
    )
    return true
  })
  deps.mailer.kick()
  if (!changed) {
    const now = await repo.findRefundRequest(deps.db, request.id)
    if (now?.status !== 'approved') throw new HttpError(409, COMMERCE_MSG.refundAlreadyDecided)
  }
  return { requestId, status: 'approved', changed }
}

export async function rejectRefund(deps: CommerceDeps, requestId: string, adminId: string, reason: string): Promise<RefundDecision> {
  const text = reason.trim()
  if (!text) throw new HttpError(400, COMMERCE_MSG.refundRejectReasonRequired)
  const { request, subscription } = await loadRequest(deps, requestId)
  if (request.status === 'rejected') return { requestId, status: 'rejected', changed: false }
  if (request.status !== 'pending') throw new HttpError(409, COMMERCE_MSG.refundAlreadyDecided)
  const context = await mailContext(deps, subscription.planCode, request.userId)
  const changed = await deps.db.transaction(async (tx) => {
    const decided = await repo.decideRefundRequest(tx, request.id, { status: 'rejected', decidedBy: adminId, decisionReason: text.slice(0, 1000) })
    if (!decided) return false
    await deps.mailer.enqueue(tx, buildRefundRejectedEmail({ to: request.email, ...context, reason: text.slice(0, 1000) }))
    return true
  })
  deps.mailer.kick()
  if (!changed) throw new HttpError(409, COMMERCE_MSG.refundAlreadyDecided)
  return { requestId, status: 'rejected', changed }
}
