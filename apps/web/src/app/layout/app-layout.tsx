import { Outlet, ScrollRestoration } from 'react-router'
import { PageLoader } from '../../components/page-loader'
import { useRouteHandle } from '../route-handle'
import { RouterNavigation } from '../router-navigation'
import { AppChrome } from './app-chrome'
import { NavigationProgress } from './navigation-progress'

/** The router's root layout: the page chrome around the matched route, per its `handle`. */
export function AppLayout() {
  const { showBack = false, hideFooter = false, width = 'site' } = useRouteHandle()
  return (
    <RouterNavigation>
      <AppChrome showBack={showBack} hideFooter={hideFooter} width={width} progress={<NavigationProgress />}>
        <Outlet />
      </AppChrome>
      <ScrollRestoration />
    </RouterNavigation>
  )
}

/** While the first lazy route of a cold start loads (same look as the inline boot screen). */
export function BootFallback() {
  return <PageLoader className="min-h-dvh" />
}
