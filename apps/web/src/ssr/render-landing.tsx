import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppProviders } from '../app/providers'
import { routes } from '../app/router'
import { preloadLandingBelowFold } from '../features/landing'
import { parseInitialData, withInitialData } from '../lib/initial-data'

/**
 * Server entry (built by `vite build --ssr` into dist-ssr/, loaded by the API's SPA plugin): the
 * markup of `/` that goes inside `<div id="root">` in place of the boot screen, so the header and
 * the hero paint from the first HTML, before any script runs (ADR 013).
 *
 * It renders the tree main.tsx renders — the same providers and route table, through React
 * Router's static router — from the same first-paint data the page embeds as JSON, filled into
 * the queries by the same `initialData` functions. So the markup is what the browser renders
 * first, and main.tsx hydrates it (hydrateRoot): the DOM on screen is kept, nothing shifts or
 * blinks. The sections below the hero are preloaded here (lib/preloadable-lazy.ts); the plan
 * cards (a countdown), the video player, the connectivity pill and the toasts are the browser's
 * alone (components/client-only.tsx): their fallbacks are written here and hydrated as they are.
 * The session is still loading on both sides.
 */

const handler = createStaticHandler(routes)

/**
 * React writes the elements it hoists into <head> (the landing's <title>) ahead of the markup. The
 * API's page already has its title and share tags, and in the browser React moves the <title> into
 * <head>: none of it belongs inside #root.
 */
const LEADING_HOISTABLES = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/

/** The first-paint data as the API embeds it: `{ landing, fields, plans }`. */
export async function renderLanding(data: unknown): Promise<string> {
  await preloadLandingBelowFold()
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error(`a rota / respondeu ${context.status} no servidor`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // Exactly what the browser reads: the JSON the page embeds, through the same checks.
  const initialData = parseInitialData(JSON.stringify(data))
  const html = withInitialData(initialData, () =>
    renderToString(
      <StrictMode>
        <AppProviders>
          {/* No hydration-data script: the routes of `/` load no data, and the CSP forbids inline scripts. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    ),
  )
  return html.replace(LEADING_HOISTABLES, '')
}
