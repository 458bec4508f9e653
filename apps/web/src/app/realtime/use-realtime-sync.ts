import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { whenIdle } from '../../lib/when-idle'

/**
 * Opens the realtime connection for every page once the browser is idle. The client and the
 * event→keys map are a dynamic import, so the landing's entry chunk carries only this hook.
 */
export function useRealtimeSync(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stop: (() => void) | null = null
    let cancelled = false
    const cancelIdle = whenIdle(() => {
      void import('./realtime-sync')
        .then(({ startRealtimeSync }) => {
          if (!cancelled) stop = startRealtimeSync(queryClient)
        })
        // A chunk that fails to load (offline, new deploy) only means no live updates on this page.
        .catch(() => undefined)
    })
    return () => {
      cancelled = true
      cancelIdle()
      stop?.()
    }
  }, [queryClient])
}
