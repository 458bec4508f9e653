import { Suspense, useSyncExternalStore, type ReactNode } from 'react'

const subscribe = () => () => {}

/**
 * A part only the browser renders — typically a lazy chunk (toasts, connectivity pill, video
 * player, plan cards). The server render of the landing (src/ssr, ADR 013) and the browser's
 * hydration of it both render `fallback`; right after hydration (or at once, in a page React
 * renders from scratch) the children render inside `<Suspense fallback={fallback}>`. So the server
 * never leaves a boundary for the browser to redo, and hydration finds exactly the server's DOM.
 */
export function ClientOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return inBrowser ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}
