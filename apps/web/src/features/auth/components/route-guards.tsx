import type { ReactNode } from 'react'
import { ArrowRight, CalendarCheck, RefreshCw, TriangleAlert } from 'lucide-react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { useSignedIn } from '../api/signed-in'
import { ADMIN_HOME_PATH, PLANS_PATH, loginPathFor } from '../lib/redirect'
import { useSubscription } from '../../../lib/use-subscription'

/**
 * Route guards (docs/product/accounts.md#route-guards), used as layout route elements:
 *
 * | situation                                           | result                          |
 * | auth loading                                        | skeleton card                   |
 * | not signed in on a subscriber page                  | /login?redirect={origin}        |
 * | not signed in on an admin page                      | /admin/login                    |
 * | signed-in non-admin on an admin page                | /login                          |
 * | signed-in admin on a subscriber page                | /admin                          |
 * | signed-in unsubscribed user on a subscriber page    | subscription-required card      |
 *
 * They only decide what to show: the API enforces every rule again
 * (docs/architecture.md#the-access-declaration-rule).
 */

/** The placeholder while the sign-in (or the subscription) is being read. */
export function GuardSkeleton({ className }: { className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14', className)}>
      <span className="sr-only">Carregando...</span>
      <div className="rounded-3xl border border-line bg-card p-6 shadow-soft sm:p-8">
        <div className="flex items-center gap-4">
          <Skeleton className="size-12 rounded-2xl" />
          <div className="flex flex-1 flex-col gap-2.5">
            <Skeleton className="h-5 w-2/5" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        </div>
        <div className="mt-8 grid gap-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/6" />
        </div>
        <div className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="hidden h-20 sm:block" />
        </div>
      </div>
    </div>
  )
}

function GuardCard({ icon, title, children, tone = 'brand' }: { icon: ReactNode; title: string; children: ReactNode; tone?: 'brand' | 'gold' }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6 sm:py-20">
      <section
        aria-labelledby="guard-card-title"
        className="relative overflow-hidden rounded-4xl border border-line bg-card p-7 text-center shadow-lifted sm:p-10"
      >
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5 bg-gradient-to-r from-brand-500 via-brand-700 to-gold-400" />
        <span
          aria-hidden="true"
          className={cn(
            'mx-auto grid size-14 place-items-center rounded-2xl [&_svg]:size-7',
            tone === 'gold' ? 'bg-warm-soft text-warm' : 'bg-tint-strong text-accent',
          )}
        >
          {icon}
        </span>
        <h1 id="guard-card-title" className="mt-5 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
          {title}
        </h1>
        {children}
      </section>
    </div>
  )
}

/** Shown to a signed-in, unsubscribed listener on a subscriber page (docs/product/commerce.md#subscription-required-card). */
export function SubscriptionRequiredCard() {
  return (
    <GuardCard icon={<CalendarCheck />} title="Escolha Seu Plano">
      <p className="mx-auto mt-3 max-w-md text-base leading-relaxed text-pretty text-ink-muted sm:text-lg">
        Para ouvir a biblioteca completa de áudios guiados, escolha um dos nossos planos: trimestral, semestral ou anual.
      </p>
      <ButtonLink to={PLANS_PATH} size="lg" className="mt-8 w-full sm:w-auto">
        Ver Planos Disponíveis
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
    </GuardCard>
  )
}

function SubscriptionErrorCard({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <GuardCard icon={<TriangleAlert />} title="Não foi possível verificar sua assinatura" tone="gold">
      <p className="mx-auto mt-3 max-w-md text-base leading-relaxed text-ink-muted">
        Verifique sua conexão com a internet e tente de novo. Se o problema continuar, fale com o suporte.
      </p>
      <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
        <RefreshCw aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar novamente
      </Button>
    </GuardCard>
  )
}

function useOriginPath(): string {
  const location = useLocation()
  return `${location.pathname}${location.search}`
}

/** Any signed-in person (listener or admin); e.g. /minha-conta. */
export function SignedInGuard({ children }: { children?: ReactNode }) {
  const signedIn = useSignedIn()
  const origin = useOriginPath()
  if (signedIn.status === 'loading') return <GuardSkeleton />
  if (signedIn.status === 'anonymous') return <Navigate to={loginPathFor(origin)} replace />
  return children ?? <Outlet />
}

/** Listener screens: a signed-in user (not admin) with an active subscription. */
export function SubscriberGuard({ children }: { children?: ReactNode }) {
  const signedIn = useSignedIn()
  const origin = useOriginPath()
  const isUser = signedIn.status === 'authenticated' && !signedIn.isAdmin
  const subscription = useSubscription({ enabled: isUser })

  if (signedIn.status === 'loading') return <GuardSkeleton />
  if (signedIn.status === 'anonymous') return <Navigate to={loginPathFor(origin)} replace />
  if (signedIn.isAdmin) return <Navigate to={ADMIN_HOME_PATH} replace />
  if (subscription.status === 'loading') return <GuardSkeleton />
  if (subscription.status === 'error') {
    return <SubscriptionErrorCard onRetry={() => void subscription.refresh()} retrying={subscription.isChecking} />
  }
  if (!subscription.isSubscribed) return <SubscriptionRequiredCard />
  return children ?? <Outlet />
}

/** Admin area: role admin only. */
export function AdminGuard({ children }: { children?: ReactNode }) {
  const signedIn = useSignedIn()
  if (signedIn.status === 'loading') return <GuardSkeleton />
  if (signedIn.status === 'anonymous') return <Navigate to="/admin/login" replace />
  if (!signedIn.isAdmin) return <Navigate to="/login" replace />
  return children ?? <Outlet />
}
