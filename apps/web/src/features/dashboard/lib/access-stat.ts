import type { SubscriptionDetails } from '@sintonia/contract'

export type DashboardSubscription = NonNullable<SubscriptionDetails['subscription']>

/** The third stat card: what the listener's access is and what happens next. */
export interface AccessStat {
  value: string
  label: string
  /** Access without an end date (∞). */
  unlimited: boolean
}

const shortDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })

function dateOf(iso: string | null): string | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : shortDate.format(date)
}

/**
 * The dashboard's access card (docs/product/listening.md#dashboard-dashboard) says only what is
 * true: ∞ for access without an end date; otherwise the plan (or the courtesy) and what happens
 * at the end of the period — the renewal of a paid plan, or the last day of access when it will
 * not renew. `undefined` while the subscription is being read.
 */
export function accessStat(subscription: DashboardSubscription | null | undefined): AccessStat {
  if (!subscription) return { value: '—', label: 'Seu acesso', unlimited: false }
  const end = dateOf(subscription.currentPeriodEnd)
  if (!end) return { value: '∞', label: 'Acesso sem data de término', unlimited: true }
  if (!subscription.managedByProvider) return { value: 'Cortesia', label: `Acesso até ${end}`, unlimited: false }
  if (subscription.status === 'past_due') return { value: subscription.planName, label: 'Pagamento pendente', unlimited: false }
  const renews = subscription.status === 'active' && !subscription.cancelAtPeriodEnd
  return { value: subscription.planName, label: renews ? `Renova em ${end}` : `Acesso até ${end}`, unlimited: false }
}
