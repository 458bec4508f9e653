/**
 * Every page address the web app serves: the paths of its router (docs/product/README.md#routes),
 * `:name` standing for one path segment. The API answers these with the app and 200, any other
 * page address with the app's not-found page and 404 (apps/api/src/plugins/spa.ts); the web's
 * router test checks that this list and the router name the same paths.
 */
export const WEB_APP_PATHS = [
  '/',
  '/demo',
  '/login',
  '/esqueci-senha',
  '/redefinir-senha',
  '/onboarding/definir-senha',
  '/confirmar-email',
  '/admin/login',
  '/subscription',
  '/assinatura',
  '/assinatura/processando',
  '/assinatura/sucesso',
  '/pagamento',
  '/pagamento/sucesso',
  '/pagamento/cancelado',
  '/minha-conta',
  '/inscricao',
  '/obrigado',
  '/lgpd',
  '/privacy',
  '/terms',
  '/dashboard',
  '/campo/:fieldId',
  '/campo/:fieldId/audio/:audioId',
  '/audio/:audioId',
  '/downloads',
  '/programas',
  '/programas/:slug',
  '/hoje',
  '/progresso',
  '/diario',
  '/lembretes/cancelados',
  '/presente/:token',
  '/presentear',
  '/admin',
  '/admin/fields',
  '/admin/audios',
  '/admin/background-music',
  '/admin/landing',
  '/admin/landing-videos',
  '/admin/users',
  '/admin/pricing',
  '/admin/subscription-plans',
  '/admin/communication',
  '/admin/financial',
  '/admin/garantia',
  '/admin/stats',
  '/admin/analytics',
  '/admin/analytics-advanced',
  '/admin/validation',
  '/admin/settings',
  '/admin/programas',
  '/admin/programas/:programId',
] as const

export type WebAppPath = (typeof WEB_APP_PATHS)[number]

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

const PATTERNS = WEB_APP_PATHS.map((path) => segments(path.toLowerCase()))

/**
 * Whether the app has a page at `pathname` (no query or hash). Like the router: letter case and a
 * trailing slash do not matter, and a `:name` segment takes any one segment.
 */
export function isWebAppPath(pathname: string): boolean {
  const parts = segments(pathname.toLowerCase())
  return PATTERNS.some(
    (pattern) => pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]),
  )
}
