import type { AdminUser } from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'

const STATUS_LABELS: Record<AdminUser['subscription']['status'], string> = {
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  canceled: 'Cancelada',
  expired: 'Expirada',
  none: 'Sem assinatura',
}

export const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' })

/** The subscription state an admin needs at a glance: access or not, and whether it is a courtesy. */
export function SubscriptionBadge({ subscription }: { subscription: AdminUser['subscription'] }) {
  // A renewal not paid still gives access for the grace days: a warning, not a success.
  if (subscription.givesAccess && subscription.status === 'past_due') return <Badge variant="gold">{STATUS_LABELS.past_due}</Badge>
  if (subscription.givesAccess) {
    const own = subscription.provider === 'complimentary' ? 'Cortesia' : subscription.provider === 'gift' ? 'Presente' : null
    return <Badge variant="success">{own ?? STATUS_LABELS[subscription.status]}</Badge>
  }
  return <Badge variant="neutral">{STATUS_LABELS[subscription.status]}</Badge>
}

/**
 * The badge, then what comes next (docs/product/admin.md#users-adminusers): the renewal ("Renova em
 * dd/mm/aaaa"), a cancellation the subscriber scheduled ("Cancela em dd/mm/aaaa"), the end of the
 * grace of a renewal not paid ("Acesso até dd/mm/aaaa") and a refund request waiting for a decision.
 */
export function SubscriptionState({ user }: { user: AdminUser }) {
  const { cancelsAt, renewsAt, graceEndsAt } = user.subscription
  return (
    <div className="flex flex-col items-start gap-1.5">
      <SubscriptionBadge subscription={user.subscription} />
      {renewsAt ? <span className="text-xs whitespace-nowrap text-ink-muted">Renova em {dateFormat.format(new Date(renewsAt))}</span> : null}
      {cancelsAt ? <span className="text-xs font-medium whitespace-nowrap text-warm">Cancela em {dateFormat.format(new Date(cancelsAt))}</span> : null}
      {graceEndsAt ? <span className="text-xs font-medium whitespace-nowrap text-warm">Acesso até {dateFormat.format(new Date(graceEndsAt))}</span> : null}
      {user.refundPending ? (
        <Badge variant="gold" className="whitespace-nowrap">
          Reembolso pendente
        </Badge>
      ) : null}
    </div>
  )
}
