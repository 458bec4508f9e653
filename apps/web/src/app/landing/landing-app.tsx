import { useMemo, useSyncExternalStore } from 'react'
import { AppNavigationProvider, type AppNavigation } from '../../lib/navigation'
import { AppChrome } from '../layout/app-chrome'
import { ProgressBar } from '../layout/progress-bar'
import { AppWideEffects } from '../routes/app-wide-effects'
import LandingRoute from '../routes/landing'
import { LandingLink } from './landing-link'
import type { LandingNavigation } from './landing-navigation'

/**
 * `/` without the app's data router (ADR 014): the page chrome and the landing, with the same
 * app-wide effects as every other page, over the landing's own navigation (lib/navigation). It is
 * rendered on the server into the first HTML and hydrated by `landing-main.tsx`; leaving `/`
 * brings in the whole app (app/start-app.tsx), which takes the page over at the destination.
 */
export function LandingApp({ navigation }: { navigation: LandingNavigation }) {
  const location = useSyncExternalStore(navigation.subscribe, navigation.getLocation, navigation.getLocation)
  const departing = useSyncExternalStore(navigation.subscribe, navigation.isDeparting, navigation.isDeparting)
  const value = useMemo<AppNavigation>(() => ({ location, navigate: navigation.navigate, Link: LandingLink }), [location, navigation])
  return (
    <AppNavigationProvider value={value}>
      <AppWideEffects />
      <AppChrome progress={departing ? <ProgressBar /> : null}>
        <LandingRoute />
      </AppChrome>
    </AppNavigationProvider>
  )
}
