import { useEffect, useRef } from 'react'
import { AuthEffects, useSignedIn } from '../../features/auth'
import { forgetCheckInMemory } from '../../features/journal/memory'
import { keepAnswerForOffline, useOfflineDataFollowsSignIn } from '../../features/offline/app-shell'
import { observeAnswers } from '../../lib/api-client'
import { useRealtimeSync } from '../realtime/use-realtime-sync'

/**
 * App-wide effects that need the current location (last route, installed-app start, finishing a
 * sign-out after leaving the private page), offline data that follows the sign-in, and realtime.
 * Mounted once, by the router (AppEffects) or by the landing's own root (app/landing).
 */
export function AppWideEffects() {
  const signedIn = useSignedIn()
  // Downloads and other offline data belong to the signed-in person: cleared when the sign-in ends.
  useOfflineDataFollowsSignIn(signedIn.status === 'loading' ? 'loading' : (signedIn.user?.id ?? null))
  // So does this tab's memory of check-ins (a mood given before a practice, the ones skipped).
  const checkInOwner = useRef<string | null>(null)
  const userId = signedIn.status === 'loading' ? undefined : (signedIn.user?.id ?? null)
  useEffect(() => {
    if (userId === undefined) return
    if (checkInOwner.current && checkInOwner.current !== userId) forgetCheckInMemory()
    checkInOwner.current = userId
  }, [userId])
  // The answers an offline start needs are kept even when the service worker did not see them.
  useEffect(() => observeAnswers((path, body) => void keepAnswerForOffline(path, body)), [])
  // Content changes made elsewhere (an admin's save, another instance) refresh what is on screen.
  useRealtimeSync()
  return <AuthEffects />
}
