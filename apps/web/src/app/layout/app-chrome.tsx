import type { ReactNode } from 'react'
import { AfterIdle } from '../../components/after-idle'
import { ConnectionIndicator } from '../../features/connectivity'
import { PageViewTracker } from '../../features/analytics'
import { SiteFooter, useProductNameSetting } from '../../features/landing'
import { ServiceWorkerUpdates } from '../../features/offline/app-shell'
import { ProductNameProvider } from '../../lib/product-name'
import { AppHeader } from './app-header'
import { MobileBottomBar } from './mobile-bottom-bar'

export interface AppChromeProps {
  /** The page. */
  children: ReactNode
  showBack?: boolean
  hideFooter?: boolean
  /** Shown above everything while the next page loads (a thin progress bar). */
  progress?: ReactNode
}

/**
 * The shell of every page: skip link, header, main landmark, footer and, below 768 px, the fixed
 * bottom bar (the wrapper's bottom padding keeps content clear of it). Shared by the app's router
 * layout (AppLayout) and the landing's own root (app/landing), which has no data router: it needs
 * nothing of the router beyond links and the current location.
 */
export function AppChrome({ children, showBack = false, hideFooter = false, progress }: AppChromeProps) {
  const productName = useProductNameSetting()
  return (
    <ProductNameProvider value={productName}>
      <div className="flex min-h-dvh flex-col pb-[calc(4.25rem+env(safe-area-inset-bottom))] md:pb-0">
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-xl bg-white px-4 py-2 font-semibold text-brand-800 shadow-lifted focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Pular para o conteúdo
        </a>
        {progress}
        <PageViewTracker />
        <ServiceWorkerUpdates />
        <AppHeader productName={productName} showBack={showBack} />
        {/* The connectivity pill starts its monitor once the page is idle, off the page's first
            tasks. Its code comes with the page (~2 KB gzip), not as a chunk fetched then: it exists
            to say the connection is gone, and a chunk cannot be fetched without one. */}
        <AfterIdle>
          <ConnectionIndicator className="pointer-events-none fixed top-[4.5rem] left-1/2 z-40 -translate-x-1/2" />
        </AfterIdle>
        <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {hideFooter ? null : <SiteFooter />}
        <MobileBottomBar />
      </div>
    </ProductNameProvider>
  )
}
