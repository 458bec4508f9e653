import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react'
import { ArrowRight, ShieldCheck } from 'lucide-react'
import { DEFAULT_GUARANTEE_DAYS, type PublicPlan } from '@sintonia/contract'
import { ButtonLink } from '../../../components/ui/button'
import { planGridClass, planSkeletons } from '../../../components/plans/plan-grid'
import { StalePlansNotice } from '../../../components/plans/stale-plans-notice'
import { cn } from '../../../lib/cn'
import { usePublicPlans } from '../api/plans-queries'
import { SectionHeading } from './section-heading'

/**
 * The cards (prices, countdown) are a small chunk of their own: the section sits far below the
 * fold, so the landing's entry JS stays lean (docs/performance.md). The chunk starts loading as
 * soon as the landing renders, so the cards are there long before anyone scrolls to them. The
 * server render of the landing writes the skeletons instead: the cards show a countdown that a
 * cached page would get wrong (ADR 013).
 */
const PlanCards = lazy<ComponentType<{ plans: readonly PublicPlan[] }>>(() =>
  import('./plan-cards').then(
    (module) => ({ default: module.PlanCards }),
    () => ({ default: PlansLink }),
  ),
)

/**
 * The cards are the browser's alone, as with components/client-only.tsx: the server render and the
 * hydration write the skeletons, the cards come right after. The gate is written out here rather
 * than imported: this section is in a lazy chunk, and a module shared by that chunk and the entry
 * made the bundler split the entry into more files, adding ~0.8 KB to the JS `/` loads first
 * (docs/performance.md §1).
 */
const subscribeToNothing = () => () => {}
const isBrowser = () => true
const isServer = () => false

/** Stands in for the cards when they cannot be shown: the plan page lists them too. */
function PlansLink() {
  return (
    <li className="text-center">
      <ButtonLink to="/assinatura" size="lg" className="w-full sm:w-auto">
        Ver planos e preços
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
    </li>
  )
}

/**
 * Subscription plans (`#planos`, the target of the price-comparison button): one card per active
 * plan from GET /api/plans (embedded in the first HTML, with the admin's guarantee days). When the
 * plans cannot be loaded, the cards are this browser's last copy (else the defaults) under a notice
 * with 'Tentar novamente'; with no active plan at all it points to /assinatura.
 */
export function PlansSection() {
  const { data: plans, guaranteeDays, isPending, isError, error, isRefetching, refetch } = usePublicPlans()
  const inBrowser = useSyncExternalStore(subscribeToNothing, isBrowser, isServer)

  useEffect(() => {
    if (isError) console.warn('[landing] não foi possível carregar os planos', error)
  }, [isError, error])

  const unavailable = !isPending && (!plans || plans.length === 0)

  return (
    <section
      id="planos"
      aria-labelledby="planos-title"
      aria-busy={isPending}
      className="render-when-near bg-surface py-14 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-6">
        <SectionHeading
          id="planos-title"
          eyebrow="Planos"
          title="Escolha seu plano"
          subtitle="Acesso completo a todos os campos de desenvolvimento. Quanto mais longo o plano, menor o valor por mês."
        />

        {isError && !unavailable ? <StalePlansNotice onRetry={refetch} retrying={isRefetching} className="mt-10" /> : null}

        {unavailable ? (
          <div className="mx-auto mt-10 max-w-xl text-center">
            <p className="text-base leading-relaxed text-ink-muted">
              Veja os planos trimestral, semestral e anual e escolha o que combina com você.
            </p>
            <ButtonLink to="/assinatura" size="lg" className="mt-6 w-full sm:w-auto">
              Ver planos e preços
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
          </div>
        ) : (
          <ul
            className={cn(
              'mx-auto mt-12 grid gap-6 sm:mt-14 lg:gap-7',
              planGridClass(isPending ? 3 : (plans?.length ?? 0)),
            )}
          >
            {isPending || !plans ? (
              planSkeletons(3)
            ) : (
              inBrowser ? (
                <Suspense fallback={planSkeletons(plans.length)}>
                  <PlanCards plans={plans} />
                </Suspense>
              ) : (
                planSkeletons(plans.length)
              )
            )}
          </ul>
        )}
        {isPending ? (
          <p className="sr-only" role="status">
            Carregando planos...
          </p>
        ) : null}

        <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-ink-muted">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
          <span>
            <strong className="font-semibold text-ink">Garantia de {guaranteeDays ?? DEFAULT_GUARANTEE_DAYS} dias</strong>: se não for para você,
            devolvemos seu dinheiro.
          </span>
        </p>
      </div>
    </section>
  )
}
