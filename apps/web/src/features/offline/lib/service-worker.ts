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
  /** Reloads the page once the new version controls it. */
  reload?: () => void
  createWorkbox?: () => WorkboxLike
  /** How often an open app asks for a new version (default hourly). */
  updateIntervalMs?: number
}

export const SERVICE_WORKER_URL = '/sw.js'
const HOUR_MS = 60 * 60 * 1000

/**
 * Registers /sw.js (scope /) and reports a waiting new version. The page switches only when the
 * listener asks ('Atualizar'): a new worker must not take over a page built with the old files
 * in the middle of a session. The app also asks for a new version every hour while open.
 * Returns a function that stops the periodic check.
 */
export function registerServiceWorker(options: RegisterServiceWorkerOptions): () => void {
  const wb = (options.createWorkbox ?? (() => new Workbox(SERVICE_WORKER_URL, { scope: '/' })))()
  const reload = options.reload ?? (() => window.location.reload())
  let activating = false

  wb.addEventListener('waiting', () => {
    options.onUpdateWaiting(() => {
      if (activating) return
      activating = true
      wb.addEventListener('controlling', () => reload())
      wb.messageSkipWaiting()
    })
  })
  void wb.register().catch(() => {
    // No worker (unsupported, private mode, blocked): the app still works online.
  })
  const timer = setInterval(() => void wb.update().catch(() => {}), options.updateIntervalMs ?? HOUR_MS)
  return () => clearInterval(timer)
}
