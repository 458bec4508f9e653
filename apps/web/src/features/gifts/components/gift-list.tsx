import { useId, useState, type FormEvent } from 'react'
import { Gift } from 'lucide-react'
import type { UseQueryResult } from '@tanstack/react-query'
import { GIFT_MSG, formatCalendarDay, formatMoney, paidWithLabel, type GiftList as GiftListAnswer, type GiftSummary } from '@sintonia/contract'
import { BankAccountFields, EMPTY_ACCOUNT, REFUND_WAY, bankAccountFieldErrors, checkBankAccount, type AccountDraft } from '../../../components/refund-bank-account-fields'
import { GiftStateBadge } from '../../../components/gift-state'
import { Button, buttonVariants } from '../../../components/ui/button'
import { FormAlert, SubmitButton, useErrorReveal } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessageOr, loadErrorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { type FieldErrors } from '../../../lib/zod-issues'
import { useRefundGift } from '../api/gifts-api'
import { formatInstant } from '../lib/dates'

/** What the buyer reads under each gift: where it is now. */
function stateLine(gift: GiftSummary): string {
  switch (gift.state) {
    case 'awaiting_payment':
      return 'O pagamento ainda não foi confirmado.'
    case 'scheduled':
      return `Chega a ${gift.recipientName} em ${formatCalendarDay(gift.deliverOn)}.`
    case 'delivered':
      return `Entregue a ${gift.recipientName}${gift.deliveredAt ? ` em ${formatInstant(gift.deliveredAt)}` : ''}. Ainda não foi resgatado.`
    case 'redeemed':
      return `${gift.recipientName} resgatou o presente${gift.redeemedAt ? ` em ${formatInstant(gift.redeemedAt)}` : ''}.`
    case 'refunded':
      return `Reembolsado${gift.refundedAt ? ` em ${formatInstant(gift.refundedAt)}` : ''}.`
  }
}

/** The buyer's gifts with their states (/presentear), the refund while it is allowed. */
export function GiftList({ query, guaranteeDays }: { query: UseQueryResult<GiftListAnswer>; guaranteeDays: number }) {
  const [refunding, setRefunding] = useState<GiftSummary | null>(null)
  if (query.isPending) {
    return (
      <div role="status" className="mt-6 flex justify-center">
        <Spinner label="Carregando seus presentes..." className="size-6" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="mt-6 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
        {loadErrorMessage(query.error, 'Não foi possível carregar seus presentes.')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  }
  const gifts = query.data.gifts
  if (gifts.length === 0) {
    return <p className="mt-4 text-sm text-ink-muted">Os presentes que você der aparecem aqui, com o caminho de cada um até quem recebe.</p>
  }
  return (
    <>
      <ul className="mt-5 flex flex-col gap-4">
        {gifts.map((gift) => (
          <li key={gift.id} className="rounded-2xl border border-line bg-card p-5 shadow-soft" aria-label={`Presente para ${gift.recipientName}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="flex min-w-0 items-start gap-3">
                <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-tint text-accent-strong">
                  <Gift className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold break-words text-ink">
                    {gift.planName} para {gift.recipientName}
                  </p>
                  <p className="text-sm break-all text-ink-muted">{gift.recipientEmail}</p>
                </div>
              </div>
              <GiftStateBadge state={gift.state} />
            </div>
            <p className="mt-3 text-sm text-ink">{stateLine(gift)}</p>
            <p className="mt-1 text-sm text-ink-muted">
              {formatMoney(gift.amountCents, gift.currency)}
              {gift.method ? ` · ${paidWithLabel(gift.method, gift.amountCents, null)}` : ''}
            </p>
            {gift.state === 'awaiting_payment' && gift.payUrl ? (
              <a href={gift.payUrl} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-4' })}>
                Concluir pagamento
              </a>
            ) : null}
            {gift.refundableUntil ? (
              <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
                <Button variant="ghost" size="sm" onClick={() => setRefunding(gift)}>
                  Pedir reembolso
                </Button>
                <span className="text-xs text-ink-muted">Possível até {formatInstant(gift.refundableUntil)}, enquanto não for resgatado.</span>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <RefundGiftDialog gift={refunding} guaranteeDays={guaranteeDays} onClose={() => setRefunding(null)} />
    </>
  )
}

function RefundGiftDialog({ gift, guaranteeDays, onClose }: { gift: GiftSummary | null; guaranteeDays: number; onClose: () => void }) {
  const refund = useRefundGift()
  const [account, setAccount] = useState<AccountDraft>(EMPTY_ACCOUNT)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const errors = useErrorReveal()
  const byBoleto = gift?.method === 'boleto'

  const close = () => {
    if (refund.isPending) return
    setError(null)
    setFieldErrors({})
    onClose()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!gift || refund.isPending) return
    setError(null)
    let bankAccount
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
      { id: gift.id, ...(bankAccount ? { bankAccount } : {}) },
      {
        onSuccess: ({ message }) => {
          toast.success(message, { id: 'gift-refund' })
          setAccount(EMPTY_ACCOUNT)
          onClose()
        },
        onError: (e) => {
          setError(errorMessageOr(e, GIFT_MSG.refundFailed))
          setFieldErrors(bankAccountFieldErrors(e))
          errors.reveal()
        },
      },
    )
  }

  return (
    <ModalDialog
      open={gift !== null}
      onClose={close}
      locked={refund.isPending}
      title="Reembolsar este presente?"
      description={gift ? `O presente para ${gift.recipientName} é cancelado: o link que ela recebeu deixa de valer. Reembolso possível em até ${guaranteeDays} dias do pagamento, enquanto não for resgatado.` : undefined}
    >
      <form ref={errors.ref} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {gift?.method ? <p className="text-sm leading-relaxed text-ink-muted">{REFUND_WAY[gift.method]}</p> : null}
        {byBoleto ? (
          <BankAccountFields
            id={id}
            account={account}
            errors={fieldErrors}
            onChange={(key, value) => {
              setAccount((current) => ({ ...current, [key]: value }))
              setFieldErrors((current) => ({ ...current, [key]: '' }))
            }}
          />
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close} disabled={refund.isPending}>
            Manter presente
          </Button>
          <SubmitButton loading={refund.isPending} loadingText="Reembolsando..." size="md" className="sm:w-auto">
            Confirmar reembolso
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  )
}
