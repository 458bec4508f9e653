import { useEffect } from 'react'
import { whenIdle } from '../../../lib/when-idle'

/**
 * Registers the service worker once the page has loaded and the browser is idle. Everything it
 * needs (workbox-window, the update prompt) comes through a dynamic import, so the landing's entry
 * chunk carries only this component. Production builds only: the dev server has no /sw.js.
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    let stop: (() => void) | null = null
    let cancelled = false
    let cancelIdle: (() => void) | null = null
    const start = () => {
      cancelIdle = whenIdle(() => {
        void import('../lib/service-worker-prompt').then(({ startServiceWorker }) => {
          if (!cancelled) stop = startServiceWorker()
        })
      })
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', start)
      cancelIdle?.()
      stop?.()
    }
  }, [])
  return null
}
