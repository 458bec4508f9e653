import type { ReactElement } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router'
import { RouterNavigation } from '../app/router-navigation'

/** A fresh query client per test: no retries, no cache sharing between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
}

/**
 * Renders a route table at `path` with a fresh query client. The routes sit under a root that gives
 * shared components (lib/navigation) the router's navigation, as the app's layout does.
 */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const queryClient = createTestQueryClient()
  const withNavigation: RouteObject = {
    element: (
      <RouterNavigation>
        <Outlet />
      </RouterNavigation>
    ),
    children: routes,
  }
  const router = createMemoryRouter([withNavigation], { initialEntries: [path] })
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...utils, router, queryClient }
}

/** Renders one element inside a router and a fresh query client. */
export function renderWithProviders(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path)
}

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A fetch stub answering by path; unknown paths get a JSON 404. */
export function fetchByPath(handlers: Record<string, Handler>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url
    const handler = handlers[path]
    if (!handler) return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Rota não encontrada' }, 404)
    return handler(url, init)
  }
}
