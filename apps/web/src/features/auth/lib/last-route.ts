import { safeLocalStorage } from '../../../lib/safe-local-storage'
import { LAST_ROUTE_KEY } from './personal-data'
import { DEFAULT_POST_LOGIN_PATH } from './redirect'

/**
 * Last route and installed mode (docs/product/accounts.md#last-route-and-the-installed-app): every
 * visited route is remembered in `dm:lastRoute` except /, /landing and /home; when the installed
 * app opens on one of those for a signed-in person, it goes back to the remembered route, or
 * /dashboard.
 */
export const ENTRY_PATHS = ['/', '/landing', '/home'] as const

/**
 * Pages that must not be remembered: their query carries a one-time secret (reset, access or confirmation token) or
 * reopening them makes no sense for a signed-in person.
 */
const NEVER_REMEMBERED = ['/redefinir-senha', '/onboarding/definir-senha', '/confirmar-email', '/login', '/admin/login']

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

export function isEntryPath(pathname: string): boolean {
  return (ENTRY_PATHS as readonly string[]).includes(normalisePath(pathname))
}

export function shouldRememberRoute(pathname: string): boolean {
  const path = normalisePath(pathname)
  return !isEntryPath(path) && !NEVER_REMEMBERED.includes(path)
}

export function rememberRoute(pathname: string, search: string, storage: Storage | null = safeLocalStorage()): void {
  if (!storage || !shouldRememberRoute(pathname)) return
  try {
    storage.setItem(LAST_ROUTE_KEY, `${pathname}${search}`)
  } catch {
    // ignore a full or blocked storage
  }
}

export function readLastRoute(storage: Storage | null = safeLocalStorage()): string | null {
  try {
    const value = storage?.getItem(LAST_ROUTE_KEY) ?? null
    // Only a same-site path that is not an entry page is a valid place to return to.
    if (!value || !value.startsWith('/') || value.startsWith('//')) return null
    const pathname = value.split(/[?#]/)[0] ?? value
    return shouldRememberRoute(pathname) ? value : null
  } catch {
    return null
  }
}

/** True when the app runs installed (PWA standalone, or iOS home-screen mode). */
export function isStandaloneMode(win: Window | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  if (!win) return false
  try {
    if (win.matchMedia?.('(display-mode: standalone)').matches) return true
  } catch {
    // old browsers without display-mode support
  }
  return (win.navigator as Navigator & { standalone?: boolean }).standalone === true
}

/** Where the installed app should go on start, or null to stay. */
export function standaloneStartTarget(input: { pathname: string; signedIn: boolean; standalone: boolean; lastRoute: string | null }): string | null {
  if (!input.standalone || !input.signedIn || !isEntryPath(input.pathname)) return null
  return input.lastRoute ?? DEFAULT_POST_LOGIN_PATH
}
