import { useEffect } from 'react'
import { AuthEffects, useSession } from '../../features/auth'
import { keepAnswerForOffline, useOfflineDataFollowsSession } from '../../features/offline/app-shell'
import { observeAnswers } from '../../lib/api-client'
import { useRealtimeSync } from '../realtime/use-realtime-sync'

/**
 * App-wide effects that need the current location (last route, installed-app start, finishing a
 * sign-out after leaving the private page), offline data that follows the session, and realtime.
 * Mounted once, by the router (AppEffects) or by the landing's own root (app/landing).
 */
export function AppWideEffects() {
  const session = useSession()
  // Downloads and other offline data belong to the signed-in person: cleared when the session ends.
  useOfflineDataFollowsSession(session.status === 'loading' ? 'loading' : (session.user?.id ?? null))
  // The answers an offline start needs are kept even when the service worker did not see them.
  useEffect(() => observeAnswers((path, body) => void keepAnswerForOffline(path, body)), [])
  // Content changes made elsewhere (an admin's save, another instance) refresh what is on screen.
  useRealtimeSync()
  return <AuthEffects />
}
