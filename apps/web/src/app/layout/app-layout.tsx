import { lazy } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { ClientOnly } from '../../components/client-only'
import { PageLoader } from '../../components/page-loader'
import { PageViewTracker } from '../../features/analytics'
import { SiteFooter, useProductName } from '../../features/landing'
import { ServiceWorkerUpdates } from '../../features/offline/app-shell'
import { useRouteHandle } from '../route-handle'
import { AppHeader } from './app-header'
import { MobileBottomBar } from './mobile-bottom-bar'
import { NavigationProgress } from './navigation-progress'

// The connectivity pill shows nothing while online, so its monitor loads after the first paint
// instead of weighing on the JS `/` needs before it (docs/performance.md).
const ConnectionIndicator = lazy(() => import('../../features/connectivity').then((module) => ({ default: module.ConnectionIndicator })))

/**
 * The shell of every page: skip link, header, main landmark, footer and, below 768 px, the fixed
 * bottom bar (the wrapper's bottom padding keeps content clear of it).
 */
export function AppLayout() {
  const productName = useProductName()
  const { showBack = false, hideFooter = false } = useRouteHandle()

  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4.25rem+env(safe-area-inset-bottom))] md:pb-0">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-xl bg-white px-4 py-2 font-semibold text-brand-800 shadow-lifted focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>
      <NavigationProgress />
      <PageViewTracker />
      <ServiceWorkerUpdates />
      <AppHeader productName={productName} showBack={showBack} />
      <ClientOnly fallback={null}>
        <ConnectionIndicator className="pointer-events-none fixed top-[4.5rem] left-1/2 z-40 -translate-x-1/2" />
      </ClientOnly>
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {hideFooter ? null : <SiteFooter />}
      <MobileBottomBar />
      <ScrollRestoration />
    </div>
  )
}

/** While the first lazy route of a cold start loads (same look as the inline boot screen). */
export function BootFallback() {
  return <PageLoader className="min-h-dvh" />
}
