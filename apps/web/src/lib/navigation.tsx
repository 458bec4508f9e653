import { createContext, useContext, type ComponentType, type MouseEvent } from 'react'
import type { LinkProps, Location, NavigateFunction, NavigateOptions, Path, To } from 'react-router'

/**
 * The navigation seam of code that runs on every page, the landing included: links, `navigate`
 * and the current location, without importing the router. The app's data router provides them
 * (app/router-navigation.tsx, with React Router's own Link); `/` provides its own (app/landing),
 * so the router's code stays off the landing's first load (ADR 014). Components that only run
 * inside the router keep importing `react-router` directly.
 */
export interface AppNavigation {
  location: Location
  /** Absolute destinations (relative ones resolve from the root). */
  navigate: NavigateFunction
  Link: ComponentType<LinkProps>
}

const AppNavigationContext = createContext<AppNavigation | null>(null)

export const AppNavigationProvider = AppNavigationContext.Provider

function useAppNavigation(): AppNavigation {
  const navigation = useContext(AppNavigationContext)
  if (!navigation) throw new Error('Navegação indisponível: o componente precisa estar dentro do roteador ou da página inicial.')
  return navigation
}

export function useLocation(): Location {
  return useAppNavigation().location
}

export function useNavigate(): NavigateFunction {
  return useAppNavigation().navigate
}

/** A link to a page of the app: React Router's Link inside the router, the landing's on `/`. */
export function Link(props: LinkProps) {
  const { Link: Implementation } = useAppNavigation()
  return <Implementation {...props} />
}

export type { LinkProps, NavigateOptions, To }

/** `{ pathname, search, hash }` of a destination, relative to `from` for a bare `?query` or `#anchor`. */
export function toPath(to: To, from: Pick<Path, 'pathname'>): Path {
  const parsed = typeof to === 'string' ? parsePath(to) : to
  return { pathname: parsed.pathname || from.pathname, search: parsed.search ?? '', hash: parsed.hash ?? '' }
}

export function parsePath(value: string): Partial<Path> {
  const path: Partial<Path> = {}
  let rest = value
  const hashAt = rest.indexOf('#')
  if (hashAt >= 0) {
    path.hash = rest.slice(hashAt)
    rest = rest.slice(0, hashAt)
  }
  const searchAt = rest.indexOf('?')
  if (searchAt >= 0) {
    path.search = rest.slice(searchAt)
    rest = rest.slice(0, searchAt)
  }
  if (rest) path.pathname = rest
  return path
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return pathname + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') + (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '')
}

/** A click the page should handle itself: main button, no modifier, no other target. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}
