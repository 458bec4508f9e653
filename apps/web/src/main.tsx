import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './app/providers'
import { getRootElement } from './app/root-element'
import { createAppRouter } from './app/router'
import { preloadLandingBelowFold } from './features/landing'
import './styles.css'

const router = createAppRouter()
const rootElement = getRootElement()

function render() {
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
}

// The server rendered the landing into #root (ADR 013): it stays on screen until React's first
// commit replaces it with the same DOM, which must therefore include the sections below the hero.
// Otherwise (any other page, or the server fell back to the boot screen) render at once.
if (rootElement.hasAttribute('data-server-rendered')) void preloadLandingBelowFold().catch(() => undefined).then(render)
else render()
