import { AuthButton } from './auth-button'

/** Below 768 px: a fixed bottom bar holding only the session button (spec listener-area §2). */
export function MobileBottomBar() {
  return (
    <nav
      aria-label="Acesso à conta"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgb(37_18_99/0.18)] backdrop-blur-md md:hidden"
    >
      <AuthButton fullWidth />
    </nav>
  )
}
