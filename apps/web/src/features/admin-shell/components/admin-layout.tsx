import { useEffect, useState, type ReactNode } from 'react'
import { Menu, ShieldCheck, X } from 'lucide-react'
import { Outlet, useLocation } from 'react-router'
import { Button } from '../../../components/ui/button'
import { PAGE_GUTTERS, PAGE_MAX_WIDTH } from '../../../components/page-width'
import { cn } from '../../../lib/cn'
import { ADMIN_HOME_SECTION, ADMIN_SECTIONS } from '../sections'
import { AdminNav } from './admin-nav'

export interface AdminLayoutProps {
  /** Signed-in admin's e-mail, shown in the admin bar. */
  email?: string | undefined
  /** Slot at the right of the admin bar (e.g. the realtime connection status). */
  headerExtras?: ReactNode
  /** Slot under the menu on large screens (e.g. the admins online now). */
  asideExtras?: ReactNode
  /** The page; defaults to the router outlet. */
  children?: ReactNode
}

function currentSectionLabel(pathname: string): string {
  const match = ADMIN_SECTIONS.find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`))
  return match?.label ?? ADMIN_HOME_SECTION.label
}

/**
 * The admin shell (docs/product/admin.md#access-and-shell). From 1024 px: the section menu in a
 * sidebar that stays beside the page from just under the site header to the bottom of the window
 * and scrolls on its own when the menu is taller than that, and the admin bar (title, who is
 * signed in, extras) above the page. Below: the admin bar with a "Menu" button opening the menu
 * as a panel. Same column and gutters as the site header (`components/page-width.ts`).
 */
export function AdminLayout({ email, headerExtras, asideExtras, children }: AdminLayoutProps) {
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)

  // A route change (menu link, in-page link, history) closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname])

  return (
    <div className={cn('mx-auto w-full lg:flex lg:gap-6', PAGE_MAX_WIDTH.admin, PAGE_GUTTERS)} data-testid="admin-layout">
      {/* Under the sticky site header (4rem and its 1px border) down to the window's bottom. The
          side padding leaves room for the menu card's shadow inside the scrolling box. */}
      <aside
        data-testid="admin-sidebar"
        className="sticky top-[calc(4rem+1px)] -mx-2 hidden h-[calc(100dvh-4rem-1px)] w-68 shrink-0 flex-col gap-4 self-start overflow-y-auto overscroll-contain px-2 pt-6 pb-4 lg:flex [@media(max-height:900px)]:pt-3"
      >
        <AdminNav className="rounded-2xl border border-line bg-card p-3 shadow-soft [@media(max-height:900px)]:py-2" />
        {asideExtras}
      </aside>

      <div className="min-w-0 flex-1 pt-4 pb-16 lg:pt-6">
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-card px-4 py-3 shadow-soft">
          <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-950 text-gold-300">
            <ShieldCheck className="size-5" />
          </span>
          <div className="min-w-0 flex-1 basis-36">
            <p className="text-sm font-bold text-ink">Administração</p>
            {email ? <p className="truncate text-xs text-ink-muted">{email}</p> : null}
          </div>
          {headerExtras ? <div className="flex items-center gap-2">{headerExtras}</div> : null}
          <Button
            variant="outline"
            size="sm"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-menu-mobile"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span>
              Menu<span className="sr-only"> da administração, seção atual: {currentSectionLabel(pathname)}</span>
            </span>
          </Button>
        </div>

        <div id="admin-menu-mobile" hidden={!menuOpen} className="mt-3 rounded-2xl border border-line bg-card p-3 shadow-lifted lg:hidden">
          {menuOpen ? <AdminNav onNavigate={() => setMenuOpen(false)} /> : null}
        </div>

        <div className="mt-4 lg:mt-6">{children ?? <Outlet />}</div>
      </div>
    </div>
  )
}
