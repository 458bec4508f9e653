import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { LandingApp } from '../app/landing/landing-app'
import { createLandingNavigation } from '../app/landing/landing-navigation'
import { AppProviders } from '../app/providers'
import { preloadLandingBelowFold } from '../features/landing'
import { parseInitialData, withInitialData } from '../lib/initial-data'

/**
 * Server entry (built by `vite build --ssr` into dist-ssr/, loaded by the API's SPA plugin): the
 * markup of `/` that goes inside `<div id="root">` in place of the boot screen, so the header and
 * the hero paint from the first HTML, before any script runs (ADR 013).
 *
 * It renders the tree landing-main.tsx hydrates — the same providers and the landing's own root
 * (ADR 014) — from the same first-paint data the page embeds as JSON, filled into the queries by
 * the same `initialData` functions. So the markup is what the browser renders first, and the
 * browser hydrates it: the DOM on screen is kept, nothing shifts or blinks. The sections below the
 * hero are preloaded here (lib/preloadable-lazy.ts); the plan cards (a countdown), the video
 * player, the connectivity pill and the toasts are the browser's alone (components/client-only.tsx):
 * their fallbacks are written here and hydrated as they are. The sign-in is still loading on both
 * sides.
 */

/**
 * React writes the elements it hoists into <head> (the landing's <title>) ahead of the markup. The
 * API's page already has its title and share tags, and in the browser React moves the <title> into
 * <head>: none of it belongs inside #root.
 */
const LEADING_HOISTABLES = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/

/** Nothing navigates on the server. */
const depart = () => undefined

/** The first-paint data as the API embeds it: `{ landing, fields, plans, guaranteeDays }`. */
export async function renderLanding(data: unknown): Promise<string> {
  await preloadLandingBelowFold()
  // Exactly what the browser reads: the JSON the page embeds, through the same checks.
  const initialData = parseInitialData(JSON.stringify(data))
  const navigation = createLandingNavigation({ initial: { pathname: '/', search: '', hash: '' }, depart })
  const html = withInitialData(initialData, () =>
    renderToString(
      <StrictMode>
        <AppProviders>
          <LandingApp navigation={navigation} />
        </AppProviders>
      </StrictMode>,
    ),
  )
  return html.replace(LEADING_HOISTABLES, '')
}
