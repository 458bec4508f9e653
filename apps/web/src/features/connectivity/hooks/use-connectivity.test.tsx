import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { createConnectivityMonitor, INITIAL_CONNECTION_STATUS, type NetworkInformationLike } from '../lib/connectivity-monitor'
import { getSharedConnectivityMonitor, resetSharedConnectivityMonitor, useConnectivity } from './use-connectivity'

afterEach(() => {
  resetSharedConnectivityMonitor()
  vi.useRealTimers()
})

describe('useConnectivity', () => {
  it('returns the monitor snapshot and re-renders on connection changes', async () => {
    vi.useFakeTimers()
    const connection = Object.assign(new EventTarget(), { effectiveType: '4g', downlink: 10, rtt: 50 }) as EventTarget & NetworkInformationLike
    const monitor = createConnectivityMonitor({
      fetch: () => Promise.resolve(new Response(null, { status: 200 })),
      navigator: { onLine: true, connection },
      eventTarget: new EventTarget(),
      document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    })
    const { result, unmount } = renderHook(() => useConnectivity(monitor))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current).toEqual({ isOnline: true, status: 'online', effectiveType: '4g', downlink: 10, rtt: 50 })

    act(() => {
      connection.effectiveType = 'slow-2g'
      connection.dispatchEvent(new Event('change'))
    })
    expect(result.current).toMatchObject({ isOnline: true, status: 'slow', effectiveType: 'slow-2g' })
    unmount()
    monitor.stop()
  })

  it('uses one shared monitor, created lazily and kept across components', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }))
    const shared = getSharedConnectivityMonitor()
    expect(getSharedConnectivityMonitor()).toBe(shared)
    expect(shared.running).toBe(false)
    const a = renderHook(() => useConnectivity())
    const b = renderHook(() => useConnectivity())
    expect(shared.running).toBe(true)
    expect(a.result.current).toEqual(b.result.current)
    expect(fetchSpy).toHaveBeenCalledTimes(1)
    a.unmount()
    b.unmount()
    resetSharedConnectivityMonitor()
    expect(shared.running).toBe(false)
    expect(getSharedConnectivityMonitor()).not.toBe(shared)
    expect(INITIAL_CONNECTION_STATUS.status).toBe('online')
    fetchSpy.mockRestore()
  })
})
