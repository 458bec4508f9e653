import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from '../../../lib/navigation'
import { useSignedIn } from '../api/signed-in'
import { useSignInEndOnNavigation } from '../hooks/use-end-sign-in'
import { isStandaloneMode, readLastRoute, rememberRoute, standaloneStartTarget } from '../lib/last-route'

/** Decided once per page load: the installed app only jumps on start, never on later visits to /. */
let startHandled = false

/** Test hook: forget that the start was handled. */
export function resetLastRouteStartForTests(): void {
  startHandled = false
}

/**
 * App-wide auth effects that need the router. Renders nothing; mount it once inside the router.
 * - remembers the current route in `dm:lastRoute` and, when the installed app starts on /,
 *   /landing or /home with a signed-in person, returns to the remembered route (or /dashboard);
 * - finishes a sign-out / account deletion once the app has left the private page.
 */
export function AuthEffects() {
  useSignInEndOnNavigation()
  useLastRoute()
  return null
}

function useLastRoute() {
  const location = useLocation()
  const navigate = useNavigate()
  const signedIn = useSignedIn()
  const startPath = useRef(location.pathname)

  useEffect(() => {
    rememberRoute(location.pathname, location.search)
  }, [location.pathname, location.search])

  useEffect(() => {
    if (startHandled || signedIn.status === 'loading') return
    startHandled = true
    // Only if the person is still on the page the app opened with.
    if (location.pathname !== startPath.current) return
    const target = standaloneStartTarget({
      pathname: location.pathname,
      signedIn: signedIn.status === 'authenticated',
      standalone: isStandaloneMode(),
      lastRoute: readLastRoute(),
    })
    if (target) void navigate(target, { replace: true })
  }, [signedIn.status, location.pathname, navigate])
}
