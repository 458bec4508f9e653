import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { AppLayout, BootFallback } from './layout/app-layout'
import type { RouteHandle } from './route-handle'
import { AppEffects } from './routes/app-effects'
import { RouteError } from './routes/route-error'
import LandingRoute from './routes/landing'

/**
 * Route table. Only the landing page is in the entry chunk; every other page is a lazy route
 * (its own chunk, loaded on navigation). Route modules live in ./routes and compose features.
 *
 * Where later work plugs in (route table: docs/product/README.md#routes):
 * - public:      /login, /assinatura (+ /subscription redirect), /assinatura/processando,
 *                /assinatura/sucesso, /pagamento, /pagamento/sucesso, /pagamento/cancelado,
 *                /onboarding/definir-senha, /confirmar-email, /inscricao, /obrigado, /lgpd, /privacy, /terms,
 *                /presente/:token (signed in: /minha-conta, /presentear)
 * - subscriber:  /dashboard, /campo/:fieldId, /campo/:fieldId/audio/:audioId, /audio/:audioId
 *                (wrap them in a guard route element)
 * - admin:       /admin/login, /admin, /admin/* (own layout, `handle: { hideFooter: true, width: 'admin' }`)
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
        // AppEffects: remembers the last route and handles the installed-app start (auth).
        Component: AppEffects,
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: LandingRoute },
          {
            path: 'demo',
            handle: { showBack: true } satisfies RouteHandle,
            lazy: page(() => import('./routes/demo')),
          },

          // --- public pages (commerce, auth, legal) go here ---
          // auth: sign-in, sign-up, password reset and pay-first password onboarding
          { path: 'login', lazy: page(() => import('./routes/login')) },
          { path: 'esqueci-senha', lazy: page(() => import('./routes/forgot-password')) },
          { path: 'redefinir-senha', lazy: page(() => import('./routes/reset-password')) },
          { path: 'onboarding/definir-senha', lazy: page(() => import('./routes/onboarding-password')) },
          // the confirmation link of the sign-up and e-mail-change e-mails
          { path: 'confirmar-email', lazy: page(() => import('./routes/confirm-email')) },
          { path: 'admin/login', handle: { hideFooter: true } satisfies RouteHandle, lazy: page(() => import('./routes/admin-login')) },
          { path: 'subscription', lazy: () => import('./routes/subscription-redirect') },
          // commerce: plan page, pay-first payment, the provider's return pages
          { path: 'assinatura', lazy: page(() => import('./routes/assinatura')) },
          { path: 'assinatura/processando', lazy: page(() => import('./routes/assinatura-processando')) },
          { path: 'assinatura/sucesso', lazy: page(() => import('./routes/assinatura-sucesso')) },
          { path: 'pagamento', lazy: page(() => import('./routes/pagamento')) },
          { path: 'pagamento/sucesso', lazy: page(() => import('./routes/pagamento-sucesso')) },
          { path: 'pagamento/cancelado', lazy: page(() => import('./routes/pagamento-cancelado')) },
          { path: 'lembretes/cancelados', lazy: page(() => import('./routes/reminders-unsubscribed')) },
          // gifts: the gift e-mail's link (anyone holding it)
          { path: 'presente/:token', lazy: page(() => import('./routes/presente')) },
          {
            // Any signed-in person (listener or admin).
            lazy: page(() => import('./routes/signed-in-guard')),
            children: [
              { path: 'minha-conta', lazy: page(() => import('./routes/account')) },
              { path: 'presentear', lazy: page(() => import('./routes/presentear')) },
            ],
          },
          {
            path: 'inscricao',
            handle: { showBack: true } satisfies RouteHandle,
            lazy: page(() => import('./routes/inscricao')),
          },
          {
            path: 'obrigado',
            lazy: page(() => import('./routes/obrigado')),
          },
          {
            path: 'lgpd',
            handle: { showBack: true } satisfies RouteHandle,
            lazy: page(() => import('./routes/lgpd')),
          },
          {
            path: 'privacy',
            handle: { showBack: true } satisfies RouteHandle,
            lazy: page(() => import('./routes/privacy')),
          },
          {
            path: 'terms',
            handle: { showBack: true } satisfies RouteHandle,
            lazy: page(() => import('./routes/terms')),
          },

          // --- listener area (subscriber guard) goes here ---
          {
            // Signed-in listener with an active subscription (docs/product/accounts.md#route-guards).
            id: 'subscriber',
            lazy: page(() => import('./routes/subscriber-guard')),
            children: [
              { path: 'dashboard', lazy: page(() => import('./routes/dashboard')) },
              // Listener player work: field page and the audio player (field and playlist mode).
              { path: 'campo/:fieldId', lazy: page(() => import('./routes/field')) },
              { path: 'campo/:fieldId/audio/:audioId', lazy: page(() => import('./routes/player')) },
              { path: 'audio/:audioId', lazy: page(() => import('./routes/player')) },
              // What this device keeps for offline listening (features/offline).
              { path: 'downloads', lazy: page(() => import('./routes/downloads')) },
              { path: 'programas', lazy: page(() => import('./routes/programs')) },
              { path: 'programas/:slug', lazy: page(() => import('./routes/program')) },
              { path: 'hoje', lazy: page(() => import('./routes/today-session')) },
              { path: 'progresso', lazy: page(() => import('./routes/progress')) },
              { path: 'diario', lazy: page(() => import('./routes/diary')) },
            ],
          },

          // --- admin area goes here ---
          {
            // Role admin only; the admin work adds /admin/* pages as children.
            id: 'admin',
            path: 'admin',
            handle: { hideFooter: true, width: 'admin' } satisfies RouteHandle,
            lazy: page(() => import('./routes/admin-guard')),
            children: [
              {
                // The admin shell (menu + admin bar). Add an admin page as a child here, and its
                // menu entry in features/admin-shell/sections.ts (docs/architecture.md "Admin area").
                id: 'admin-layout',
                lazy: page(() => import('./routes/admin-layout')),
                children: [
                  { index: true, lazy: page(() => import('./routes/admin-home')) },
                  // Content, catalogue and media.
                  { path: 'fields', lazy: page(() => import('./routes/admin-fields')) },
                  { path: 'audios', lazy: page(() => import('./routes/admin-audios')) },
                  { path: 'background-music', lazy: page(() => import('./routes/admin-background-music')) },
                  { path: 'landing', lazy: page(() => import('./routes/admin-landing')) },
                  { path: 'landing-videos', lazy: page(() => import('./routes/admin-landing-videos')) },
                  // People, money, communication and analytics.
                  { path: 'users', lazy: page(() => import('./routes/admin-users')) },
                  { path: 'pricing', lazy: page(() => import('./routes/admin-pricing')) },
                  { path: 'subscription-plans', lazy: page(() => import('./routes/admin-subscription-plans')) },
                  { path: 'communication', lazy: page(() => import('./routes/admin-communication')) },
                  { path: 'financial', lazy: page(() => import('./routes/admin-financial')) },
                  { path: 'garantia', lazy: page(() => import('./routes/admin-garantia')) },
                  { path: 'stats', lazy: page(() => import('./routes/admin-stats')) },
                  { path: 'analytics', lazy: page(() => import('./routes/admin-analytics')) },
                  { path: 'analytics-advanced', lazy: page(() => import('./routes/admin-analytics-advanced')) },
                  { path: 'validation', lazy: page(() => import('./routes/admin-validation')) },
                  { path: 'settings', lazy: page(() => import('./routes/admin-settings')) },
                  { path: 'programas', lazy: page(() => import('./routes/admin-programs')) },
                  { path: 'programas/:programId', lazy: page(() => import('./routes/admin-program')) },
                ],
              },
            ],
          },

          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
