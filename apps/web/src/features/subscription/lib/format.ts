import type { SubscriptionDetails } from '@sintonia/contract'

type SubscriptionStatus = NonNullable<SubscriptionDetails['subscription']>['status']

/** A date as the pages show it: '22 de novembro de 2026'. Null or unreadable → null. */
export function formatLongDate(iso: string | null | undefined): string | null {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' }).format(date)
}

export const SUBSCRIPTION_STATUS_LABEL: Record<SubscriptionStatus, string> = {
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  canceled: 'Cancelada',
  expired: 'Expirada',
}

/** The plan codes' display names when the plan list is not at hand. */
export const PLAN_NAMES: Record<string, string> = { trimestral: 'Trimestral', semestral: 'Semestral', anual: 'Anual' }

export function planName(code: string | null | undefined): string {
  if (!code) return ''
  return PLAN_NAMES[code] ?? code
}
