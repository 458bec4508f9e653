import { useEffect, useRef, useState } from 'react'
import { ArrowRight, CircleAlert, CreditCard, Gift, Info, ShieldCheck, UserRound } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { COMMERCE_MSG, DEFAULT_GUARANTEE_DAYS, PLAN_CODES, formatMoney, type PlanCode, type PublicPlan } from '@sintonia/contract'
import { PlanCard } from '../../../components/plans/plan-card'
import { periodLabel } from '../../../components/plans/plan-pricing'
import { planGridClass, planSkeletons } from '../../../components/plans/plan-grid'
import { StalePlansNotice } from '../../../components/plans/stale-plans-notice'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { PageShell } from '../../../components/ui/page-shell'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { scrollToSection } from '../../../lib/scroll'
import { createPendingPaymentLink, createPortalLink, createSubscriptionCheckout, useGatewayInfo, useSubscriptionDetails } from '../api/commerce-api'
import { CHECKOUT_TEXTS, PENDING_PAYMENT_TEXTS, PORTAL_TEXTS, useProviderTrip } from '../hooks/use-provider-redirect'
import { CurrentSubscriptionCard } from './current-subscription-card'
import { GuaranteeBlock } from './guarantee-block'
import { PlanBenefits, PlanFaq } from './plan-page-info'

/** Who is looking at the page, as the route reads it from the sign-in. */
export type Viewer = 'loading' | 'anonymous' | 'listener' | 'admin'

export interface PlansPageProps {
  productName: string
  viewer: Viewer
  /**
   * The listener's subscription check; ignored for visitors and admins. `refresh` forces a new
   * check when the subscription's details (read fresh) show the cached check is out of date.
   */
  subscription: { status: 'loading' | 'subscribed' | 'unsubscribed' | 'error'; tier: string | null; refresh?: () => unknown }
  /**
   * The public plans. After a failed load `data` holds the last plans this browser saw, or the
   * defaults (features/landing, `usePublicPlans`), and `isError` stays true: the page shows them
   * with a notice and 'Tentar novamente' rather than an empty section.
   */
  plans: {
    data: readonly PublicPlan[] | undefined
    isPending: boolean
    isError: boolean
    refetch: () => void
    /** The guarantee days that came with the plans (the admin's setting). */
    guaranteeDays?: number
    /** A retry is on its way. */
    isRefetching?: boolean
  }
}

function isPlanCode(value: string | null): value is PlanCode {
  return value !== null && (PLAN_CODES as readonly string[]).includes(value)
}

/**
 * `/assinatura` (docs/product/commerce.md#plan-page-assinatura): the plan list and, for
 * subscribers, the management of the subscription. Query: `auto_plan` (a signed-in listener's
 * checkout starts by itself, once), `plan` (the landing's choice: checkout for a listener, the
 * sign-in or pay-first choice for a visitor), `error=verification_failed` (a failed payment
 * verification).
 */
export function PlansPage({ productName, viewer, subscription, plans }: PlansPageProps) {
  const [search, setSearch] = useSearchParams()
  const isListener = viewer === 'listener'
  const details = useSubscriptionDetails({ enabled: isListener })
  const currentSubscription = details.data?.subscription ?? null
  // The details are read fresh; the subscription check may be minutes old (a refund approved, a
  // period ended since): once the details are in, they say whether this listener has access.
  const checkStatus = details.data ? (currentSubscription?.givesAccess ? 'subscribed' : 'unsubscribed') : subscription.status
  const subscribed = isListener && checkStatus === 'subscribed'
  const checkIsStale = isListener && details.data !== undefined && subscription.status !== 'loading' && subscription.status !== checkStatus
  const refreshCheck = subscription.refresh
  const gateway = useGatewayInfo()
  const checkout = useProviderTrip<PlanCode>(CHECKOUT_TEXTS)
  const portal = useProviderTrip<'portal'>(PORTAL_TEXTS)
  const pendingPayment = useProviderTrip<'pending'>(PENDING_PAYMENT_TEXTS)
  const [choicePlan, setChoicePlan] = useState<PublicPlan | null>(null)
  const autoStarted = useRef(false)

  const verificationFailed = search.get('error') === 'verification_failed'
  const requested = search.get('auto_plan') ?? search.get('plan')
  const activePlans = plans.data ?? []
  const currentTier = subscribed ? (currentSubscription?.planCode ?? subscription.tier) : null
  const guaranteeDays = details.data?.guarantee.days ?? plans.guaranteeDays ?? gateway.data?.guaranteeDays ?? DEFAULT_GUARANTEE_DAYS

  // The rest of the app (the listener pages' guard) follows the fresh answer too.
  useEffect(() => {
    if (checkIsStale) void refreshCheck?.()
  }, [checkIsStale, refreshCheck])

  const startCheckout = (plan: PublicPlan) => void checkout.start(plan.code, () => createSubscriptionCheckout(plan.code))
  const openPortal = () => void portal.start('portal', createPortalLink)
  const payPending = () => void pendingPayment.start('pending', createPendingPaymentLink)

  // auto_plan / plan: acted on once, when the viewer and the plans are known; then dropped from
  // the address so going back to this page never starts a second checkout.
  useEffect(() => {
    if (autoStarted.current || !requested || viewer === 'loading' || plans.isPending) return
    if (isListener && checkStatus === 'loading') return
    autoStarted.current = true
    const next = new URLSearchParams(search)
    next.delete('auto_plan')
    next.delete('plan')
    setSearch(next, { replace: true })
    const plan = isPlanCode(requested) ? activePlans.find((p) => p.code === requested) : undefined
    if (!plan) return
    if (viewer === 'anonymous') setChoicePlan(plan)
    else if (isListener && checkStatus === 'unsubscribed') startCheckout(plan)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once when everything it needs is known
  }, [requested, viewer, plans.isPending, checkStatus])

  const title = subscribed ? 'Gerenciar Assinatura' : 'Escolha Seu Plano'
  // Nothing was paid for complimentary access, so there is no guarantee to show; an ended
  // subscription keeps the block only to tell what became of its refund request.
  const showGuarantee =
    details.data !== undefined &&
    currentSubscription !== null &&
    currentSubscription.managedByProvider &&
    (currentSubscription.givesAccess || details.data.guarantee.request !== null)

  const actionFor = (plan: PublicPlan) => {
    const base = 'w-full whitespace-normal'
    const variant = plan.popular ? 'primary' : 'outline'
    if (currentTier === plan.code) {
      return (
        <Button size="lg" variant="secondary" disabled className={base}>
          Plano Atual
        </Button>
      )
    }
    if (currentSubscription?.pause) {
      // A pause is still a subscription: it comes back by itself, so nothing is bought meanwhile.
      return (
        <Button size="lg" variant="secondary" disabled className={base}>
          Assinatura pausada
        </Button>
      )
    }
    if (subscribed) {
      const canChange = currentSubscription?.managedByProvider === true
      return (
        <Button size="lg" variant="outline" className={base} disabled={!canChange || portal.busy} onClick={openPortal}>
          Mudar para {plan.name}
        </Button>
      )
    }
    const busy = checkout.busyKey === plan.code
    return (
      <Button
        size="lg"
        variant={variant}
        className={base}
        disabled={viewer === 'loading' || viewer === 'admin' || (isListener && checkStatus === 'loading') || checkout.busy}
        aria-busy={busy || undefined}
        onClick={() => (viewer === 'anonymous' ? setChoicePlan(plan) : startCheckout(plan))}
      >
        {busy ? <Spinner label={null} className="size-5 [&>span]:border-white/30 [&>span]:border-t-white" /> : null}
        {busy ? 'Preparando...' : plan.buttonText}
      </Button>
    )
  }

  return (
    <PageShell pageTitle={`${title} — ${productName}`} backdrop="glow" width="6xl">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{subscribed ? 'Assinatura' : 'Planos'}</p>
        <h1 className="mt-2 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-4xl">{title}</h1>
        <p className="mt-3 text-base leading-relaxed text-pretty text-ink-muted sm:text-lg">
          {subscribed
            ? 'Acompanhe sua assinatura, abra o portal de pagamento e veja sua garantia.'
            : `Acesso completo ao ${productName}. Quanto mais longo o plano, menor o valor por mês.`}
        </p>
      </header>

      {verificationFailed ? (
        <div role="alert" className="mx-auto mt-8 flex max-w-2xl items-start gap-3 rounded-2xl border border-danger-line bg-danger-soft px-4 py-4 text-left text-danger sm:px-5">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <div>
            <p className="font-semibold">{COMMERCE_MSG.paymentNotVerifiable}</p>
            <p className="mt-1 text-[0.95rem] leading-relaxed text-danger">
              Se você concluiu o pagamento, aguarde alguns instantes e atualize esta página; a confirmação pode levar um minuto. Se o problema
              continuar, fale com o nosso suporte.
            </p>
          </div>
        </div>
      ) : null}

      {viewer === 'admin' ? (
        <p role="note" className="mx-auto mt-8 flex max-w-2xl items-start gap-3 rounded-2xl border border-line bg-card px-4 py-3 text-[0.95rem] text-ink-muted shadow-sm">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
          Contas de administrador não assinam planos. Para ver a página como um ouvinte, entre com uma conta de ouvinte.
        </p>
      ) : null}

      {isListener && currentSubscription ? (
        <div className={cn('mx-auto mt-10 grid gap-5', showGuarantee ? 'max-w-4xl lg:grid-cols-[3fr_2fr]' : 'max-w-2xl')}>
          <CurrentSubscriptionCard
            subscription={currentSubscription}
            onOpenPortal={openPortal}
            portalBusy={portal.busy}
            onPayPending={payPending}
            payPendingBusy={pendingPayment.busy}
            onSubscribeAgain={() => void scrollToSection('planos')}
            onChanged={() => void refreshCheck?.()}
          />
          {showGuarantee ? <GuaranteeBlock guarantee={details.data!.guarantee} paymentMethod={currentSubscription.lastPaymentMethod} /> : null}
        </div>
      ) : isListener && subscribed && details.isPending ? (
        <div role="status" className="mt-10 flex justify-center">
          <Spinner label="Carregando sua assinatura..." className="size-8" />
        </div>
      ) : null}

      <section id="planos" aria-labelledby="plans-title" aria-busy={plans.isPending} className="mt-12 scroll-mt-8 outline-none sm:mt-14">
        <h2 id="plans-title" className={cn(subscribed ? 'text-center text-2xl font-extrabold tracking-tight text-ink' : 'sr-only')}>
          {subscribed ? 'Planos disponíveis' : 'Planos'}
        </h2>
        {plans.isPending ? (
          <>
            <ul className={cn('mx-auto mt-8 grid gap-6 lg:gap-7', planGridClass(3))}>{planSkeletons(3)}</ul>
            <p role="status" className="sr-only">
              Carregando planos...
            </p>
          </>
        ) : activePlans.length === 0 ? (
          <div role="alert" className="mx-auto mt-8 max-w-md rounded-3xl border border-line bg-card p-6 text-center shadow-soft">
            <p className="font-semibold text-ink">
              {plans.isError ? 'Não foi possível carregar os planos.' : 'Nenhum plano está disponível no momento.'}
            </p>
            {plans.isError ? (
              <Button variant="outline" className="mt-4" onClick={plans.refetch}>
                Tentar novamente
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            {plans.isError ? <StalePlansNotice onRetry={plans.refetch} retrying={plans.isRefetching === true} className="mt-8" /> : null}
            <ul data-testid="plan-grid" data-columns={Math.min(activePlans.length, 3)} className={cn('mx-auto mt-8 grid gap-6 lg:gap-7', planGridClass(activePlans.length))}>
              {activePlans.map((plan) => (
                <PlanCard key={plan.code} plan={plan} current={currentTier === plan.code} action={actionFor(plan)} />
              ))}
            </ul>
          </>
        )}
        {!subscribed ? (
          <p className="mt-8 flex items-center justify-center gap-2 text-center text-sm text-ink-muted">
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
            <span>
              <strong className="font-semibold text-ink">Garantia de {guaranteeDays} dias</strong>: se não for para você, devolvemos seu dinheiro.
            </span>
          </p>
        ) : null}
      </section>

      {viewer !== 'admin' ? (
        <section aria-labelledby="gift-title" className="mx-auto mt-16 flex max-w-3xl flex-col items-center gap-4 rounded-3xl border border-line bg-card p-6 text-center shadow-soft sm:mt-20 sm:flex-row sm:p-8 sm:text-left">
          <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-full bg-tint text-accent-strong">
            <Gift className="size-7" />
          </span>
          <div className="flex-1">
            <h2 id="gift-title" className="text-xl font-bold tracking-tight text-ink">
              Presentear alguém
            </h2>
            <p className="mt-1 text-sm text-ink-muted">Escolha um plano, escreva uma mensagem e marque o dia: a pessoa recebe por e-mail. Pagamento único, sem renovação.</p>
          </div>
          <ButtonLink to="/presentear" variant="outline" className="shrink-0">
            Presentear
          </ButtonLink>
        </section>
      ) : null}

      <div className="mt-16 sm:mt-20">
        <PlanBenefits />
      </div>
      <div className="mt-16 sm:mt-20">
        <PlanFaq guaranteeDays={guaranteeDays} />
      </div>

      <ChoiceDialog plan={choicePlan} onClose={() => setChoicePlan(null)} />
    </PageShell>
  )
}

/**
 * A visitor picked a plan: sign in (or create the account) and subscribe with it, or pay first
 * and create the password afterwards (docs/product/commerce.md#choice-for-a-visitor).
 */
function ChoiceDialog({ plan, onClose }: { plan: PublicPlan | null; onClose: () => void }) {
  const [shown, setShown] = useState<PublicPlan | null>(plan)
  if (plan && plan !== shown) setShown(plan)
  const current = plan ?? shown
  return (
    <ModalDialog
      open={plan !== null}
      onClose={onClose}
      title={current ? `Assinar o plano ${current.name}` : 'Assinar'}
      description={
        current ? (
          <>
            {formatMoney(current.priceCents, current.currency)}/{periodLabel(current.intervalMonths)}. Como você prefere continuar?
          </>
        ) : undefined
      }
    >
      {current ? (
        <div className="flex flex-col gap-3">
          <ButtonLink to={`/login?plan=${current.code}`} size="lg" className="w-full whitespace-normal" data-autofocus>
            <UserRound aria-hidden="true" />
            Entrar ou criar conta
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to={`/pagamento?plan=${current.code}`} size="lg" variant="outline" className="w-full whitespace-normal">
            <CreditCard aria-hidden="true" />
            Pagar agora e criar a senha depois
          </ButtonLink>
          <p className="text-center text-sm leading-relaxed text-ink-muted">
            Pagando agora, você cria sua senha logo depois do pagamento, com o mesmo e-mail.
          </p>
        </div>
      ) : null}
    </ModalDialog>
  )
}
