import { afterAll, afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

afterEach(() => cleanup())

// findBy…/waitFor wait on a condition; a page's first lazy load (its modules transformed on first
// use) took over 5 s at nice 19 beside the real-time journeys (`npm test`'s unit stage). What the
// tests prove is what appears, not how soon: a generous wait, a hang still caught.
configure({ asyncUtilTimeout: 15_000 })

// jsdom lacks a few browser APIs the app touches (scroll restoration, smooth scrolling, media
// queries). Quiet no-op stand-ins keep tests focused on behaviour.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {}
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList
  }
}

/*
 * The web's test files share one jsdom window per worker (vitest.config.ts: isolate: false), which
 * spares each file the window's creation and the libraries' loading. What a file may leave behind
 * is put back before the next one: the app's own modules are evaluated afresh for each file (their
 * module-level state — caches, stores, "already idle" flags — starts clean; libraries stay loaded),
 * and the window's storage, document, timers and stubbed globals are reset after it.
 */
vi.resetModules()
afterAll(async () => {
  // This file's analytics queue (if it loaded one) would send its batch during the next file, and
  // its connectivity monitor (started by any page that shows the connection's state) would go on
  // probing /api/health every 30 s through the next file's fetch stub.
  const [{ stopAnalytics }, { resetSharedConnectivityMonitor }] = await Promise.all([
    import('../features/analytics'),
    import('../features/connectivity'),
  ])
  stopAnalytics()
  resetSharedConnectivityMonitor()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('data-theme')
})
