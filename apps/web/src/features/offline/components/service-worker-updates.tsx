import { useEffect } from 'react'

/**
 * Registers the service worker once the page has loaded. Everything it needs (workbox-window,
 * the toast library for the update prompt) comes through a dynamic import, so the landing's
 * entry chunk carries only this component. Production builds only: the dev server has no /sw.js.
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    let stop: (() => void) | null = null
    let cancelled = false
    const start = () => {
      void import('../lib/service-worker-prompt').then(({ startServiceWorker }) => {
        if (!cancelled) stop = startServiceWorker()
      })
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', start)
      stop?.()
    }
  }, [])
  return null
}
