import { useId } from 'react'
import { CircleAlert, Send } from 'lucide-react'
import { toast } from 'sonner'
import { formatMoney, type UnclaimedPurchase } from '@sintonia/contract'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Spinner } from '../../../components/ui/spinner'
import { getErrorMessage } from '../../../lib/api-client'
import { useResendAccess, useUnclaimedPurchases } from '../api/users'

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

function formatDateTime(iso: string | null): string | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : dateTimeFormat.format(date)
}

function amount(purchase: UnclaimedPurchase): string {
  return purchase.amountCents === null ? '—' : formatMoney(purchase.amountCents, purchase.currency)
}

const EMPTY_TEXT = 'Nenhum pagamento aguardando ativação.'

/**
 * Admin › Usuários › "Pagamento sem conta": paid purchases whose buyer has not chosen a password
 * yet (the access link goes to the purchase's e-mail only). One card per purchase below 1280 px,
 * a table from there up, so nothing is cut at either width.
 */
export function UnclaimedPurchases() {
  const purchases = useUnclaimedPurchases()
  const resend = useResendAccess()
  const headingId = useId()
  const list = purchases.data?.purchases ?? []
  const sendingId = resend.isPending ? resend.variables : undefined

  const onResend = (purchase: UnclaimedPurchase) => {
    if (resend.isPending) return
    resend.mutate(purchase.id, {
      onSuccess: (message) => toast.success(message, { description: purchase.email }),
      onError: (error) => toast.error(getErrorMessage(error)),
    })
  }

  function buyer(purchase: UnclaimedPurchase) {
    return (
      <>
        {purchase.customerName ? <div className="font-semibold break-words">{purchase.customerName}</div> : null}
        <div className={purchase.customerName ? 'text-ink-muted wrap-anywhere' : 'font-semibold wrap-anywhere'}>{purchase.email}</div>
        {purchase.accountExists ? (
          <p className="mt-1.5 flex items-start gap-1.5 text-xs leading-relaxed text-warm">
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0 text-warm" />
            Há uma conta com este e-mail que nunca confirmou o endereço. O link de acesso define a senha dela.
          </p>
        ) : null}
      </>
    )
  }

  function resendButton(purchase: UnclaimedPurchase, className?: string) {
    const sending = sendingId === purchase.id
    return (
      <Button
        size="sm"
        variant="secondary"
        className={className}
        onClick={() => onResend(purchase)}
        disabled={resend.isPending}
        aria-busy={sending || undefined}
        aria-label={`Reenviar acesso para ${purchase.email}`}
      >
        {sending ? <Spinner label={null} className="size-4" /> : <Send aria-hidden="true" />}
        Reenviar acesso
      </Button>
    )
  }

  const lastLink = (purchase: UnclaimedPurchase) => formatDateTime(purchase.lastAccessLinkAt) ?? 'Nunca enviado'

  return (
    <section aria-labelledby={headingId} className="mt-10" data-testid="unclaimed-purchases">
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink">
          Pagamento sem conta
        </h2>
        {purchases.data ? <Badge variant={list.length > 0 ? 'gold' : 'neutral'}>{list.length}</Badge> : null}
        <p className="w-full max-w-2xl text-[0.95rem] text-ink-muted">
          Compras pagas cujo comprador ainda não criou a senha. O acesso é ativado quando a pessoa abre o link enviado ao e-mail da
          compra; se ela não encontrou o e-mail, reenvie o link.
        </p>
      </div>

      {purchases.isError ? <QueryError error={purchases.error} onRetry={() => void purchases.refetch()} /> : null}
      {purchases.isPending ? <Skeleton className="h-28 w-full rounded-2xl" /> : null}
      {purchases.data && list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-card px-4 py-6 text-center text-ink-muted">{EMPTY_TEXT}</p>
      ) : null}

      {list.length > 0 ? (
        <>
          {/* Below 1280 px: one card per purchase. */}
          <ul className="grid gap-3 xl:hidden" aria-label="Pagamentos aguardando ativação">
            {list.map((purchase) => (
              <li key={purchase.id} data-testid={`unclaimed-card-${purchase.email}`} className="rounded-2xl border border-line bg-card p-4 shadow-soft">
                {buyer(purchase)}
                <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div>
                    <dt className="text-ink-muted">Plano</dt>
                    <dd className="mt-0.5">{purchase.planName}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-muted">Valor</dt>
                    <dd className="mt-0.5 tabular-nums">{amount(purchase)}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-muted">Pago em</dt>
                    <dd className="mt-0.5 tabular-nums">{formatDateTime(purchase.paidAt) ?? '—'}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-muted">Último link</dt>
                    <dd className="mt-0.5 tabular-nums">{lastLink(purchase)}</dd>
                  </div>
                </dl>
                <div className="mt-3 border-t border-line pt-3">{resendButton(purchase, 'w-full sm:w-auto')}</div>
              </li>
            ))}
          </ul>
          {/* From 1280 px: the table. */}
          <DataTable caption="Pagamentos aguardando ativação" className="hidden xl:block">
            <thead>
              <tr>
                <Th>Comprador</Th>
                <Th>Plano</Th>
                <Th>Valor</Th>
                <Th>Pago em</Th>
                <Th>Último link</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {list.map((purchase) => (
                <Tr key={purchase.id} data-testid={`unclaimed-row-${purchase.email}`}>
                  <Td className="max-w-[18rem]">{buyer(purchase)}</Td>
                  <Td>{purchase.planName}</Td>
                  <Td className="whitespace-nowrap tabular-nums">{amount(purchase)}</Td>
                  <Td className="tabular-nums">{formatDateTime(purchase.paidAt) ?? '—'}</Td>
                  <Td className="tabular-nums">{lastLink(purchase)}</Td>
                  <Td className="text-right">{resendButton(purchase)}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        </>
      ) : null}
    </section>
  )
}
