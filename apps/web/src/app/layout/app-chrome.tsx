import type { ReactNode } from 'react'
import { AfterIdle } from '../../components/after-idle'
import type { PageWidth } from '../../components/page-width'
import { useSignedIn } from '../../features/auth'
import { ConnectionIndicator } from '../../features/connectivity'
import { PageViewTracker } from '../../features/analytics'
import { SiteFooter, useProductNameSetting } from '../../features/landing'
import { ServiceWorkerUpdates } from '../../features/offline/app-shell'
import { cn } from '../../lib/cn'
import { ProductNameProvider } from '../../lib/product-name'
import { useSubscription } from '../../lib/use-subscription'
import { AppHeader } from './app-header'
import { MobileBottomBar, useBottomBarShown } from './mobile-bottom-bar'

export interface AppChromeProps {
  /** The page. */
  children: ReactNode
  showBack?: boolean
  hideFooter?: boolean
  /** The header's column (see RouteHandle.width). */
  width?: PageWidth
  /** Shown above everything while the next page loads (a thin progress bar). */
  progress?: ReactNode
}

/**
 * The shell of every page: skip link, header, main landmark, footer and, below 768 px, the fixed
 * bottom bar (the wrapper's bottom padding keeps content clear of it). Shared by the app's router
 * layout (AppLayout) and the landing's own root (app/landing), which has no data router: it needs
 * nothing of the router beyond links and the current location.
 */
export function AppChrome({ children, showBack = false, hideFooter = false, width = 'site', progress }: AppChromeProps) {
  const productName = useProductNameSetting()
  const barShown = useBottomBarShown()
  const newsletter = useNewsletterInvitation()
  return (
    <ProductNameProvider value={productName}>
      {/* Below 768 px the page ends as high as the bottom bar is tall (--bottom-bar-height, the
          bar's own height, safe area included), so nothing ever sits under it. */}
      <div data-app-frame className={cn('flex min-h-dvh flex-col md:pb-0', barShown && 'pb-(--bottom-bar-height)')}>
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-xl bg-card px-4 py-2 font-semibold text-accent-strong shadow-lifted focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Pular para o conteúdo
        </a>
        {progress}
        <PageViewTracker />
        <ServiceWorkerUpdates />
        {/* The connectivity pill starts its monitor once the page is idle, off the page's first
            tasks. Its code comes with the page (~2 KB gzip), not as a chunk fetched then: it exists
            to say the connection is gone, and a chunk cannot be fetched without one. It sits in the
            header's row, so it never covers the page. */}
        <AppHeader
          productName={productName}
          showBack={showBack}
          width={width}
          status={
            <AfterIdle>
              <ConnectionIndicator className="md:mr-2" labelClassName="md:max-xl:sr-only" />
            </AfterIdle>
          }
        />
        <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {hideFooter ? null : <SiteFooter showNewsletter={newsletter} />}
        <MobileBottomBar />
      </div>
    </ProductNameProvider>
  )
}

/**
 * Whether the footer invites to the free newsletter: for visitors and listeners, never for
 * subscribers nor admins, who already have everything (docs/product/README.md#footer).
 */
function useNewsletterInvitation(): boolean {
  const signedIn = useSignedIn()
  const listener = signedIn.status === 'authenticated' && !signedIn.isAdmin
  const subscription = useSubscription({ enabled: listener })
  return !(signedIn.isAdmin || (listener && subscription.isSubscribed))
}
