import { useMatches } from 'react-router'
import type { PageWidth } from '../components/page-width'

/** Per-route layout options, declared as `handle` in the router. The deepest route wins. */
export interface RouteHandle {
  /** Show the header's back button (history back; home when there is no history). */
  showBack?: boolean
  /** Hide the site footer (e.g. full-screen player or admin pages). */
  hideFooter?: boolean
  /** The header's column, to line up with the page's own layout ('admin': the admin shell's). */
  width?: PageWidth
}

export function useRouteHandle(): RouteHandle {
  const matches = useMatches()
  const merged: RouteHandle = {}
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined
    if (handle && typeof handle === 'object') Object.assign(merged, handle)
  }
  return merged
}
