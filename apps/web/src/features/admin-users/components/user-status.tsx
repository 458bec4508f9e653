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
  if (subscription.givesAccess) {
    return <Badge variant="success">{subscription.provider === 'complimentary' ? 'Cortesia' : STATUS_LABELS[subscription.status]}</Badge>
  }
  return <Badge variant="neutral">{STATUS_LABELS[subscription.status]}</Badge>
}

/**
 * The badge, then what is about to change (docs/product/admin.md#users-adminusers): a cancellation
 * the subscriber scheduled ("Cancela em dd/mm/aaaa") and a refund request waiting for a decision.
 */
export function SubscriptionState({ user }: { user: AdminUser }) {
  const { cancelsAt } = user.subscription
  return (
    <div className="flex flex-col items-start gap-1.5">
      <SubscriptionBadge subscription={user.subscription} />
      {cancelsAt ? <span className="text-xs font-medium whitespace-nowrap text-warm">Cancela em {dateFormat.format(new Date(cancelsAt))}</span> : null}
      {user.refundPending ? (
        <Badge variant="gold" className="whitespace-nowrap">
          Reembolso pendente
        </Badge>
      ) : null}
    </div>
  )
}
