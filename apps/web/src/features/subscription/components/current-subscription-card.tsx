import { useState } from 'react'
import { AlertCircle, ArrowDown, CalendarClock, CircleSlash, CreditCard, ExternalLink, Gift, PauseCircle, QrCode, Receipt, RotateCcw } from 'lucide-react'
import { toast } from 'sonner'
import { formatMoney, paidWithLabel, type SubscriptionDetails } from '@sintonia/contract'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { getErrorMessage } from '../../../lib/api-client'
import { useGoodbye } from '../api/commerce-api'
import { SUBSCRIPTION_STATUS_LABEL, formatLongDate } from '../lib/format'
import { CancelSubscriptionDialog } from './cancel-subscription-dialog'
import { DetailList } from './commerce-shell'

type Subscription = NonNullable<SubscriptionDetails['subscription']>

const STATUS_VARIANT: Record<Subscription['status'], BadgeVariant> = {
  active: 'success',
  past_due: 'gold',
  canceled: 'neutral',
  expired: 'neutral',
}

export interface CurrentSubscriptionCardProps {
  subscription: Subscription
  onOpenPortal: () => void
  portalBusy: boolean
  /** An ended subscription's way back: the plan list on the same page. */
  onSubscribeAgain: () => void
  /** Past due, or a boleto renewal payable ahead: the provider's page where that period is paid by Pix or boleto. */
  onPayPending: () => void
  payPendingBusy: boolean
  /** A goodbye changed the subscription (the page's subscription check is refreshed). */
  onChanged?: () => void
}

/** How the subscription is paid, as the subscriber reads it: 'Pix Automático', 'Cartão em 12x de …'. */
function paymentMethodLabel(subscription: Subscription): string | null {
  if (!subscription.lastPaymentMethod || subscription.lastPaymentCents === null) return null
  if (subscription.pixAutomatic) return 'Pix Automático'
  return paidWithLabel(subscription.lastPaymentMethod, subscription.lastPaymentCents, subscription.lastPaymentInstallments, subscription.lastPaymentWithInterest)
}

/**
 * A subscription that was cancelled (at the provider, or by an approved refund) or expired has
 * nothing left to manage: no portal, no plan change; the way back is a new subscription.
 */
export function subscriptionEnded(subscription: Subscription): boolean {
  return subscription.status === 'canceled' || subscription.status === 'expired'
}

/** The subscriber's plan, status and period end, with the provider's portal (docs/product/commerce.md#customer-portal). */
export function CurrentSubscriptionCard({ subscription, onOpenPortal, portalBusy, onSubscribeAgain, onPayPending, payPendingBusy, onChanged }: CurrentSubscriptionCardProps) {
  const [cancelOpen, setCancelOpen] = useState(false)
  const comeBack = useGoodbye(onChanged)
  const pause = subscription.pause
  // A pause ahead: access ends when it begins (the period's end moved with the renewal).
  const accessUntil = pause ? pause.startsAt : subscription.currentPeriodEnd
  const periodEnd = formatLongDate(pause && subscription.cancelAtPeriodEnd ? pause.startsAt : subscription.currentPeriodEnd)
  const ended = subscriptionEnded(subscription)
  const endsAtPeriodEnd = subscription.cancelAtPeriodEnd && !ended
  const pauseBegun = pause !== null && !subscription.givesAccess
  const resume = () =>
    comeBack.mutate({ kind: 'resume' }, { onSuccess: ({ message }) => toast.success(message, { id: 'goodbye' }), onError: (e) => toast.error(getErrorMessage(e), { id: 'goodbye' }) })
  const pastDue = subscription.status === 'past_due' && subscription.managedByProvider
  const graceEnd = formatLongDate(subscription.graceEndsAt)

  const items = [
    { label: 'Plano', value: subscription.planName, testId: 'subscription-plan' },
    {
      label: 'Status',
      value: (
        <Badge variant={STATUS_VARIANT[subscription.status]} data-testid="subscription-status">
          {SUBSCRIPTION_STATUS_LABEL[subscription.status]}
        </Badge>
      ),
    },
  ]
  if (pastDue) {
    if (graceEnd && subscription.givesAccess) items.push({ label: 'Acesso até', value: graceEnd, testId: 'subscription-grace-end' })
  } else if (pause && !subscription.cancelAtPeriodEnd) {
    items.push({ label: pauseBegun ? 'Volta em' : 'Acesso até', value: formatLongDate(pauseBegun ? pause.endsAt : pause.startsAt) ?? '', testId: 'subscription-period-end' })
  } else if (periodEnd) {
    items.push({
      // Complimentary access is never charged: its end is when access ends.
      label: endsAtPeriodEnd || !subscription.givesAccess || !subscription.managedByProvider ? 'Acesso até' : 'Próxima cobrança',
      value: periodEnd,
      testId: 'subscription-period-end',
    })
  }
  if (subscription.lastPaymentCents !== null) {
    items.push({ label: 'Último pagamento', value: formatMoney(subscription.lastPaymentCents, subscription.currency), testId: 'subscription-last-payment' })
    const method = paymentMethodLabel(subscription)
    if (method) items.push({ label: 'Forma de pagamento', value: method, testId: 'subscription-payment-method' })
  }
  const since = formatLongDate(subscription.startedAt)
  if (since) items.push({ label: 'Assinante desde', value: since, testId: 'subscription-since' })

  return (
    <section aria-labelledby="current-subscription-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-success-soft text-success [&_svg]:size-6">
          <CreditCard />
        </span>
        <div className="min-w-0">
          <h2 id="current-subscription-title" className="text-xl font-bold tracking-tight text-ink">
            Sua assinatura
          </h2>
          <p className="mt-1 text-[0.95rem] text-ink-muted">
            {subscription.givesAccess ? 'Acesso completo a todos os campos e áudios.' : 'Esta assinatura não dá mais acesso aos áudios.'}
          </p>
        </div>
      </div>

      {endsAtPeriodEnd ? (
        <div role="note" data-testid="subscription-ending" className="mt-5 flex flex-col gap-3 rounded-2xl border border-warm-line bg-warm-soft px-4 py-3 text-warm">
          <p className="flex items-start gap-3 text-[0.95rem] leading-relaxed">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              Sua assinatura cancela no fim do período{periodEnd ? `: você mantém o acesso até ${periodEnd}` : ''}.
              {subscription.selfCancel ? ' Mudou de ideia? Continue com um toque.' : ' Para continuar assinando, reative no portal.'}
            </span>
          </p>
          {subscription.selfCancel && subscription.givesAccess ? (
            <Button onClick={resume} disabled={comeBack.isPending} aria-busy={comeBack.isPending || undefined} className="w-full sm:w-auto sm:self-start">
              {comeBack.isPending ? <Spinner label={null} className="size-4.5" /> : <RotateCcw aria-hidden="true" />}
              Continuar assinando
            </Button>
          ) : null}
        </div>
      ) : null}

      {pause && !endsAtPeriodEnd ? (
        <div role="note" data-testid="subscription-paused" className="mt-5 flex flex-col gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-ink">
          <p className="flex items-start gap-3 text-[0.95rem] leading-relaxed">
            <PauseCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              {pauseBegun
                ? `Sua assinatura está pausada: sem acesso e sem cobrança até ${formatLongDate(pause.endsAt)}, quando ela volta sozinha.`
                : `Pausa marcada: você pratica até ${formatLongDate(pause.startsAt)}; depois, sem acesso e sem cobrança até ${formatLongDate(pause.endsAt)}, quando a assinatura volta sozinha.`}
            </span>
          </p>
          {!pauseBegun ? (
            <Button variant="outline" onClick={resume} disabled={comeBack.isPending} aria-busy={comeBack.isPending || undefined} className="w-full sm:w-auto sm:self-start">
              {comeBack.isPending ? <Spinner label={null} className="size-4.5" /> : <RotateCcw aria-hidden="true" />}
              Desfazer pausa
            </Button>
          ) : null}
        </div>
      ) : null}

      {pastDue ? (
        <div role="note" data-testid="subscription-pending" className="mt-5 flex flex-col gap-3 rounded-2xl border border-warm-line bg-warm-soft px-4 py-4 text-warm">
          <p className="flex items-start gap-3 text-[0.95rem] leading-relaxed">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              Não conseguimos receber a renovação.{' '}
              {subscription.givesAccess
                ? `Seu acesso continua${graceEnd ? ` até ${graceEnd}` : ''}: pague este período por Pix ou boleto para continuar praticando.`
                : 'Seu acesso está pausado: pague este período por Pix ou boleto para voltar a ouvir.'}
            </span>
          </p>
          <Button onClick={onPayPending} disabled={payPendingBusy} aria-busy={payPendingBusy || undefined} className="w-full sm:w-auto sm:self-start">
            {payPendingBusy ? <Spinner label={null} className="size-4.5" /> : <QrCode aria-hidden="true" />}
            Pagar com Pix ou boleto
          </Button>
        </div>
      ) : null}

      {subscription.renewalPayableAhead && !pastDue ? (
        <div role="note" data-testid="subscription-renewal-ahead" className="mt-5 flex flex-col gap-3 rounded-2xl border border-line bg-surface px-4 py-4 text-ink">
          <p className="flex items-start gap-3 text-[0.95rem] leading-relaxed">
            <Receipt aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              O boleto da renovação já pode ser pago.{periodEnd ? ` Pague até ${periodEnd} para continuar sem interrupção` : ' Pague antes da renovação para continuar sem interrupção'} (boleto
              ou Pix).
            </span>
          </p>
          <Button onClick={onPayPending} disabled={payPendingBusy} aria-busy={payPendingBusy || undefined} className="w-full sm:w-auto sm:self-start">
            {payPendingBusy ? <Spinner label={null} className="size-4.5" /> : <Receipt aria-hidden="true" />}
            Pagar a renovação
          </Button>
        </div>
      ) : null}

      <DetailList className="mt-5" items={items} />

      {ended ? (
        <div className="mt-5 flex flex-col gap-3 rounded-2xl bg-surface px-4 py-4">
          <p className="flex items-start gap-2 text-sm leading-relaxed text-ink-muted">
            <CircleSlash aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-ink-muted" />
            Esta assinatura foi encerrada. Para voltar a ouvir, assine de novo: escolha um plano abaixo.
          </p>
          <Button onClick={onSubscribeAgain} className="w-full sm:w-auto sm:self-start">
            Assinar novamente
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
      ) : subscription.managedByProvider ? (
        <>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink-muted">
              {subscription.selfCancel ? 'Troque de plano ou atualize o cartão no portal de pagamento.' : 'Troque de plano, atualize o cartão ou cancele no portal de pagamento.'}
            </p>
            <Button onClick={onOpenPortal} disabled={portalBusy} aria-busy={portalBusy || undefined} variant="outline" className="w-full sm:w-auto">
              {portalBusy ? <Spinner label={null} className="size-4.5" /> : <ExternalLink aria-hidden="true" />}
              Abrir portal
            </Button>
          </div>
          {subscription.selfCancel && !subscription.cancelAtPeriodEnd ? (
            <div className="mt-4 border-t border-line pt-4">
              <Button variant="ghost" onClick={() => setCancelOpen(true)} className="px-0 text-ink-muted underline-offset-4 hover:underline">
                Cancelar assinatura
              </Button>
              <CancelSubscriptionDialog
                open={cancelOpen}
                onClose={() => setCancelOpen(false)}
                accessUntil={accessUntil}
                offer={subscription.retentionOffer}
                {...(onChanged ? { onChanged } : {})}
              />
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-5 flex items-center gap-2 text-sm text-ink-muted">
          <Gift aria-hidden="true" className="size-4.5 shrink-0 text-accent" />
          Acesso de cortesia concedido pela nossa equipe: não há cobrança a gerenciar.
        </p>
      )}
    </section>
  )
}
