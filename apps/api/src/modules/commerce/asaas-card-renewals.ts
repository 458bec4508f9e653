/**
 * The renewals of card instalments with Asaas (docs/decisions/031-asaas-card-instalment-renewals.md):
 * Asaas has no subscription in instalments, so at each period's end this pass charges the period
 * on the card's token, in the instalments the buyer chose, and applies the result to our
 * subscription as a provider event would (webhooks.ts `applyProviderSubscription`).
 *
 * - Every instance runs it (`asaas-card-renewal-plugin.ts`); plans are leased to one pass at a time
 *   and each period's charge carries its own reference, so a crash or a second instance never
 *   charges a period twice (the adapter looks the reference up before charging).
 * - A refused card: the subscription is past due (the admin's grace, the "Pagamento pendente"
 *   e-mail), the period's charge is offered for Pix or boleto on Asaas's invoice page (the
 *   subscriber's "Pagar com Pix ou boleto"), and the card is tried again after
 *   CARD_RETRY_DELAYS_MS — three attempts in all.
 * - Asaas unreachable: nothing changes; the plan is tried again RETRY_LATER_MS later.
 */
import type { ServiceLogger } from '../../lib/service-logger.js'
import * as cardPlans from './asaas-card-plans-repository.js'
import type { AsaasGateway } from './gateway/asaas.js'
import { applyProviderSubscription, type CommerceDeps } from './webhooks.js'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** After the first refusal the card is tried again a day later, then two days after that. */
export const CARD_RETRY_DELAYS_MS = [DAY_MS, 2 * DAY_MS] as const
const RETRY_LATER_MS = HOUR_MS
/** Plans charged per pass; the next pass takes the rest. */
const PLANS_PER_PASS = 25

export interface CardRenewalDeps {
  commerce: CommerceDeps
  gateway: AsaasGateway
  log: ServiceLogger
}

export interface CardRenewalResult {
  paid: number
  refused: number
  later: number
}

/** Charges the periods due at `now`. */
export async function runAsaasCardRenewals(deps: CardRenewalDeps, now: Date): Promise<CardRenewalResult> {
  const result: CardRenewalResult = { paid: 0, refused: 0, later: 0 }
  const due = await cardPlans.claimDue(deps.commerce.db, now, PLANS_PER_PASS)
  for (const plan of due) {
    const outcome = await deps.gateway.chargeCardPeriod(plan, now)
    if (outcome.kind === 'later') {
      await cardPlans.release(deps.commerce.db, plan.id, new Date(now.getTime() + RETRY_LATER_MS))
      result.later++
      continue
    }
    if (outcome.kind === 'refused') {
      const attempts = plan.chargeAttempts + 1
      const delay = plan.cardToken ? CARD_RETRY_DELAYS_MS[attempts - 1] : undefined
      await cardPlans.recordRefused(deps.commerce.db, plan.id, {
        chargeAttempts: attempts,
        nextChargeAt: delay === undefined ? null : new Date(now.getTime() + delay),
        pendingPaymentId: outcome.pendingPaymentId,
      })
      result.refused++
      deps.log.info({ plan: plan.id, attempts }, 'renovação no cartão recusada')
    } else {
      result.paid++
    }
    await applyProviderSubscription(deps.commerce, plan.id)
  }
  return result
}
