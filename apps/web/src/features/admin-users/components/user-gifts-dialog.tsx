import { type AdminGift, type AdminUser } from '@sintonia/contract'
import { EmailText } from '../../../components/admin/email-text'
import { GiftHeading, formatGiftDay } from '../../../components/gift-state'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { useUserGifts } from '../api/users'
import { dateFormat } from './user-status'

/** One gift from this person's side: bought ones name who gets it, received ones who gave it. */
function GiftItem({ gift, side }: { gift: AdminGift; side: 'bought' | 'received' }) {
  const other = side === 'bought' ? gift.recipientEmail : gift.buyerEmail
  return (
    <li data-testid={`user-gift-${gift.id}`} className="rounded-2xl border border-line p-3.5 text-sm">
      <GiftHeading gift={gift} />
      <span className="mt-1 block text-ink-muted">
        {side === 'bought' ? 'Para ' : 'De '}
        <EmailText email={other} />
      </span>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted tabular-nums">
        <span>Entrega em {formatGiftDay(gift.deliverOn)}</span>
        <span>{gift.paidAt ? `Pago em ${dateFormat.format(new Date(gift.paidAt))}` : 'Não pago'}</span>
      </p>
    </li>
  )
}

function GiftList({ title, empty, gifts, side }: { title: string; empty: string; gifts: AdminGift[]; side: 'bought' | 'received' }) {
  const headingId = `user-gifts-${side}`
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex items-center gap-2">
        <h3 id={headingId} className="font-bold text-ink">
          {title}
        </h3>
        <Badge variant="neutral">{gifts.length}</Badge>
      </div>
      {gifts.length > 0 ? (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {gifts.map((gift) => (
            <GiftItem key={gift.id} gift={gift} side={side} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{empty}</p>
      )}
    </section>
  )
}

/**
 * Admin › Usuários › "Presentes": the plans a person paid for someone else and those given to them,
 * with where each one is now (docs/product/commerce.md#gifts). Loaded when the dialog opens.
 */
export function UserGiftsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const gifts = useUserGifts(user?.id ?? null)
  return (
    <ModalDialog open={user !== null} onClose={onClose} title={user ? `Presentes de ${user.name}` : ''} description={user ? <EmailText email={user.email} /> : undefined} className="max-w-lg">
      {gifts.isError ? (
        <FormAlert>
          <p>Não foi possível carregar os presentes.</p>
          <Button variant="outline" size="sm" className="mt-2" disabled={gifts.isFetching} onClick={() => void gifts.refetch()}>
            Tentar novamente
          </Button>
        </FormAlert>
      ) : gifts.data ? (
        <div className="flex flex-col gap-5">
          <GiftList title="Presentes comprados" empty="Nenhum presente comprado." gifts={gifts.data.bought} side="bought" />
          <GiftList title="Presentes recebidos" empty="Nenhum presente recebido." gifts={gifts.data.received} side="received" />
        </div>
      ) : (
        <div role="status" aria-label="Carregando os presentes" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      )}
    </ModalDialog>
  )
}
