import { useId, useState } from 'react'
import { PauseCircle, HeartHandshake, Percent } from 'lucide-react'
import { toast } from 'sonner'
import { addMonths, CANCEL_NOTE_MAX, CANCEL_REASON_LABEL, CANCEL_REASONS, type CancelReason, type RetentionOffer } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { FormAlert, FormField } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useGoodbye, type GoodbyeChoice } from '../api/commerce-api'
import { formatLongDate } from '../lib/format'

export interface CancelSubscriptionDialogProps {
  open: boolean
  onClose: () => void
  /** When the paid period ends (access lasts until then). */
  accessUntil: string | null
  /** What the admin offers, once; null: straight to the confirmation. */
  offer: RetentionOffer
  /** The subscription changed (the page's subscription check is refreshed). */
  onChanged?: () => void
}

type Step = 'why' | 'offer' | 'confirm'

const monthsLabel = (months: number) => (months === 1 ? '1 mês' : `${months} meses`)


/**
 * A fair goodbye (docs/product/commerce.md#a-fair-goodbye): one optional question, then — once — the
 * admin's offer (a pause or a discount), then the confirmation. Nothing changes until a choice is sent.
 */
export function CancelSubscriptionDialog({ open, onClose, accessUntil, offer, onChanged }: CancelSubscriptionDialogProps) {
  const [step, setStep] = useState<Step>('why')
  const [reason, setReason] = useState<CancelReason | null>(null)
  const [note, setNote] = useState('')
  const [months, setMonths] = useState(1)
  const [error, setError] = useState<string | null>(null)
  const goodbye = useGoodbye(onChanged)
  const id = useId()
  const until = formatLongDate(accessUntil)
  const answer = { reason, note: note.trim() }

  const close = () => {
    if (goodbye.isPending) return
    setStep('why')
    setError(null)
    onClose()
  }

  const send = (choice: GoodbyeChoice) => {
    setError(null)
    goodbye.mutate(choice, {
      onSuccess: ({ message }) => {
        toast.success(message, { id: 'goodbye' })
        setStep('why')
        setReason(null)
        setNote('')
        onClose()
      },
      onError: (e) => setError(getErrorMessage(e)),
    })
  }

  const titles: Record<Step, string> = {
    why: 'Cancelar assinatura',
    offer: 'Antes de ir, uma ideia',
    confirm: 'Confirmar cancelamento?',
  }
  const descriptions: Record<Step, string> = {
    why: 'Conte por que você quer cancelar. A resposta é opcional e nos ajuda a melhorar.',
    offer: 'Se o momento não é bom, você não precisa perder o que construiu até aqui.',
    confirm: until
      ? `Você mantém o acesso até ${until}. Depois disso a assinatura termina e nada mais é cobrado. Até lá, você pode voltar com um toque.`
      : 'A assinatura termina no fim do período pago e nada mais é cobrado.',
  }

  return (
    <ModalDialog open={open} onClose={close} locked={goodbye.isPending} title={titles[step]} description={descriptions[step]}>
      <div className="flex flex-col gap-4" data-testid={`goodbye-${step}`}>
        {step === 'why' ? (
          <>
            <fieldset>
              <legend className="sr-only">Motivo do cancelamento (opcional)</legend>
              <div className="flex flex-col gap-2">
                {CANCEL_REASONS.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2 text-[0.95rem] transition-colors',
                      reason === value ? 'border-brand-600 bg-brand-50 text-ink dark:bg-brand-950/40' : 'border-line bg-card text-ink hover:border-line-strong',
                    )}
                  >
                    <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4 accent-brand-600" />
                    {CANCEL_REASON_LABEL[value]}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField id={`${id}-note`} label="Quer contar mais?" requirement="optional">
              <textarea
                id={`${id}-note`}
                rows={3}
                maxLength={CANCEL_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                className="block w-full rounded-xl border border-line bg-card px-4 py-3 text-base text-ink shadow-sm placeholder:text-ink-muted hover:border-line-strong focus-visible:border-brand-600 focus-visible:outline-none"
              />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={close}>
                Manter assinatura
              </Button>
              <Button onClick={() => setStep(offer ? 'offer' : 'confirm')} data-autofocus>
                Continuar
              </Button>
            </div>
          </>
        ) : null}

        {step === 'offer' && offer ? (
          <>
            {offer.pauseMaxMonths > 0 ? (
              <section aria-labelledby={`${id}-pause`} className="rounded-2xl border border-line bg-surface p-4">
                <h3 id={`${id}-pause`} className="flex items-center gap-2 font-bold text-ink">
                  <PauseCircle aria-hidden="true" className="size-5 text-primary" />
                  Pausar assinatura
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-ink-muted">
                  {until ? `Você pratica até ${until}. ` : ''}Depois, {monthsLabel(months)} sem acesso e sem cobrança
                  {accessUntil ? `; a assinatura volta sozinha em ${formatLongDate(addMonths(new Date(accessUntil), months).toISOString())}` : ''}.
                </p>
                {offer.pauseMaxMonths > 1 ? (
                  <div role="radiogroup" aria-label="Duração da pausa" className="mt-3 grid grid-cols-3 gap-2">
                    {Array.from({ length: offer.pauseMaxMonths }, (_, index) => index + 1).map((value) => (
                      <button
                        key={value}
                        type="button"
                        role="radio"
                        aria-checked={months === value}
                        onClick={() => setMonths(value)}
                        className={cn(
                          'min-h-11 rounded-full border px-2 text-sm font-semibold whitespace-nowrap transition-colors',
                          months === value ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-card text-ink hover:border-line-strong',
                        )}
                      >
                        {monthsLabel(value)}
                      </button>
                    ))}
                  </div>
                ) : null}
                <Button className="mt-3 w-full" disabled={goodbye.isPending} onClick={() => send({ kind: 'pause', answer, months })}>
                  Pausar por {monthsLabel(months)}
                </Button>
              </section>
            ) : null}
            {offer.discountPercent > 0 ? (
              <section aria-labelledby={`${id}-discount`} className="rounded-2xl border border-line bg-surface p-4">
                <h3 id={`${id}-discount`} className="flex items-center gap-2 font-bold text-ink">
                  <Percent aria-hidden="true" className="size-5 text-primary" />
                  {offer.discountPercent}% de desconto na próxima cobrança
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-ink-muted">Continue praticando e pague menos na renovação{until ? `, em ${until}` : ''}.</p>
                <Button variant="outline" className="mt-3 w-full" disabled={goodbye.isPending} onClick={() => send({ kind: 'discount', answer })}>
                  <HeartHandshake aria-hidden="true" />
                  Ficar com o desconto
                </Button>
              </section>
            ) : null}
            {error ? <FormAlert>{error}</FormAlert> : null}
            <Button variant="ghost" className="self-center" disabled={goodbye.isPending} onClick={() => setStep('confirm')}>
              Continuar cancelamento
            </Button>
          </>
        ) : null}

        {step === 'confirm' ? (
          <>
            {error ? <FormAlert>{error}</FormAlert> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={close} disabled={goodbye.isPending}>
                Manter assinatura
              </Button>
              <Button variant="outline" className="border-danger-line text-danger" disabled={goodbye.isPending} aria-busy={goodbye.isPending || undefined} onClick={() => send({ kind: 'cancel', answer })}>
                {goodbye.isPending ? 'Cancelando...' : 'Confirmar cancelamento'}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </ModalDialog>
  )
}
