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
