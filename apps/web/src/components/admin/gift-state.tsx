import { GIFT_STATE_LABEL, type GiftState } from '@sintonia/contract'
import { Badge, type BadgeVariant } from '../ui/badge'

/**
 * A gift's state as the admin reads it (Financeiro and Usuários): done is green, waiting on the
 * recipient is gold, paid back is outlined so it does not read as a success.
 */
const STATE_VARIANT: Record<GiftState, BadgeVariant> = {
  awaiting_payment: 'neutral',
  scheduled: 'brand',
  delivered: 'gold',
  redeemed: 'success',
  refunded: 'outline',
}

export function GiftStateBadge({ state }: { state: GiftState }) {
  return (
    <Badge variant={STATE_VARIANT[state]} className="whitespace-nowrap" data-state={state}>
      {GIFT_STATE_LABEL[state]}
    </Badge>
  )
}

/** A delivery day (`YYYY-MM-DD`, a Brasília calendar day) as dd/mm/aaaa: no time zone to convert. */
export function formatGiftDay(day: string): string {
  const [year, month, date] = day.split('-')
  return year && month && date ? `${date}/${month}/${year}` : day
}
