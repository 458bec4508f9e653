import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { AppLayout, BootFallback } from './layout/app-layout'
import type { RouteHandle } from './route-handle'
import { RouteError } from './routes/route-error'
import LandingRoute from './routes/landing'

/**
 * Route table. Only the landing page is in the entry chunk; every other page is a lazy route
 * (its own chunk, loaded on navigation). Route modules live in ./routes and compose features.
 *
 * Where later work plugs in (spec route tables, listener-area §2 and commerce-and-admin §2):
 * - public:      /login, /assinatura (+ /subscription redirect), /assinatura/processando,
 *                /assinatura/sucesso, /pagamento, /pagamento/sucesso, /pagamento/cancelado,
 *                /onboarding/definir-senha, /inscricao, /obrigado, /lgpd, /privacy, /terms
 * - subscriber:  /dashboard, /campo/:fieldId, /campo/:fieldId/audio/:audioId, /audio/:audioId
 *                (wrap them in a guard route element)
 * - admin:       /admin/login, /admin, /admin/* (own layout, `handle: { hideFooter: true }`)
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default })
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    HydrateFallback: BootFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless wrapper: page errors render inside the layout, keeping header and footer.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: LandingRoute },
          {
            path: 'demo',
            handle: { showBack: true } satisfies RouteHandle,
            lazy: page(() => import('./routes/demo')),
          },

          // --- public pages (commerce, auth, legal) go here ---

          // --- listener area (subscriber guard) goes here ---

          // --- admin area goes here ---

          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
