import { useMemo, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { AppNavigationProvider } from '../lib/navigation'

/** Gives code shared with the landing (lib/navigation) the data router's location, navigate and Link. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const value = useMemo(() => ({ location, navigate, Link }), [location, navigate])
  return <AppNavigationProvider value={value}>{children}</AppNavigationProvider>
}
