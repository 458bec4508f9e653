import { ADMIN_MSG, PAYMENT_METHODS, type AdminRefund, type AdminRefundsResponse, type PaymentMethod } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { Payments } from './payments-plugin.js'
import { recordAudit } from '../../lib/audit/service.js'
import type { AdminActor } from '../../plugins/signed-in.js'
import { saveGuaranteeDays } from '../content/settings-admin-service.js'
import { SETTING_KEYS, getGuaranteeDays } from '../content/settings-service.js'
import { withinGuaranteeWindow } from './guarantee-rule.js'
import { listRefundRequests, type RefundFilter } from './guarantee-admin-repository.js'


type Row = Awaited<ReturnType<typeof listRefundRequests>>[number]

const isPaymentMethod = (value: string | null): value is PaymentMethod => (PAYMENT_METHODS as readonly (string | null)[]).includes(value)

function toAdminRefund(row: Row, guaranteeDays: number): AdminRefund {
  const { request } = row
  return {
    id: request.id,
    email: request.email,
    userName: row.userName,
    planCode: row.planCode,
    planName: row.planName,
    reason: request.reason,
    status: request.status,
    decisionReason: request.decisionReason,
    requestedAt: request.requestedAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    subscriptionStartedAt: row.subscriptionStartedAt.toISOString(),
    amountCents: row.amountCents === null ? null : Number(row.amountCents),
    paymentMethod: isPaymentMethod(row.paymentMethod) ? row.paymentMethod : null,
    // The admin who refunds a boleto sees where the transfer goes (erased once decided).
    refundAccount: request.refundAccount ?? null,
    currency: row.currency,
    withinWindow: withinGuaranteeWindow(row.subscriptionStartedAt, guaranteeDays, request.requestedAt),
  }
}

export async function listRefunds(db: Database, filter: RefundFilter): Promise<AdminRefundsResponse> {
  const [rows, guaranteeDays] = await Promise.all([listRefundRequests(db, filter), getGuaranteeDays(db)])
  return { refunds: rows.map((row) => toAdminRefund(row, guaranteeDays)), guaranteeDays }
}

async function loadRefund(db: Database, id: string): Promise<AdminRefund> {
  const [rows, guaranteeDays] = await Promise.all([listRefundRequests(db, 'all', [id]), getGuaranteeDays(db)])
  const row = rows[0]
  if (!row) throw new Error('refund_requests: decided request not found')
  return toAdminRefund(row, guaranteeDays)
}

/**
 * Approve or reject through the commerce services (approval refunds at the provider and ends the
 * subscription; both e-mail the listener), then audit the decision.
 */
export async function decideRefund(
  deps: { db: Database; payments: Payments },
  actor: AdminActor,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ refund: AdminRefund; message: string }> {
  const result = decision.approve
    ? await deps.payments.approveRefund(id, actor.userId)
    : await deps.payments.rejectRefund(id, actor.userId, decision.reason)
  if (result.changed) {
    await recordAudit(deps.db, {
      actorUserId: actor.userId,
      action: decision.approve ? 'refund_approved' : 'refund_rejected',
      target: `refund_request:${id}`,
      outcome: 'success',
      ip: actor.ip,
      details: decision.approve ? {} : { reason: decision.reason },
    })
  }
  return {
    refund: await loadRefund(deps.db, id),
    message: decision.approve ? 'Reembolso aprovado: valor devolvido e assinatura encerrada' : 'Pedido recusado; o assinante foi avisado por e-mail',
  }
}

export async function getGuaranteeSetting(db: Database): Promise<{ days: number }> {
  return { days: await getGuaranteeDays(db) }
}

export async function saveGuaranteeSetting(db: Database, actor: AdminActor, days: number): Promise<{ days: number }> {
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new Error(ADMIN_MSG.guaranteeDaysRange)
  await db.transaction(async (tx) => {
    const before = await getGuaranteeDays(tx)
    await saveGuaranteeDays(tx, days)
    await recordAudit(tx, { actorUserId: actor.userId, action: 'setting_updated', target: `setting:${SETTING_KEYS.guaranteeDays}`, outcome: 'success', ip: actor.ip, details: { from: before, to: days } })
  })
  return { days }
}
