import { useId, useMemo, useState, type FormEvent } from 'react'
import { CalendarHeart, Gift, ShieldCheck } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { createGiftSchema, GIFT_MAX_DAYS_AHEAD, GIFT_MSG, GIFT_MESSAGE_MAX, GIFT_NAME_MAX, formatMoney, type PlanCode, type PublicPlan } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { EmailInput, FormAlert, FormField, SubmitButton, TextInput, describedBy, useErrorReveal } from '../../../components/ui/form'
import { PageShell } from '../../../components/ui/page-shell'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessageOr } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { toast } from '../../../lib/toast'
import { zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { createGiftCheckout, useMyGifts } from '../api/gifts-api'
import { brazilToday, shiftDay } from '../lib/dates'
import { GiftList } from './gift-list'

export interface GiftPageProps {
  productName: string
  plans: { data: readonly PublicPlan[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown }
  guaranteeDays: number
  /** Admins do not buy gifts (the server says so too). */
  isAdmin: boolean
}

const DATE_HINT = 'O e-mail chega nesse dia, logo cedo (horário de Brasília). Hoje: assim que o pagamento for confirmado.'
const monthsLabel = (months: number) => (months === 1 ? '1 mês' : `${months} meses`)
const textarea =
  'block w-full rounded-xl border border-line bg-card px-4 py-3 text-base text-ink shadow-sm placeholder:text-ink-muted hover:border-line-strong focus-visible:border-brand-600 focus-visible:shadow-[0_0_0_4px_rgb(106_61_234/0.12)] focus-visible:outline-none aria-invalid:border-red-600'

/**
 * /presentear (docs/product/commerce.md#gifts): the buyer chooses a plan, who receives it, a message
 * and the day it arrives, pays once on the provider's page, and follows every gift below.
 */
export function GiftPage({ productName, plans, guaranteeDays, isAdmin }: GiftPageProps) {
  const ids = useId()
  const [params] = useSearchParams()
  const today = useMemo(() => brazilToday(), [])
  const activePlans = plans.data ?? []
  const [planCode, setPlanCode] = useState<PlanCode | null>(null)
  const chosen = activePlans.find((plan) => plan.code === planCode) ?? activePlans.find((plan) => plan.popular) ?? activePlans[0] ?? null
  const [recipientName, setRecipientName] = useState('')
  const [recipientEmail, setRecipientEmail] = useState('')
  const [message, setMessage] = useState('')
  const [deliverOn, setDeliverOn] = useState(today)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const reveal = useErrorReveal()
  const gifts = useMyGifts()
  const justPaid = params.get('pago') !== null
  const messageHint = `${message.length} de ${GIFT_MESSAGE_MAX} caracteres`

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (leaving || !chosen) return
    setFailure(null)
    const parsed = createGiftSchema.safeParse({ planCode: chosen.code, recipientName, recipientEmail, message, deliverOn })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      reveal.reveal()
      return
    }
    setErrors({})
    setLeaving(true)
    try {
      const { url } = await createGiftCheckout(parsed.data)
      toast.info('Abrindo o pagamento seguro…', { id: 'gift-checkout' })
      window.location.assign(url)
    } catch (error) {
      setLeaving(false)
      setFailure(errorMessageOr(error, 'Erro ao criar o pagamento do presente. Tente novamente.'))
      reveal.reveal()
    }
  }

  // Back from paying, the buyer's gifts come first: that is what they came back to see.
  const mine = (
    <section aria-labelledby={`${ids}-mine`} className={justPaid ? 'mt-8' : 'mt-14'}>
      <h2 id={`${ids}-mine`} className="text-xl font-bold tracking-tight text-ink">
        Seus presentes
      </h2>
      <GiftList query={gifts} guaranteeDays={guaranteeDays} />
    </section>
  )

  return (
    <PageShell pageTitle={`Presentear — ${productName}`} backdrop="glow" width="3xl">
      <header className="text-center">
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-strong uppercase">
          <Gift aria-hidden="true" className="size-4" /> Presentear
        </p>
        <h1 className="mt-2 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-4xl">Dê de presente um tempo de cuidado</h1>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-ink-muted">
          Escolha um plano, escreva uma mensagem e marque o dia: a pessoa recebe por e-mail um link para começar a praticar. Pagamento único, sem renovação.
        </p>
      </header>

      {justPaid ? (
        <>
          <p role="status" className="mx-auto mt-8 max-w-xl rounded-2xl border border-success/30 bg-success-soft px-5 py-4 text-center text-sm font-medium text-success">
            Pagamento recebido. Acompanhe o seu presente aqui.
          </p>
          {mine}
          <h2 className="mt-14 text-xl font-bold tracking-tight text-ink">Dar outro presente</h2>
        </>
      ) : null}

      {isAdmin || gifts.data?.available === false ? (
        <p role="alert" className="mx-auto mt-10 max-w-xl rounded-2xl border border-line bg-card p-6 text-center text-ink-muted shadow-soft">
          {isAdmin ? GIFT_MSG.adminCannotGift : GIFT_MSG.unavailable}
        </p>
      ) : (
        <form ref={reveal.ref} noValidate onSubmit={onSubmit} className={cn(justPaid ? 'mt-5' : 'mt-10', 'flex flex-col gap-8 rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-8')} aria-labelledby={`${ids}-title`}>
          <h2 id={`${ids}-title`} className="sr-only">
            Novo presente
          </h2>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-[0.95rem] font-semibold text-ink">Plano</legend>
            {plans.isPending ? (
              <Spinner label="Carregando planos..." className="size-6" />
            ) : activePlans.length === 0 ? (
              <div role="alert" className="text-sm text-ink-muted">
                Não foi possível carregar os planos.{' '}
                <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
                  Tentar novamente
                </Button>
              </div>
            ) : (
              <div className="grid gap-3 sm:grid-cols-3">
                {activePlans.map((plan) => {
                  const selected = chosen?.code === plan.code
                  return (
                    <label
                      key={plan.code}
                      className={cn(
                        'flex cursor-pointer flex-col gap-1 rounded-2xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                        selected ? 'border-brand-600 bg-tint' : 'border-line hover:border-line-strong',
                      )}
                    >
                      <input type="radio" name="plan" value={plan.code} checked={selected} onChange={() => setPlanCode(plan.code)} className="sr-only" />
                      <span className="font-semibold text-ink">{plan.name}</span>
                      <span className="text-sm text-ink-muted">{monthsLabel(plan.intervalMonths)} de prática</span>
                      <span className="mt-1 text-lg font-bold text-ink">{formatMoney(plan.priceCents, plan.currency)}</span>
                    </label>
                  )
                })}
              </div>
            )}
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={`${ids}-name`} label="Nome de quem recebe" requirement="required" error={errors.recipientName}>
              <TextInput
                id={`${ids}-name`}
                value={recipientName}
                maxLength={GIFT_NAME_MAX}
                autoComplete="off"
                onChange={(e) => setRecipientName(e.target.value)}
                aria-invalid={errors.recipientName ? true : undefined}
                aria-describedby={describedBy(`${ids}-name`, { error: errors.recipientName })}
              />
            </FormField>
            <FormField id={`${ids}-email`} label="E-mail de quem recebe" requirement="required" error={errors.recipientEmail}>
              <EmailInput
                id={`${ids}-email`}
                value={recipientEmail}
                autoComplete="off"
                onValueChange={setRecipientEmail}
                aria-invalid={errors.recipientEmail ? true : undefined}
                aria-describedby={describedBy(`${ids}-email`, { error: errors.recipientEmail })}
              />
            </FormField>
          </div>

          <FormField id={`${ids}-message`} label="Mensagem" requirement="optional" hint={messageHint} error={errors.message}>
            <textarea
              id={`${ids}-message`}
              rows={4}
              maxLength={GIFT_MESSAGE_MAX}
              value={message}
              placeholder="Que este tempo seja só seu. Com carinho…"
              onChange={(e) => setMessage(e.target.value)}
              className={textarea}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy(`${ids}-message`, { hint: messageHint, error: errors.message })}
            />
          </FormField>

          <FormField
            id={`${ids}-date`}
            label="Dia da entrega"
            requirement="required"
            hint={DATE_HINT}
            error={errors.deliverOn}
          >
            <div className="relative">
              <CalendarHeart aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
              <TextInput
                id={`${ids}-date`}
                type="date"
                value={deliverOn}
                min={today}
                max={shiftDay(today, GIFT_MAX_DAYS_AHEAD)}
                onChange={(e) => setDeliverOn(e.target.value)}
                className="pl-12"
                aria-invalid={errors.deliverOn ? true : undefined}
                aria-describedby={describedBy(`${ids}-date`, { hint: DATE_HINT, error: errors.deliverOn })}
              />
            </div>
          </FormField>

          {failure ? <FormAlert>{failure}</FormAlert> : null}

          <div className="flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex flex-1 items-start gap-2 text-sm text-ink-muted">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <span>Enquanto não for resgatado, você pode pedir o reembolso em até {guaranteeDays} dias.</span>
            </p>
            <SubmitButton size="lg" loading={leaving} loadingText="Abrindo o pagamento…" disabled={!chosen} className="sm:w-auto sm:shrink-0">
              {chosen ? `Pagar presente · ${formatMoney(chosen.priceCents, chosen.currency)}` : 'Pagar presente'}
            </SubmitButton>
          </div>
        </form>
      )}

      {justPaid ? null : mine}
    </PageShell>
  )
}
