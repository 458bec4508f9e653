/**
 * The sign-in pages: their own form is the way in, so neither the header nor the bottom bar offers
 * 'Entrar' there (docs/product/README.md#mobile-bottom-bar).
 */
export const SIGN_IN_PAGES: readonly string[] = ['/login', '/admin/login', '/esqueci-senha', '/redefinir-senha', '/onboarding/definir-senha']

/**
 * The pay-first checkout: one form and one button to go on with. A visitor's full-width 'Entrar'
 * bar sat over 'Continuar para o pagamento' at a phone's fold, so below 768 px a visitor has no bar
 * there; the page offers its own way to sign in (docs/product/commerce.md#payment-page-pagamento).
 */
export const CHECKOUT_PAGES: readonly string[] = ['/pagamento']

/** Like the router: letter case and a trailing slash do not matter. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname
}

export function isSignInPage(pathname: string): boolean {
  return SIGN_IN_PAGES.includes(normalise(pathname))
}

/** Pages where a visitor gets no bottom bar: the sign-in pages and the checkout. */
export function isBarlessForVisitors(pathname: string): boolean {
  return isSignInPage(pathname) || CHECKOUT_PAGES.includes(normalise(pathname))
}
