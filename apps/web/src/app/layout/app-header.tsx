import type { ReactNode } from 'react'
import { PAGE_GUTTERS, PAGE_MAX_WIDTH, type PageWidth } from '../../components/page-width'
import { cn } from '../../lib/cn'
import { AuthButton } from './auth-button'
import { BackButton } from './back-button'
import { Logo } from './logo'

export interface AppHeaderProps {
  productName: string
  showBack?: boolean
  /** The column the page below uses, so the logo and the sign-in button line up with it. */
  width?: PageWidth
  /**
   * The connection notice ('Sem conexão'), in the header's row beside the account cluster: fixed
   * over the page it covered what was under it (the Downloads page's figures).
   */
  status?: ReactNode
}

/**
 * Global header: logo/product name, optional back button and the sign-in button. Below 768 px it
 * is only the logo; the sign-in button moves to the fixed bottom bar (MobileBottomBar).
 */
export function AppHeader({ productName, showBack = false, width = 'site', status }: AppHeaderProps) {
  return (
    <header data-app-bar className="sticky top-0 z-40 border-b border-line/80 bg-card/85 backdrop-blur-md supports-[backdrop-filter]:bg-card/70">
      <div className={cn('mx-auto flex h-16 items-center gap-3', PAGE_MAX_WIDTH[width], PAGE_GUTTERS)} data-testid="app-header-column">
        {showBack ? (
          <div className="hidden md:block">
            <BackButton />
          </div>
        ) : null}
        <Logo productName={productName} />
        {/* No gap here: the notice's empty live region must not move the buttons when it mounts. */}
        <div className="ml-auto flex items-center">
          {status}
          <div className="hidden items-center gap-2 md:flex">
            <AuthButton />
          </div>
        </div>
      </div>
    </header>
  )
}
