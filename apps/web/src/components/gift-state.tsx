import { GIFT_STATE_LABEL, formatMoney, type GiftState } from '@sintonia/contract'
import { Badge, type BadgeVariant } from './ui/badge'

/**
 * A gift's state, the same for its buyer (/presentear) and the admin (Financeiro, Usuários): done is
 * green, waiting on the recipient is gold, paid back is outlined so it does not read as a success.
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

/** A gift's plan and amount with its state; the state wraps under them rather than squeeze what follows. */
export function GiftHeading({ gift }: { gift: { planName: string; amountCents: number; currency: string; state: GiftState } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
      <span className="font-semibold">
        {gift.planName} · <span className="whitespace-nowrap tabular-nums">{formatMoney(gift.amountCents, gift.currency)}</span>
      </span>
      <GiftStateBadge state={gift.state} />
    </div>
  )
}
