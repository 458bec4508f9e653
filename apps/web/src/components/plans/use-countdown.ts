import { useEffect, useState } from 'react'
import { isPromotionActive } from '@sintonia/contract'

/** The promotion countdown ticks every second (docs/product/commerce.md#plan-cards). */
export const COUNTDOWN_TICK_MS = 1000

export interface Countdown {
  /** Milliseconds left, never negative. */
  remainingMs: number
  days: number
  hours: number
  minutes: number
  seconds: number
  /** True once the end date is reached (the promotion is over). */
  expired: boolean
}

/** Splits a remaining time into whole days, hours, minutes and seconds (rounded down). */
export function splitRemaining(remainingMs: number): Omit<Countdown, 'expired'> {
  const ms = Math.max(0, remainingMs)
  const total = Math.floor(ms / 1000)
  return {
    remainingMs: ms,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

function parseEnd(endsAt: string | null | undefined): number | null {
  if (!endsAt) return null
  const end = Date.parse(endsAt)
  return Number.isFinite(end) ? end : null
}

/**
 * Time left until `endsAt`, re-rendered every second until it reaches zero (then the timer
 * stops). Returns null when there is no usable end date. `expired` follows the contract's
 * `isPromotionActive`, the same rule the API uses, so a card can fall back to the original
 * price the moment the promotion ends, without a reload.
 */
export function useCountdown(endsAt: string | null | undefined): Countdown | null {
  const end = parseEnd(endsAt)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (end === null) return
    if (Date.now() >= end) {
      // Ended between the first render and now: show it at once.
      setNow(Date.now())
      return
    }
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= end) clearInterval(timer)
    }, COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [end])

  if (end === null) return null
  return { ...splitRemaining(end - now), expired: !isPromotionActive(endsAt, now) }
}
