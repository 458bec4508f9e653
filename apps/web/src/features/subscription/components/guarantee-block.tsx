import { useId, useState, type FormEvent } from 'react'
import { ShieldCheck } from 'lucide-react'
import { toast } from 'sonner'
import {
  COMMERCE_MSG,
  type PaymentMethod,
  type RefundBankAccount,
  type SubscriptionDetails,
} from '@sintonia/contract'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormField, SubmitButton, useErrorReveal } from '../../../components/ui/form'
import { BankAccountFields, EMPTY_ACCOUNT, REFUND_WAY, bankAccountFieldErrors, checkBankAccount, type AccountDraft } from '../../../components/refund-bank-account-fields'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import { type FieldErrors } from '../../../lib/zod-issues'
import { useRefundRequest } from '../api/commerce-api'
import { formatLongDate } from '../lib/format'

type Guarantee = SubscriptionDetails['guarantee']

const REQUEST_STATUS: Record<NonNullable<Guarantee['request']>['status'], { label: string; variant: 'gold' | 'success' | 'neutral'; text: string }> = {
  pending: { label: 'Em análise', variant: 'gold', text: 'Recebemos seu pedido de reembolso. Você receberá a resposta por e-mail.' },
  approved: { label: 'Aprovado', variant: 'success', text: 'Seu reembolso foi aprovado e a assinatura foi encerrada.' },
  rejected: { label: 'Recusado', variant: 'neutral', text: 'Seu pedido de reembolso foi recusado.' },
}

export const REFUND_REASON_MAX = 1000

/**
 * The guarantee (one setting, default 7 days: docs/product/commerce.md#guarantee-and-refunds):
 * within the window a subscriber may ask for a refund, with an optional reason; the request is
 * decided by an admin.
 */
export function GuaranteeBlock({ guarantee, paymentMethod = null }: { guarantee: Guarantee; paymentMethod?: PaymentMethod | null }) {
  const [open, setOpen] = useState(false)
  const until = formatLongDate(guarantee.eligibleUntil)
  const request = guarantee.request
  const status = request ? REQUEST_STATUS[request.status] : null

  return (
    <section aria-labelledby="guarantee-title" className="rounded-3xl border border-success-line bg-success-soft/60 p-5 sm:p-7">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-card text-success shadow-sm [&_svg]:size-6">
          <ShieldCheck />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="guarantee-title" className="text-xl font-bold tracking-tight text-ink">
            Garantia de {guarantee.days} dias
          </h2>
          <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-muted">
            Se não for para você, devolvemos seu dinheiro: basta pedir o reembolso em até {guarantee.days} dias após a assinatura.
          </p>

          {request && status ? (
            <div className="mt-4 rounded-2xl border border-line bg-card px-4 py-3" data-testid="refund-request">
              <p className="flex flex-wrap items-center gap-2 text-[0.95rem] font-semibold text-ink">
                Pedido de reembolso <Badge variant={status.variant}>{status.label}</Badge>
              </p>
              <p className="mt-1.5 text-sm leading-relaxed text-ink-muted">
                {status.text}
                {request.status === 'rejected' && request.decisionReason ? ` Motivo: ${request.decisionReason}` : ''}
              </p>
              {formatLongDate(request.requestedAt) ? (
                <p className="mt-1 text-xs text-ink-muted">Pedido feito em {formatLongDate(request.requestedAt)}.</p>
              ) : null}
            </div>
          ) : null}

          {guarantee.canRequestRefund ? (
            <div className="mt-4 flex flex-col items-start gap-3">
              {until ? <p className="text-sm text-success">Você pode pedir o reembolso até {until}.</p> : null}
              <Button variant="outline" onClick={() => setOpen(true)} className="w-full sm:w-auto">
                Pedir reembolso
              </Button>
            </div>
          ) : !request && until ? (
            <p className="mt-3 text-sm text-ink-muted">O prazo de garantia desta assinatura terminou em {until}.</p>
          ) : null}
        </div>
      </div>
      <RefundDialog open={open} onClose={() => setOpen(false)} days={guarantee.days} paymentMethod={paymentMethod} />
    </section>
  )
}

/** How the money goes back, said before the listener confirms (docs/product/commerce.md). */


function RefundDialog({ open, onClose, days, paymentMethod }: { open: boolean; onClose: () => void; days: number; paymentMethod: PaymentMethod | null }) {
  const refund = useRefundRequest()
  const [reason, setReason] = useState('')
  const [account, setAccount] = useState<AccountDraft>(EMPTY_ACCOUNT)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [error, setError] = useState<string | null>(null)
  const byBoleto = paymentMethod === 'boleto'
  const id = useId()
  const errors = useErrorReveal()

  const close = () => {
    if (refund.isPending) return
    setError(null)
    onClose()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (refund.isPending) return
    setError(null)
    let bankAccount: RefundBankAccount | undefined
    if (byBoleto) {
      const checked = checkBankAccount(account)
      if (checked.errors) {
        setFieldErrors(checked.errors)
        errors.reveal()
        return
      }
      bankAccount = checked.account
    }
    setFieldErrors({})
    refund.mutate(
      { reason: reason.trim(), ...(bankAccount ? { bankAccount } : {}) },
      {
        onSuccess: () => {
          toast.success(COMMERCE_MSG.refundRequested, { id: 'refund' })
          setReason('')
          setAccount(EMPTY_ACCOUNT)
          onClose()
        },
        onError: (e) => {
          setError(getErrorMessage(e))
          setFieldErrors(bankAccountFieldErrors(e))
          errors.reveal()
        },
      },
    )
  }

  return (
    <ModalDialog
      open={open}
      onClose={close}
      locked={refund.isPending}
      title="Pedir reembolso?"
      description={`Dentro da garantia de ${days} dias você recebe o valor pago de volta. Aprovado o pedido, a assinatura termina e o acesso aos áudios é encerrado.`}
    >
      <form ref={errors.ref} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {paymentMethod ? (
          <p className="text-sm leading-relaxed text-ink-muted" data-testid="refund-way">
            {REFUND_WAY[paymentMethod]}
          </p>
        ) : null}
        {byBoleto ? <BankAccountFields id={id} account={account} errors={fieldErrors} onChange={(key, value) => {
          setAccount((current) => ({ ...current, [key]: value }))
          setFieldErrors((current) => ({ ...current, [key]: '' }))
        }} /> : null}
        <FormField id={`${id}-reason`} label="Motivo" requirement="optional" hint="Conte o que não funcionou para você; isso nos ajuda a melhorar.">
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={4}
            maxLength={REFUND_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${id}-reason-hint`}
            data-autofocus
            className="block w-full rounded-xl border border-line bg-card px-4 py-3 text-base text-ink shadow-sm transition-[border-color,box-shadow] duration-200 placeholder:text-ink-muted hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none"
          />
        </FormField>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close} disabled={refund.isPending}>
            Voltar
          </Button>
          <SubmitButton loading={refund.isPending} loadingText="Enviando..." size="md" className="sm:w-auto">
            Confirmar pedido
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
