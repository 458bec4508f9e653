import { useEffect, useRef } from 'react'
import { useLocation } from '../../../lib/navigation'
import type { TrackFn } from '../lib/analytics-client'
import { track as defaultTrack } from '../lib/track'

/**
 * Sends `page_view` with `{ path }` each time the route's path changes. Only the pathname is
 * sent: query strings may carry personal data (e.g. `?email=` on the onboarding page).
 */
export function usePageViews(track: TrackFn = defaultTrack): void {
  const { pathname } = useLocation()
  // StrictMode runs effects twice on mount; one page view per path change is wanted.
  const lastPath = useRef<string | null>(null)

  useEffect(() => {
    if (lastPath.current === pathname) return
    lastPath.current = pathname
    track('page_view', { path: pathname })
  }, [pathname, track])
}
