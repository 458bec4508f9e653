import { Workbox } from 'workbox-window'

/** What the registration needs from a Workbox (a fake in tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
  register(): Promise<unknown>
  update(): Promise<unknown>
  messageSkipWaiting(): void
}

export interface RegisterServiceWorkerOptions {
  /** A new version is installed and waiting; call `activate` to switch to it (the page reloads). */
  onUpdateWaiting: (activate: () => void) => void
  /** Reloads the page once the new version controls it (or after UPDATE_RELOAD_FALLBACK_MS). */
  reload?: () => void
  createWorkbox?: () => WorkboxLike
  updateFlag?: UpdateFlag
  /** How often an open app asks for a new version (default hourly). */
  updateIntervalMs?: number
}

export const SERVICE_WORKER_URL = '/sw.js'
const HOUR_MS = 60 * 60 * 1000
/**
 * How long 'Atualizar' waits for the new version to take over before reloading anyway. Chromium
 * lets a version that skips waiting take over only once the old one has gone idle; when the old
 * one is being woken at the tap (for the connectivity check, say) that takes its whole idle
 * timeout, 30 s or more. The reload brings the new pages from the network (navigations go to the
 * network first), and the new version takes over by itself as soon as the old one is idle.
 */
export const UPDATE_RELOAD_FALLBACK_MS = 4_000
/** Set (per tab) while an update the listener asked for is on its way, across the fallback reload. */
export const UPDATE_REQUESTED_KEY = 'sintonia:atualizacao-pedida'
/**
 * How long that request counts. Past it, a new version found later gets its own prompt again:
 * no version may take over an open page without the listener's tap.
 */
export const UPDATE_REQUEST_TTL_MS = 2 * 60 * 1000

/** The per-tab request above. */
export interface UpdateFlag {
  isSet(): boolean
  set(): void
  clear(): void
}

/** The request kept in sessionStorage as the time of the tap; nothing where storage is refused. */
function sessionFlag(key: string): UpdateFlag {
  const attempt = <T,>(run: () => T, fallback: T): T => {
    try {
      return run()
    } catch {
      return fallback
    }
  }
  return {
    isSet: () => attempt(() => Date.now() - Number(window.sessionStorage.getItem(key) ?? Number.NaN) < UPDATE_REQUEST_TTL_MS, false),
    set: () => attempt(() => window.sessionStorage.setItem(key, String(Date.now())), undefined),
    clear: () => attempt(() => window.sessionStorage.removeItem(key), undefined),
  }
}

/**
 * Registers /sw.js (scope /) and reports a waiting new version — only while an older version
 * controls the page, never on a first install. The page switches only when the
 * listener asks ('Atualizar'): a new worker must not take over a page built with the old files
 * in the middle of a session. The app also asks for a new version every hour while open.
 * Returns a function that stops the periodic check.
 */
export function registerServiceWorker(options: RegisterServiceWorkerOptions): () => void {
  const wb = (options.createWorkbox ?? (() => new Workbox(SERVICE_WORKER_URL, { scope: '/' })))()
  const reload = options.reload ?? (() => window.location.reload())
  const updateFlag = options.updateFlag ?? sessionFlag(UPDATE_REQUESTED_KEY)
  let activating = false
  let switched = false

  wb.addEventListener('controlling', () => {
    // The new version took over: by the listener's tap on this page, or after the fallback reload.
    if (!updateFlag.isSet() && !activating) return
    updateFlag.clear()
    if (switched) return
    switched = true
    if (activating) reload()
  })
  wb.addEventListener('waiting', () => {
    if (updateFlag.isSet()) {
      // This page is the fallback reload of an update already asked for: no second prompt.
      wb.messageSkipWaiting()
      return
    }
    // An update is a new version waiting while an older one runs this page. Workbox reports a
    // first install held waiting the same way — Firefox holds it when a first-time visitor changes
    // page while it installs — and that version takes the page by itself: nothing to offer.
    if (!navigator.serviceWorker?.controller) return
    options.onUpdateWaiting(() => {
      if (activating) return
      activating = true
      updateFlag.set()
      wb.messageSkipWaiting()
      setTimeout(() => {
        if (switched) return
        switched = true
        reload()
      }, UPDATE_RELOAD_FALLBACK_MS)
    })
  })
  void wb.register().catch(() => {
    // No worker (unsupported, private mode, blocked): the app still works online.
  })
  const timer = setInterval(() => void wb.update().catch(() => {}), options.updateIntervalMs ?? HOUR_MS)
  return () => clearInterval(timer)
}
