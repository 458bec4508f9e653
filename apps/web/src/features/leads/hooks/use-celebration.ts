import { useEffect } from 'react'

/** Confetti for 3000 ms with 50 particles. */
export const CONFETTI_DURATION_MS = 3_000
export const CONFETTI_PARTICLES = 50
const BURST_EVERY_MS = 250
const COLORS = ['#6a3dea', '#9b8afa', '#5b2bd6', '#fbbf24', '#fcd34d']

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

/**
 * Confetti on arrival: bursts from both sides for 3 s, starting at 50 particles and fading out.
 * Skipped entirely for people who ask for reduced motion. The library loads on demand (own chunk).
 */
export function useCelebration(enabled = true): void {
  useEffect(() => {
    if (!enabled || prefersReducedMotion()) return
    let cancelled = false
    let timer: ReturnType<typeof setInterval> | undefined
    let reset: (() => void) | undefined

    import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (cancelled) return
        reset = () => {
          try {
            confetti.reset()
          } catch {
            // Decoration only.
          }
        }
        const end = Date.now() + CONFETTI_DURATION_MS
        const burst = () => {
          const left = end - Date.now()
          if (left <= 0) {
            clearInterval(timer)
            return
          }
          const particleCount = Math.max(1, Math.round(CONFETTI_PARTICLES * (left / CONFETTI_DURATION_MS)))
          const common = { particleCount, spread: 70, startVelocity: 32, ticks: 70, zIndex: 60, colors: COLORS, disableForReducedMotion: true }
          try {
            void confetti({ ...common, origin: { x: 0.1 + Math.random() * 0.2, y: Math.random() * 0.3 + 0.1 } })?.catch(() => {})
            void confetti({ ...common, origin: { x: 0.7 + Math.random() * 0.2, y: Math.random() * 0.3 + 0.1 } })?.catch(() => {})
          } catch {
            // No canvas support (very old browser): skip the decoration.
            clearInterval(timer)
          }
        }
        burst()
        timer = setInterval(burst, BURST_EVERY_MS)
      })
      .catch(() => {
        // A failed chunk load only costs the decoration.
      })

    return () => {
      cancelled = true
      clearInterval(timer)
      reset?.()
    }
  }, [enabled])
}
