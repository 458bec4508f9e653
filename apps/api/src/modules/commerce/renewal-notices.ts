/**
 * Renewal notices (docs/product/commerce.md#renewal-notice, ADR 030 item 6): RENEWAL_NOTICE_DAYS
 * before a subscription's period ends, its owner gets an e-mail with the amount, the date and how
 * it will be paid, and a notification where they allowed them. Every API instance runs a pass every RENEWAL_NOTICE_INTERVAL_SECONDS; a notice goes
 * out once per period because each subscription is claimed for its period end first
 * (repository.claimRenewalNotices) in the transaction that queues the e-mail.
 */
import { RENEWAL_NOTICE_DAYS, formatMoney, paidWithLabel, type ReminderPushPayload } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import type { ServiceLogger } from '../../lib/service-logger.js'
import type { Mailer } from '../../plugins/mailer.js'
import { getProductName, getSupportEmail } from '../content/settings-service.js'
import { buildRenewalNoticeEmail } from './emails.js'
import * as repo from './repository.js'

/** Notices claimed per pass; the next pass takes the rest. */
const NOTICES_PER_PASS = 200
const DAY_MS = 86_400_000

export interface RenewalNoticeDeps {
  db: Database
  mailer: Pick<Mailer, 'enqueue' | 'kick'>
  publicUrl: string
  log: ServiceLogger
  /**
   * The notice as a notification too, where the listener allowed them (wired by server.ts to the
   * practice reminders' push channel); absent: e-mail only.
   */
  pushToListener?: (userId: string, payload: ReminderPushPayload) => Promise<unknown>
}

const shortDate = (date: Date) => new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'America/Sao_Paulo' }).format(date)

/** Sends the notices due at `now`; returns how many this pass sent. */
export async function runRenewalNotices(deps: RenewalNoticeDeps, now: Date): Promise<number> {
  const pushes: { userId: string; payload: ReminderPushPayload }[] = []
  const sent = await deps.db.transaction(async (tx) => {
    const due = await repo.claimRenewalNotices(tx, now, new Date(now.getTime() + RENEWAL_NOTICE_DAYS * DAY_MS), NOTICES_PER_PASS)
    if (due.length === 0) return 0
    const [productName, supportEmail] = await Promise.all([getProductName(tx), getSupportEmail(tx)])
    for (const sub of due) {
      const [plan, payment, name] = await Promise.all([repo.planByCode(tx, sub.planCode), repo.lastPaymentOfSubscription(tx, sub), repo.nameOfUser(tx, sub.userId)])
      // The renewal charges what the period was paid, the same way; a period with no payment
      // recorded yet renews at the plan's regular price.
      const amountCents = payment?.amountCents ?? plan?.originalPriceCents ?? null
      if (amountCents === null) continue
      await deps.mailer.enqueue(
        tx,
        buildRenewalNoticeEmail({
          to: sub.email,
          name,
          productName,
          supportEmail,
          publicUrl: deps.publicUrl,
          planName: plan?.name ?? sub.planCode,
          amountCents,
          currency: payment?.currency ?? plan?.currency ?? 'BRL',
          renewsAt: sub.currentPeriodEnd!,
          method: payment?.method ?? null,
          installments: payment?.installments ?? null,
          installmentsWithInterest: payment?.installmentsWithInterest ?? false,
        }),
      )
      if (sub.userId) {
        const amount = formatMoney(amountCents, payment?.currency ?? plan?.currency ?? 'BRL')
        const way = payment ? (payment.method === 'pix' ? 'Pix Automático' : paidWithLabel(payment.method, amountCents, payment.installments, payment.installmentsWithInterest)) : null
        pushes.push({
          userId: sub.userId,
          payload: {
            title: `Sua assinatura renova em ${shortDate(sub.currentPeriodEnd!)}`,
            body: `${plan?.name ?? sub.planCode}: ${amount}${way ? ` · ${way}` : ''}. Toque para ver sua assinatura.`,
            url: '/assinatura',
            tag: `renovacao-${sub.id}`,
          },
        })
      }
    }
    return due.length
  })
  if (sent > 0) {
    deps.mailer.kick()
    deps.log.info({ sent }, 'avisos de renovação enviados')
  }
  // After the claim is committed: a push that fails is not retried (the e-mail already went out).
  if (deps.pushToListener) {
    for (const { userId, payload } of pushes) {
      await deps.pushToListener(userId, payload).catch((error: unknown) => deps.log.warn({ err: error, userId }, 'aviso de renovação: push não enviado'))
    }
  }
  return sent
}
