import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { splitRemaining, useCountdown } from './use-countdown'

const START = new Date('2025-06-01T12:00:00.000Z')

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(START)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('splitRemaining', () => {
  it('splits into days, hours, minutes and seconds, never below zero', () => {
    expect(splitRemaining(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toMatchObject({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    })
    expect(splitRemaining(-5000)).toEqual({ remainingMs: 0, days: 0, hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('useCountdown', () => {
  it('ticks every second down to zero, then reports the promotion as expired and stops', () => {
    const endsAt = new Date(START.getTime() + 3000).toISOString()
    const { result } = renderHook(() => useCountdown(endsAt))
    expect(result.current).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 3, expired: false })

    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toMatchObject({ seconds: 2, expired: false })
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toMatchObject({ seconds: 1, expired: false })
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toMatchObject({ seconds: 0, remainingMs: 0, expired: true })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('counts days, hours and minutes across the boundaries', () => {
    const endsAt = new Date(START.getTime() + (24 * 3600 + 1) * 1000).toISOString()
    const { result } = renderHook(() => useCountdown(endsAt))
    expect(result.current).toMatchObject({ days: 1, hours: 0, minutes: 0, seconds: 1 })
    act(() => vi.advanceTimersByTime(2000))
    expect(result.current).toMatchObject({ days: 0, hours: 23, minutes: 59, seconds: 59, expired: false })
  })

  it('is expired at once for a past date, and null without a usable date', () => {
    const past = renderHook(() => useCountdown('2025-06-01T11:59:59.000Z'))
    expect(past.result.current).toMatchObject({ remainingMs: 0, expired: true })
    expect(vi.getTimerCount()).toBe(0)
    expect(renderHook(() => useCountdown(null)).result.current).toBeNull()
    expect(renderHook(() => useCountdown('não é data')).result.current).toBeNull()
  })

  it('stops its timer on unmount', () => {
    const { unmount } = renderHook(() => useCountdown(new Date(START.getTime() + 60_000).toISOString()))
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
