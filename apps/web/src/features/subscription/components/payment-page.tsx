import { useId, useState, type FormEvent } from 'react'
import { ArrowRight, CreditCard, FlaskConical, LockKeyhole, ShieldCheck } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { DEFAULT_PLAN_BENEFITS, PLAN_CODES, acceptedMethodsLabel, formatMoney, maxInstallments, type PlanCode, type PublicPlan } from '@sintonia/contract'
import { CheckList } from '../../../components/check-list'
import { periodLabel } from '../../../components/plans/plan-pricing'
import { Badge } from '../../../components/ui/badge'
import { EmailInput, FormAlert, FormField, SubmitButton, TextInput, useErrorReveal } from '../../../components/ui/form'
import { PageShell } from '../../../components/ui/page-shell'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { createPaymentCheckout, useGatewayInfo } from '../api/commerce-api'
import { CHECKOUT_TEXTS, useProviderTrip } from '../hooks/use-provider-redirect'
import { joinErrors, validatePaymentForm, type PaymentFormErrors } from '../lib/payment-form'

const DEFAULT_PLAN: PlanCode = 'anual'

/** Not a plan's benefit but how every subscription works: listed after the chosen plan's own. */
const CANCEL_ANYTIME = 'Cancele quando quiser, sem multa'

export interface PaymentPageProps {
  productName: string
  /** The public plans, and the guarantee days that came with them. */
  plans: { data: readonly PublicPlan[] | undefined; isPending: boolean; guaranteeDays?: number | undefined }
}

function chosenPlanCode(raw: string | null): PlanCode {
  return raw && (PLAN_CODES as readonly string[]).includes(raw) ? (raw as PlanCode) : DEFAULT_PLAN
}

/**
 * `/pagamento?plan=` (docs/product/commerce.md#payment-page-pagamento, pay-first): a visitor pays
 * before having an account and creates the password after the payment. The badge shows the
 * gateway's real mode (never a hard-coded one); the guarantee comes from the same setting as every
 * other page.
 */
export function PaymentPage({ productName, plans }: PaymentPageProps) {
  const [search, setSearch] = useSearchParams()
  const gateway = useGatewayInfo()
  const trip = useProviderTrip<'payment'>(CHECKOUT_TEXTS)
  const ids = useId()
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<PaymentFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const reveal = useErrorReveal()

  const planCode = chosenPlanCode(search.get('plan'))
  const available = plans.data ?? []
  const plan = available.find((p) => p.code === planCode) ?? available.find((p) => p.code === DEFAULT_PLAN) ?? available[0]
  const testMode = gateway.data?.mode === 'test'
  const guaranteeDays = gateway.data?.guaranteeDays ?? plans.guaranteeDays
  // The chosen plan's own benefits, as the admin wrote them (docs/product/commerce.md#payment-page-pagamento).
  const included = [...(plan?.benefits ?? DEFAULT_PLAN_BENEFITS), CANCEL_ANYTIME]

  const revalidate = (next: { email: string; name: string }) => {
    if (submitted) setErrors(validatePaymentForm(next))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (trip.busy || !plan) return
    setSubmitted(true)
    const found = validatePaymentForm({ email, name })
    setErrors(found)
    if (found.email || found.name) return reveal.reveal()
    void trip.start('payment', () => createPaymentCheckout({ email: email.trim(), name: name.trim(), planCode: plan.code }))
  }

  const summary = joinErrors(errors)

  return (
    <PageShell pageTitle={`Pagamento — ${productName}`} backdrop="glow" width="5xl" contentClassName="pt-8">
      <header className="flex flex-col items-center text-center">
        {gateway.isPending ? (
          <Skeleton className="h-7 w-36 rounded-full" />
        ) : gateway.data ? (
          testMode ? (
            <Badge variant="gold" data-testid="gateway-badge" className="px-3.5 py-1.5 text-[0.8rem]">
              <FlaskConical aria-hidden="true" />
              Modo de teste
            </Badge>
          ) : (
            <Badge variant="success" data-testid="gateway-badge" className="px-3.5 py-1.5 text-[0.8rem]">
              <LockKeyhole aria-hidden="true" />
              Pagamento seguro
            </Badge>
          )
        ) : null}
        <h1 className="mt-4 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-4xl">
          {plan ? (
            <>
              Plano {plan.name} por <span className="whitespace-nowrap text-accent">{formatMoney(plan.priceCents, plan.currency)}</span>
              <span className="text-xl font-bold text-ink-muted sm:text-2xl">/{periodLabel(plan.intervalMonths)}</span>
            </>
          ) : (
            'Finalize sua assinatura'
          )}
        </h1>
        <p className="mt-3 max-w-xl text-base leading-relaxed text-pretty text-ink-muted sm:text-lg">
          Pague agora e crie sua senha logo depois, com o mesmo e-mail. Acesso imediato a todos os áudios.
        </p>
      </header>

      {available.length > 1 ? (
        <fieldset className="mx-auto mt-7 max-w-xl">
          <legend className="sr-only">Plano</legend>
          <div className={cn('grid gap-2 rounded-2xl bg-tint p-1', available.length === 2 ? 'grid-cols-2' : 'grid-cols-3')}>
            {available.map((option) => {
              const selected = option.code === plan?.code
              return (
                <label
                  key={option.code}
                  className={cn(
                    'flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-xl px-2 py-1.5 text-center text-sm font-semibold transition-[background-color,color,box-shadow] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                    selected ? 'bg-card text-accent-strong shadow-soft' : 'text-ink-muted hover:text-accent-strong',
                  )}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={option.code}
                    checked={selected}
                    onChange={() => setSearch({ plan: option.code }, { replace: true })}
                    className="sr-only"
                  />
                  {option.name}
                  <span className="text-xs font-medium text-ink-muted tabular-nums">{formatMoney(option.pricePerMonthCents, option.currency)}/mês</span>
                </label>
              )
            })}
          </div>
        </fieldset>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[7fr_5fr] lg:gap-8">
        <section aria-labelledby="payment-form-title" className="min-w-0 rounded-4xl border border-line bg-card p-5 shadow-lifted sm:p-8">
          <h2 id="payment-form-title" className="flex items-center gap-2.5 text-xl font-bold tracking-tight text-ink">
            <CreditCard aria-hidden="true" className="size-5.5 text-accent" />
            Seus dados
          </h2>
          <p className="mt-1 text-[0.95rem] text-ink-muted">O pagamento é feito na página segura do nosso processador de pagamentos.</p>
          <form ref={reveal.ref} onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5" aria-label="Dados para pagamento">
            <FormField id={`${ids}-email`} label="Email" error={errors.email ?? null}>
              <EmailInput
                id={`${ids}-email`}
                name="email"
                placeholder="voce@exemplo.com"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${ids}-email-error` : undefined}
                value={email}
                onValueChange={(value) => {
                  setEmail(value)
                  revalidate({ email: value, name })
                }}
              />
            </FormField>
            <FormField id={`${ids}-name`} label="Nome Completo" error={errors.name ?? null}>
              <TextInput
                id={`${ids}-name`}
                name="name"
                autoComplete="name"
                maxLength={120}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${ids}-name-error` : undefined}
                value={name}
                onChange={(e) => {
                  setName(e.target.value)
                  revalidate({ email, name: e.target.value })
                }}
              />
            </FormField>
            {summary ? <FormAlert>{summary}</FormAlert> : null}
            {!plans.isPending && !plan ? <FormAlert>Não foi possível carregar os planos. Atualize a página para tentar de novo.</FormAlert> : null}
            <SubmitButton loading={trip.busy} loadingText="Preparando pagamento..." disabled={!plan} className="whitespace-normal">
              <LockKeyhole aria-hidden="true" />
              Continuar para o pagamento
              <ArrowRight aria-hidden="true" />
            </SubmitButton>
            {gateway.data && plan ? (
              <p className="text-center text-sm font-medium text-ink" data-testid="payment-methods">
                {acceptedMethodsLabel(gateway.data.methods, {
                  maxInstallments: gateway.data.cardInstallments ? maxInstallments(plan.intervalMonths) : 1,
                  interestFree: gateway.data.installmentsInterestFree,
                })}
              </p>
            ) : null}
            <p className="text-center text-sm leading-relaxed text-ink-muted">
              Ao continuar você declara ter mais de 18 anos e concorda com os{' '}
              <Link to="/terms" className="font-semibold text-accent underline decoration-accent underline-offset-4 hover:text-accent-strong">
                Termos de Uso
              </Link>{' '}
              e a{' '}
              <Link to="/privacy" className="font-semibold text-accent underline decoration-accent underline-offset-4 hover:text-accent-strong">
                Política de Privacidade
              </Link>
              .
            </p>
            {/* The way in for someone with an account (a phone has no 'Entrar' bar here): signed in, the plan's checkout starts (auth-first). */}
            <p className="text-center text-sm text-ink-muted">
              Já tem uma conta?{' '}
              <Link
                to={plan ? `/login?plan=${encodeURIComponent(plan.code)}` : '/login'}
                className="font-semibold text-accent underline decoration-accent underline-offset-4 hover:text-accent-strong"
              >
                Entrar
              </Link>
            </p>
          </form>

          {testMode && gateway.data && gateway.data.testCards.length > 0 ? (
            <div className="mt-7 rounded-2xl border border-warm-line bg-warm-soft p-4 sm:p-5">
              <h3 className="flex items-center gap-2 text-[0.95rem] font-bold text-warm">
                <FlaskConical aria-hidden="true" className="size-4.5" />
                Cartões de teste
              </h3>
              <p className="mt-1 text-sm text-warm">Nenhuma cobrança real é feita. Use qualquer validade futura e qualquer CVC.</p>
              <ul className="mt-3 grid gap-1.5" aria-label="Cartões de teste">
                {gateway.data.testCards.map((card) => (
                  <li key={card.number} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-xl bg-card px-3 py-2 text-sm">
                    <code className="font-mono font-semibold text-ink tabular-nums">{card.number}</code>
                    <span className="text-ink-muted">{card.outcome}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>

        <aside className="flex min-w-0 flex-col gap-5">
          <section aria-labelledby="payment-benefits-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-6">
            <h2 id="payment-benefits-title" className="text-lg font-bold text-ink">
              O que está incluído
            </h2>
            <CheckList items={included} className="mt-4" />
          </section>
          <section aria-labelledby="payment-guarantee-title" className="rounded-3xl border border-success-line bg-success-soft/70 p-5 sm:p-6">
            <h2 id="payment-guarantee-title" className="flex items-center gap-2 text-lg font-bold text-ink">
              <ShieldCheck aria-hidden="true" className="size-5.5 text-success" />
              {guaranteeDays ? `Garantia de ${guaranteeDays} dias` : 'Garantia'}
            </h2>
            <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-muted">
              Se não for para você, peça o reembolso na página da sua assinatura dentro do prazo e devolvemos o valor pago.
            </p>
          </section>
        </aside>
      </div>
    </PageShell>
  )
}
