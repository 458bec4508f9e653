import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import type { QueryClient } from '@tanstack/react-query'
import { AppProviders } from './providers'
import { createAppRouter } from './router'

export interface PreparedApp {
  router: ReturnType<typeof createAppRouter>
  /** Renders the app into `element` at once (synchronously): nothing else paints in between. */
  mount(element: HTMLElement): void
}

/**
 * The whole app: its data router over the browser's address and the providers. main.tsx mounts it
 * on every page but `/`; the landing's own root (landing-main.tsx) prepares it when the visitor
 * leaves `/`, navigates its router to the destination first (loading that page's code), then
 * mounts it in place of the landing, sharing the landing's query cache.
 */
export function prepareApp({ queryClient }: { queryClient?: QueryClient } = {}): PreparedApp {
  const router = createAppRouter()
  return {
    router,
    mount(element) {
      const root = createRoot(element)
      flushSync(() =>
        root.render(
          <StrictMode>
            <AppProviders queryClient={queryClient}>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
        ),
      )
    },
  }
}
