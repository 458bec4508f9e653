import { useState, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from 'sonner'
import { createQueryClient } from '../lib/query-client'

/** App-wide providers: server-state cache and the toast outlet (one toast at a time, spec §2). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-center"
        visibleToasts={1}
        richColors
        closeButton
        theme="light"
        toastOptions={{ className: 'font-sans', duration: 4000 }}
        containerAriaLabel="Notificações"
      />
    </QueryClientProvider>
  )
}
