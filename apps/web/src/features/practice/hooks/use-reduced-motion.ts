import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null
}

/** The listener asked the system for less motion: the celebration then appears without animating. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media()
      list?.addEventListener?.('change', onChange)
      return () => list?.removeEventListener?.('change', onChange)
    },
    () => media()?.matches ?? false,
    () => false,
  )
}
