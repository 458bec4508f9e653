import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './app/providers'
import { getRootElement } from './app/root-element'
import { createAppRouter } from './app/router'
import './styles.css'

const router = createAppRouter()
const rootElement = getRootElement()
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)

// The server rendered the landing into #root from the data this page embeds (ADR 013): React
// adopts that DOM as it is, so nothing on screen is replaced. The sections below the hero stay
// server HTML until their chunk is in, then they hydrate too. Any other page (or a server that fell
// back to the boot screen) is rendered from scratch.
if (rootElement.hasAttribute('data-server-rendered')) hydrateRoot(rootElement, app)
else createRoot(rootElement).render(app)
