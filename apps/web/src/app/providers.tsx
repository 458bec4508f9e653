import { useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { AfterIdle } from '../components/after-idle'
import { createQueryClient } from '../lib/query-client'
import { retryingLazy } from '../lib/retrying-lazy'

// The toast outlet is not needed for the first paint, so the toast library loads once the page is
// idle (sonner replays toasts created before its outlet subscribes). See lib/toast.ts.
const Toaster = retryingLazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/** Where toasts sit: under the 4 rem header, with room for sonner's close button above the toast. */
const TOAST_OFFSET = { top: 'calc(4rem + 1rem)' }
const TOAST_MOBILE_OFFSET = { top: 'calc(4rem + 0.875rem)', left: '0.75rem', right: '0.75rem' }

/**
 * App-wide providers: server-state cache and the toast outlet (one toast at a time,
 * docs/product/README.md#toasts).
 * `queryClient` is given when the app takes over from the landing's own root, so what the
 * landing already knows (sign-in, content, plans) is not fetched again.
 */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AfterIdle>
        <Toaster
          position="top-center"
          // Below the sticky header (4 rem), so a toast never covers the navigation nor, on a
          // phone, puts its close button over the logo (docs/product/README.md#toasts).
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_MOBILE_OFFSET}
          visibleToasts={1}
          richColors
          closeButton
          theme="light"
          toastOptions={{ className: 'font-sans', duration: 4000, closeButtonAriaLabel: 'Fechar aviso' }}
          containerAriaLabel="Notificações"
        />
      </AfterIdle>
    </QueryClientProvider>
  )
}
