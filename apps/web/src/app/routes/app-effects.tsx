import { Outlet } from 'react-router'
import { AuthEffects } from '../../features/auth'

/** Pathless layout route: app-wide effects that need the router (last route, installed mode,
 * finishing a sign-out after leaving the private page). */
export function AppEffects() {
  return (
    <>
      <AuthEffects />
      <Outlet />
    </>
  )
}
