/**
 * The sign-in pages: their own form is the way in, so neither the header nor the bottom bar offers
 * 'Entrar' there (docs/product/README.md#mobile-bottom-bar).
 */
export const SIGN_IN_PAGES: readonly string[] = ['/login', '/admin/login', '/esqueci-senha', '/redefinir-senha', '/onboarding/definir-senha']

/** Like the router: letter case and a trailing slash do not matter. */
export function isSignInPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname
  return SIGN_IN_PAGES.includes(path)
}
