import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './app/providers'
import { getRootElement } from './app/root-element'
import { createAppRouter } from './app/router'
import './styles.css'

const router = createAppRouter()

createRoot(getRootElement()).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
