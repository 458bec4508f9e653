import { useSession } from '../../features/auth'
import { AccountLink, DownloadsLink, SessionButton } from './auth-button'

/**
 * Below 768 px: a fixed bottom bar with the session button, shown once the session has loaded.
 * Signed-in people also get their account link (and listeners their downloads) beside it
 * (docs/product/README.md#mobile-bottom-bar).
 */
export function MobileBottomBar() {
  const session = useSession()
  if (session.status === 'loading') return null
  return (
    <nav
      aria-label="Acesso à conta"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgb(37_18_99/0.18)] backdrop-blur-md md:hidden"
    >
      <div className="flex items-center gap-2">
        <DownloadsLink compact className="flex-1 border border-transparent px-2" />
        <AccountLink compact className="flex-1 border border-transparent px-2" />
        <SessionButton fullWidth className="flex-1" />
      </div>
    </nav>
  )
}
