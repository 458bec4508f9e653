import type { Location, NavigateFunction, Path, To } from 'react-router'
import { createPath, toPath } from '../../lib/navigation'

/** Where a navigation away from the landing goes, and how it enters the history. */
export interface Departure {
  path: Path
  replace: boolean
  state: unknown
}

/**
 * The landing's own navigation (ADR 014): `/` is the only page its root renders. A navigation
 * that stays on `/` (an anchor, `?query`, the return to `/` after signing out) updates the
 * location here, so hooks that follow it (page views, finishing a sign-out) see it; any other
 * destination goes to `depart`, which brings in the whole app.
 */
export interface LandingNavigation {
  navigate: NavigateFunction
  getLocation(): Location
  /** True from the moment the visitor leaves until the next page is on screen. */
  isDeparting(): boolean
  subscribe(listener: () => void): () => void
  /** Stops following the browser's back/forward buttons (the app's router takes over). */
  dispose(): void
}

export interface LandingNavigationOptions {
  /** The address the page was loaded at. */
  initial: Pick<Location, 'pathname' | 'search' | 'hash'>
  depart: (departure: Departure) => void
  /** The browser's history and window; absent on the server, where nothing navigates. */
  browser?: { history: History; window: Window }
}

export const LANDING_PATH = '/'

interface HistoryRecord {
  usr?: unknown
  key?: string
  idx?: number
}

let keys = 0
const nextKey = () => `landing-${++keys}`

export function createLandingNavigation({ initial, depart, browser }: LandingNavigationOptions): LandingNavigation {
  const recordOf = (): HistoryRecord => (browser?.history.state ?? {}) as HistoryRecord
  let location: Location = { ...initial, state: recordOf().usr ?? null, key: 'default' }
  let departing = false
  // Entries are recorded the way the router's browser history records them ({ usr, key, idx }),
  // so the app's router reads this history as its own when it takes over.
  let index = recordOf().idx ?? 0
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  /** Stays on `/`: record it in the history and show where the anchor points, or the top. */
  function stay(path: Path, state: unknown, replace: boolean) {
    location = { ...path, state: state ?? null, key: nextKey() }
    if (browser) {
      if (!replace) index += 1
      const record: HistoryRecord = { usr: state ?? null, key: location.key, idx: index }
      if (replace) browser.history.replaceState(record, '', createPath(path))
      else browser.history.pushState(record, '', createPath(path))
      const target = path.hash ? browser.window.document.getElementById(decodeURIComponent(path.hash.slice(1))) : null
      if (target) target.scrollIntoView()
      else if (!path.hash) browser.window.scrollTo(0, 0)
    }
    notify()
  }

  function leave(departure: Departure) {
    departing = true
    notify()
    depart(departure)
  }

  function go(to: To, state: unknown, replace: boolean) {
    if (departing) return
    const path = toPath(to, location)
    if (path.pathname === LANDING_PATH) stay(path, state, replace)
    else leave({ path, replace, state })
  }

  // Back/forward between entries of `/` (anchors) stay here; anything else belongs to the app.
  const onPopState = () => {
    if (!browser || departing) return
    const { pathname, search, hash } = browser.window.location
    const record = recordOf()
    if (pathname === LANDING_PATH) {
      index = record.idx ?? index
      location = { pathname, search, hash, state: record.usr ?? null, key: record.key ?? nextKey() }
      notify()
      return
    }
    // The browser already moved to that entry: the app only has to render it.
    leave({ path: { pathname, search, hash }, replace: true, state: record.usr ?? null })
  }
  browser?.window.addEventListener('popstate', onPopState)

  const navigate = ((to: To | number, options?: { replace?: boolean; state?: unknown }) => {
    if (typeof to === 'number') browser?.history.go(to)
    else go(to, options?.state, options?.replace ?? false)
  }) as NavigateFunction

  return {
    navigate,
    getLocation: () => location,
    isDeparting: () => departing,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose: () => browser?.window.removeEventListener('popstate', onPopState),
  }
}
