import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from '../../../lib/navigation'
import { forgetSession } from '../api/session'

/**
 * Ending a session while a guarded page is on screen must not flash that page's "sign in"
 * redirect: the app first navigates away, and the session is forgotten only once the new page
 * has been committed (the guard is gone by then).
 */
let pendingEnd: { onDone?: () => void } | null = null

/** Navigate to `to`, then forget the session (private data, personal keys, subscription). */
export function useEndSession(): (to: string, onDone?: () => void) => void {
  const navigate = useNavigate()
  return (to, onDone) => {
    pendingEnd = onDone ? { onDone } : {}
    void navigate(to, { replace: true })
  }
}

/** Runs the pending session end after each navigation commit. Mounted once (AuthEffects). */
export function useSessionEndOnNavigation(): void {
  const location = useLocation()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!pendingEnd) return
    const { onDone } = pendingEnd
    pendingEnd = null
    forgetSession(queryClient)
    onDone?.()
  }, [location.key, queryClient])
}
