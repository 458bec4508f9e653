import { lazy, useState, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { ClientOnly } from '../components/client-only'
import { createQueryClient } from '../lib/query-client'

// The toast outlet is not needed for the first paint, so the toast library loads after the entry
// (sonner replays toasts created before its outlet subscribes). See lib/toast.ts.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/** App-wide providers: server-state cache and the toast outlet (one toast at a time, spec §2). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ClientOnly fallback={null}>
        <Toaster
          position="top-center"
          visibleToasts={1}
          richColors
          closeButton
          theme="light"
          toastOptions={{ className: 'font-sans', duration: 4000 }}
          containerAriaLabel="Notificações"
        />
      </ClientOnly>
    </QueryClientProvider>
  )
}
