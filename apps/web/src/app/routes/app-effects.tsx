import { Outlet } from 'react-router'
import { AuthEffects, useSession } from '../../features/auth'
import { useOfflineDataFollowsSession } from '../../features/offline/app-shell'
import { useRealtimeSync } from '../realtime/use-realtime-sync'

/** Pathless layout route: app-wide effects that need the router (last route, installed mode,
 * finishing a sign-out after leaving the private page). */
export function AppEffects() {
  const session = useSession()
  // Downloads and other offline data belong to the signed-in person: cleared when the session ends.
  useOfflineDataFollowsSession(session.status === 'loading' ? 'loading' : (session.user?.id ?? null))
  // Content changes made elsewhere (an admin's save, another instance) refresh what is on screen.
  useRealtimeSync()
  return (
    <>
      <AuthEffects />
      <Outlet />
    </>
  )
}
