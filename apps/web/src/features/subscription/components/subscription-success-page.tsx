import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowRight, ExternalLink, PartyPopper } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { formatMoney, paidWithLabel, pricePerMonthCents, type PublicPlan } from '@sintonia/contract'
import { CheckList } from '../../../components/check-list'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { commerceKeys, createPortalLink, useSubscriptionDetails, verifyPayment } from '../api/commerce-api'
import { PORTAL_TEXTS, useProviderTrip } from '../hooks/use-provider-redirect'
import { SUBSCRIPTION_STATUS_LABEL, formatLongDate, planName } from '../lib/format'
import { cleanCheckoutId } from '../lib/checkout-id'
import { DetailList, StatusCard } from './commerce-shell'

/** The success page shows a spinner for 2 s. */
export const SUCCESS_SPINNER_MS = 2_000
/** Read by the dashboard's welcome banner (docs/product/listening.md#dashboard-dashboard). */
export const JUST_SUBSCRIBED_KEY = 'justSubscribed'

const INCLUSIONS = [
  'Acesso ilimitado a todos os campos e áudios guiados',
  'Downloads para ouvir sem internet',
  'Playlists e favoritos sincronizados entre seus aparelhos',
  'Novos conteúdos todo mês',
]

const NEXT_STEPS = [
  'Abra o painel e escolha um campo para começar.',
  'Ouça um áudio por dia, de preferência no mesmo horário.',
  'Instale o app no celular para ouvir com um toque.',
]

export interface SubscriptionSuccessPageProps {
  productName: string
  /** A listener is signed in (their subscription details can be read). */
  signedIn: boolean
  /** Forced subscription check: the 5-minute cache must not keep the new subscriber locked out. */
  refreshSubscription: () => Promise<unknown>
  plans: readonly PublicPlan[] | undefined
}

/**
 * `/assinatura/sucesso?session_id=` (docs/product/commerce.md#success-page-assinaturasucesso): 2 s
 * spinner, `justSubscribed` set for the dashboard's welcome banner, then 'Assinatura Ativada!' with
 * the subscription's details. The checkout id only serves to ask the server; it is never shown.
 */
export function SubscriptionSuccessPage({ productName, signedIn, refreshSubscription, plans }: SubscriptionSuccessPageProps) {
  const [search] = useSearchParams()
  const checkoutId = cleanCheckoutId(search.get('session_id'))
  const queryClient = useQueryClient()
  const [spinning, setSpinning] = useState(true)
  const refreshed = useRef(false)
  const portal = useProviderTrip<'portal'>(PORTAL_TEXTS)

  useEffect(() => {
    try {
      window.localStorage.setItem(JUST_SUBSCRIBED_KEY, 'true')
    } catch {
      // Blocked storage: no welcome banner, nothing else lost.
    }
    const timer = setTimeout(() => setSpinning(false), SUCCESS_SPINNER_MS)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    if (!signedIn || refreshed.current) return
    refreshed.current = true
    void refreshSubscription()
    void queryClient.invalidateQueries({ queryKey: commerceKeys.details })
  }, [signedIn, refreshSubscription, queryClient])

  const details = useSubscriptionDetails({ enabled: signedIn })
  const payment = useQuery({
    queryKey: commerceKeys.verifyPayment(checkoutId ?? ''),
    queryFn: ({ signal }) => verifyPayment(checkoutId!, signal),
    enabled: checkoutId !== null,
    retry: 1,
  })

  const loading = spinning || (signedIn && details.isPending) || (checkoutId !== null && payment.isPending)
  if (loading) {
    return (
      <StatusCard pageTitle={`Ativando sua assinatura — ${productName}`} icon={<Spinner label={null} className="size-8" />} title="Ativando sua assinatura...">
        <p role="status" className="sr-only">
          Ativando sua assinatura...
        </p>
      </StatusCard>
    )
  }

  const subscription = details.data?.subscription ?? null
  const paid = payment.data
  const code = subscription?.planCode ?? paid?.planCode ?? null
  const plan = plans?.find((p) => p.code === code)
  const amountCents = paid?.amount ?? subscription?.lastPaymentCents ?? null
  const currency = paid?.currency ?? subscription?.currency ?? 'BRL'
  const nextCharge = subscription && !subscription.cancelAtPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : null

  const items: { label: string; value: string; testId?: string }[] = []
  if (code) items.push({ label: 'Plano', value: subscription?.planName ?? plan?.name ?? planName(code), testId: 'success-plan' })
  if (amountCents !== null) {
    const perMonth = plan ? ` (${formatMoney(pricePerMonthCents(amountCents, plan.intervalMonths), currency)}/mês)` : ''
    items.push({ label: 'Valor', value: `${formatMoney(amountCents, currency)}${perMonth}`, testId: 'success-amount' })
  }
  if (subscription?.lastPaymentMethod && subscription.lastPaymentCents !== null) {
    items.push({
      label: 'Pagamento',
      value: paidWithLabel(subscription.lastPaymentMethod, subscription.lastPaymentCents, subscription.lastPaymentInstallments),
      testId: 'success-payment-method',
    })
  }
  if (nextCharge) items.push({ label: 'Próxima cobrança', value: nextCharge, testId: 'success-next-charge' })
  if (subscription) items.push({ label: 'Status', value: SUBSCRIPTION_STATUS_LABEL[subscription.status], testId: 'success-status' })

  return (
    <StatusCard
      pageTitle={`Assinatura ativada — ${productName}`}
      icon={<PartyPopper />}
      tone="success"
      title="Assinatura Ativada!"
      description={`Bem-vindo ao ${productName}! Seu acesso completo já está liberado.`}
      wide
    >
      {items.length > 0 ? <DetailList className="mt-7" items={items} /> : null}

      <div className="mt-7 grid gap-4 text-left sm:grid-cols-2">
        <section aria-labelledby="inclusions-title" className="rounded-2xl border border-line p-4 sm:p-5">
          <h2 id="inclusions-title" className="text-base font-bold text-ink">
            O que está incluído
          </h2>
          <CheckList items={INCLUSIONS} className="mt-3 space-y-2" checkClassName="text-success" />
        </section>
        <section aria-labelledby="next-steps-title" className="rounded-2xl border border-line p-4 sm:p-5">
          <h2 id="next-steps-title" className="text-base font-bold text-ink">
            Próximos passos
          </h2>
          <ol className="mt-3 space-y-2 text-[0.95rem] text-ink">
            {NEXT_STEPS.map((step, index) => (
              <li key={step} className="flex items-start gap-2.5">
                <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-tint-strong text-xs font-bold text-accent-strong">
                  {index + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </section>
      </div>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <ButtonLink to="/dashboard" size="lg" className="w-full sm:w-auto">
          Começar a Usar Agora
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
        {subscription?.managedByProvider && subscription.givesAccess ? (
          <Button
            size="lg"
            variant="outline"
            className="w-full sm:w-auto"
            disabled={portal.busy}
            onClick={() => void portal.start('portal', createPortalLink)}
          >
            <ExternalLink aria-hidden="true" />
            Gerenciar assinatura
          </Button>
        ) : null}
      </div>
    </StatusCard>
  )
}
