import { useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { AfterIdle } from '../components/after-idle'
import { createQueryClient } from '../lib/query-client'
import { retryingLazy } from '../lib/retrying-lazy'

// The toast outlet is not needed for the first paint, so the toast library loads once the page is
// idle (sonner replays toasts created before its outlet subscribes). See lib/toast.ts.
const Toaster = retryingLazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/**
 * App-wide providers: server-state cache and the toast outlet (one toast at a time,
 * docs/product/README.md#toasts).
 * `queryClient` is given when the app takes over from the landing's own root, so what the
 * landing already knows (session, content, plans) is not fetched again.
 */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AfterIdle>
        <Toaster
          position="top-center"
          visibleToasts={1}
          richColors
          closeButton
          theme="light"
          toastOptions={{ className: 'font-sans', duration: 4000 }}
          containerAriaLabel="Notificações"
        />
      </AfterIdle>
    </QueryClientProvider>
  )
}
