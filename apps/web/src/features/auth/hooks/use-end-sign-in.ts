import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from '../../../lib/navigation'
import { forgetSignedInPerson } from '../api/signed-in'

/**
 * Ending a sign-in while a guarded page is on screen must not flash that page's "sign in"
 * redirect: the app first navigates away, and the signed-in person is forgotten only once the new
 * page has been committed (the guard is gone by then).
 */
let pendingEnd: { onDone?: () => void } | null = null

/** Navigate to `to`, then forget the signed-in person (private data, personal keys, subscription). */
export function useEndSignIn(): (to: string, onDone?: () => void) => void {
  const navigate = useNavigate()
  return (to, onDone) => {
    pendingEnd = onDone ? { onDone } : {}
    void navigate(to, { replace: true })
  }
}

/** Runs the pending sign-in end after each navigation commit. Mounted once (AuthEffects). */
export function useSignInEndOnNavigation(): void {
  const location = useLocation()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!pendingEnd) return
    const { onDone } = pendingEnd
    pendingEnd = null
    forgetSignedInPerson(queryClient)
    onDone?.()
  }, [location.key, queryClient])
}
