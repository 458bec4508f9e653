import { Outlet } from 'react-router'
import { AppWideEffects } from './app-wide-effects'

/** Pathless layout route: the app-wide effects around every page of the router. */
export function AppEffects() {
  return (
    <>
      <AppWideEffects />
      <Outlet />
    </>
  )
}
