import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { ADMIN_MSG, COMMERCE_MSG, REFUND_ACCOUNT_TYPE_LABELS, formatCpf, formatMoney, type AdminRefund } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useDecideRefund, useGuaranteeSetting, useRefunds, useSaveGuaranteeSetting } from '../api/guarantee'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })
const STATUS: Record<AdminRefund['status'], string> = { pending: 'Pendente', approved: 'Aprovado', rejected: 'Recusado' }

function GuaranteeDaysForm() {
  const setting = useGuaranteeSetting()
  const save = useSaveGuaranteeSetting()
  const [typed, setTyped] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const reveal = useErrorReveal()
  const value = typed ?? (setting.data ? String(setting.data.days) : '')

  async function submit(event: FormEvent) {
    event.preventDefault()
    const days = Number(value)
    if (!/^\d+$/.test(value.trim()) || days < 1 || days > 365) {
      setError(ADMIN_MSG.guaranteeDaysRange)
      reveal.reveal()
      return
    }
    setError(null)
    try {
      await save.mutateAsync(days)
      setTyped(null)
      toast.success(`Prazo de garantia: ${days} ${days === 1 ? 'dia' : 'dias'}`)
    } catch (failure) {
      const message = getErrorMessage(failure)
      setError(message)
      reveal.reveal()
      toast.error(message)
    }
  }

  return (
    <form ref={reveal.ref} onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
      <FormField id="guarantee-days" label="Prazo de garantia (dias)" error={error} hint="Mostrado igual na página inicial e nas páginas de planos e de pagamento." className="w-full sm:w-80">
        <TextInput
          id="guarantee-days"
          inputMode="numeric"
          value={value}
          disabled={setting.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('guarantee-days', { error, hint: 'x' })}
          onChange={(e) => {
            setTyped(e.target.value)
            setError(null)
          }}
        />
      </FormField>
      <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="w-auto">
        Salvar prazo
      </SubmitButton>
    </form>
  )
}

function RejectDialog({ refund, onClose }: { refund: AdminRefund | null; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reveal = useErrorReveal()
  const decide = useDecideRefund()
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!refund) return
    if (!reason.trim()) {
      setError(COMMERCE_MSG.refundRejectReasonRequired)
      reveal.reveal()
      return
    }
    try {
      const result = await decide.mutateAsync({ id: refund.id, approve: false, reason: reason.trim() })
      toast.success(result.message)
      onClose()
    } catch (failure) {
      const message = getErrorMessage(failure)
      setError(message)
      reveal.reveal()
      toast.error(message)
    }
  }
  return (
    <ModalDialog open={refund !== null} onClose={onClose} locked={decide.isPending} title="Recusar reembolso" description={refund ? `O motivo é enviado por e-mail a ${refund.email}. A assinatura continua ativa.` : undefined}>
      <form ref={reveal.ref} onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <FormField id="reject-reason" label="Motivo" requirement="required" error={error}>
          <TextInput id="reject-reason" data-autofocus maxLength={1000} value={reason} aria-invalid={error ? true : undefined} aria-describedby={describedBy('reject-reason', { error })} onChange={(e) => (setReason(e.target.value), setError(null))} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancelar
          </Button>
          <SubmitButton loading={decide.isPending} loadingText="Recusando..." size="md" className="sm:w-auto">
            Recusar pedido
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}

function ApproveDialog({ refund, onClose }: { refund: AdminRefund | null; onClose: () => void }) {
  const decide = useDecideRefund()
  const [error, setError] = useState<string | null>(null)
  async function approve() {
    if (!refund) return
    try {
      const result = await decide.mutateAsync({ id: refund.id, approve: true })
      toast.success(result.message)
      onClose()
    } catch (failure) {
      const message = getErrorMessage(failure)
      setError(message)
      toast.error(message)
    }
  }
  const amount = refund?.amountCents != null ? formatMoney(refund.amountCents, refund.currency) : 'o último pagamento'
  return (
    <ModalDialog open={refund !== null} onClose={onClose} locked={decide.isPending} title="Aprovar reembolso" description={refund ? `Devolve ${amount} a ${refund.email} no provedor de pagamento e encerra a assinatura agora.` : undefined}>
      <div className="mt-4 flex flex-col gap-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancelar
          </Button>
          <Button data-autofocus onClick={() => void approve()} disabled={decide.isPending} aria-busy={decide.isPending || undefined}>
            {decide.isPending ? 'Reembolsando...' : 'Aprovar e reembolsar'}
          </Button>
        </div>
      </div>
    </ModalDialog>
  )
}

/** Where the money goes back: the card, the paying Pix account, or the account a boleto's buyer named. */
function refundDestination(refund: AdminRefund): string {
  if (refund.paymentMethod === 'card') return 'estorno no cartão do pagamento'
  if (refund.paymentMethod === 'pix') return 'Pix de volta para a conta que pagou'
  const account = refund.refundAccount
  if (!account) return refund.status === 'pending' ? 'boleto — sem conta informada' : 'transferência para a conta informada pelo assinante'
  return `transferência para banco ${account.bankCode}, agência ${account.agency}, ${REFUND_ACCOUNT_TYPE_LABELS[account.accountType].toLowerCase()} ${account.account}, de ${account.holderName} (CPF ${formatCpf(account.holderCpf)})`
}

function RefundCard({ refund, onApprove, onReject }: { refund: AdminRefund; onApprove: () => void; onReject: () => void }) {
  return (
    <li className="rounded-2xl border border-line bg-card p-4 shadow-soft sm:p-5" data-testid={`refund-${refund.email}`}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-ink">{refund.userName ?? refund.email}</p>
        <Badge variant={refund.status === 'pending' ? 'gold' : refund.status === 'approved' ? 'success' : 'neutral'}>{STATUS[refund.status]}</Badge>
        {refund.withinWindow ? null : <Badge className="bg-danger-soft text-danger">Fora do prazo</Badge>}
      </div>
      <p className="break-all text-sm text-ink-muted">{refund.email}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-ink-muted">Plano</dt>
          <dd>{refund.planName ?? refund.planCode}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Valor pago</dt>
          <dd className="tabular-nums">{refund.amountCents != null ? formatMoney(refund.amountCents, refund.currency) : '—'}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Assinou em</dt>
          <dd className="tabular-nums">{dateTime.format(new Date(refund.subscriptionStartedAt))}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Pedido em</dt>
          <dd className="tabular-nums">{dateTime.format(new Date(refund.requestedAt))}</dd>
        </div>
      </dl>
      {refund.paymentMethod ? (
        <p className="mt-3 text-sm text-ink" data-testid="refund-destination">
          <span className="font-semibold">Devolução: </span>
          {refundDestination(refund)}
        </p>
      ) : null}
      <p className="mt-3 rounded-xl bg-tint/60 px-3 py-2 text-sm text-ink">
        <span className="font-semibold">Motivo do assinante: </span>
        {refund.reason || <span className="text-ink-muted">não informado</span>}
      </p>
      {refund.decisionReason ? (
        <p className="mt-2 text-sm text-ink">
          <span className="font-semibold">Motivo da recusa: </span>
          {refund.decisionReason}
        </p>
      ) : null}
      {refund.status === 'pending' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" onClick={onApprove}>
            Aprovar e reembolsar
          </Button>
          <Button size="sm" variant="outline" onClick={onReject}>
            Recusar
          </Button>
        </div>
      ) : refund.decidedAt ? (
        <p className="mt-3 text-xs text-ink-muted">Decidido em {dateTime.format(new Date(refund.decidedAt))}</p>
      ) : null}
    </li>
  )
}

/** `/admin/garantia`: refund requests (approve → refund and end; reject with a reason) and the guarantee days. */
export function GuaranteePage() {
  const [tab, setTab] = useState<'pending' | 'decided'>('pending')
  const refunds = useRefunds(tab)
  const [approving, setApproving] = useState<AdminRefund | null>(null)
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null)
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Garantia" description="Pedidos de reembolso feitos pelos assinantes dentro do prazo de garantia. Aprovar devolve o valor no provedor e encerra a assinatura; recusar exige um motivo, enviado por e-mail." />
      <GuaranteeDaysForm />
      <div role="tablist" aria-label="Pedidos" className="flex gap-1 rounded-2xl border border-line bg-card p-1 shadow-soft sm:w-fit">
        {(['pending', 'decided'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={cn('flex-1 rounded-xl px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600', tab === id ? 'bg-brand-700 text-white shadow-glow' : 'text-accent-strong hover:bg-tint')}
          >
            {id === 'pending' ? 'Pendentes' : 'Decididos'}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {refunds.isError ? <QueryError error={refunds.error} onRetry={() => void refunds.refetch()} /> : null}
        {refunds.isPending ? <Skeleton className="h-40 w-full" /> : null}
        {refunds.data && refunds.data.refunds.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-card px-4 py-8 text-center text-ink-muted">{tab === 'pending' ? 'Nenhum pedido aguardando decisão.' : 'Nenhum pedido decidido ainda.'}</p>
        ) : null}
        <ul className="grid gap-3">
          {refunds.data?.refunds.map((refund) => (
            <RefundCard key={refund.id} refund={refund} onApprove={() => setApproving(refund)} onReject={() => setRejecting(refund)} />
          ))}
        </ul>
      </div>
      <ApproveDialog key={approving?.id ?? 'none-a'} refund={approving} onClose={() => setApproving(null)} />
      <RejectDialog key={rejecting?.id ?? 'none-r'} refund={rejecting} onClose={() => setRejecting(null)} />
    </div>
  )
}
