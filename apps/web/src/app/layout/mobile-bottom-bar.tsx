import { useSignedIn } from '../../features/auth'
import { useLocation } from '../../lib/navigation'
import { AccountLink, DownloadsLink, HomeTab, ProgressLink, SignInButton, TodayTab } from './auth-button'
import { isBarlessForVisitors } from './sign-in-pages'

/**
 * Whether the bottom bar takes room below 768 px, so the page keeps that much padding under its
 * content: always, except on a sign-in page for anyone not signed in, where the bar would be empty,
 * and on the checkout, where it would cover the page's one button.
 * Elsewhere the room is kept while the sign-in loads, so the bar appears without moving the page.
 */
export function useBottomBarShown(): boolean {
  const signedIn = useSignedIn()
  const { pathname } = useLocation()
  return !(isBarlessForVisitors(pathname) && signedIn.status !== 'authenticated')
}

/**
 * Below 768 px: a fixed bottom bar with the sign-in button, shown once the sign-in has loaded.
 * Signed-in people get it as a row of tabs (icon over label) with their account link; subscribers
 * start, as an app does, with 'Início' and 'Hoje', then 'Progresso' and 'Downloads': six tabs are
 * what fit a 360 px phone with whole labels, so the programmes are under 'Hoje' and the Diário
 * under 'Progresso' (each page links to them). Its height, safe area included, is --bottom-bar-height (styles.css), the padding
 * the page keeps under its content (docs/product/README.md#mobile-bottom-bar).
 */
export function MobileBottomBar() {
  const signedIn = useSignedIn()
  const shown = useBottomBarShown()
  if (signedIn.status === 'loading' || !shown) return null
  return (
    <nav
      aria-label="Acesso à conta"
      data-testid="mobile-bottom-bar"
      data-app-bar
      className="fixed inset-x-0 bottom-0 z-40 box-border h-(--bottom-bar-height) border-t border-line bg-card/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgb(37_18_99/0.18)] backdrop-blur-md md:hidden"
    >
      {signedIn.status === 'authenticated' ? (
        <div className="-mx-3 flex h-11 items-stretch">
          <HomeTab />
          <TodayTab />
          <ProgressLink tab />
          <DownloadsLink tab />
          <AccountLink tab />
          <SignInButton tab />
        </div>
      ) : (
        <div className="flex h-11 items-center gap-2">
          <SignInButton fullWidth className="flex-1" />
        </div>
      )}
    </nav>
  )
}
