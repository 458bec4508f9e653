import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SUBSCRIPTION_CACHE_TTL_MS, type SubscriptionState } from '@sintonia/contract'
import { ApiRequestError } from './api-client'
import { SUBSCRIPTION_CACHE_KEY, SUBSCRIPTION_CHECK_ERROR, createSubscriptionChecker } from './subscription-checker'

const ACTIVE: SubscriptionState = {
  subscribed: true,
  subscription_tier: 'anual',
  subscription_end: '2030-01-01T00:00:00.000Z',
  subscription_status: 'active',
}
const NONE: SubscriptionState = { subscribed: false, subscription_tier: null, subscription_end: null, subscription_status: 'none' }

function setup(fetchImpl?: (signal: AbortSignal) => Promise<SubscriptionState>) {
  const fetchState = vi.fn(fetchImpl ?? (() => Promise.resolve(ACTIVE)))
  const notifyError = vi.fn()
  const checker = createSubscriptionChecker({ fetchState, storage: () => window.localStorage, notifyError })
  return { checker, fetchState, notifyError }
}

function cached() {
  const raw = window.localStorage.getItem(SUBSCRIPTION_CACHE_KEY)
  return raw ? (JSON.parse(raw) as { data: SubscriptionState; timestamp: number; userId: string }) : null
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
  window.localStorage.clear()
})

afterEach(() => {
  vi.useRealTimers()
  window.localStorage.clear()
})

describe('subscription check: cache', () => {
  it('stores data and timestamp and answers from the cache for 5 minutes', async () => {
    const { checker, fetchState } = setup()
    checker.setUser('u1')
    await expect(checker.check()).resolves.toEqual(ACTIVE)
    expect(fetchState).toHaveBeenCalledTimes(1)
    expect(cached()).toEqual({ data: ACTIVE, timestamp: Date.now(), userId: 'u1' })
    expect(checker.getSnapshot()).toMatchObject({ status: 'ready', data: ACTIVE, checking: false })

    vi.advanceTimersByTime(SUBSCRIPTION_CACHE_TTL_MS - 1)
    await checker.check()
    expect(fetchState).toHaveBeenCalledTimes(1)

    vi.advanceTimersByTime(1)
    await checker.check()
    expect(fetchState).toHaveBeenCalledTimes(2)
  })

  it('a forced check skips the cache', async () => {
    const { checker, fetchState } = setup()
    checker.setUser('u1')
    await checker.check()
    await checker.check({ force: true })
    expect(fetchState).toHaveBeenCalledTimes(2)
  })

  it('reads a fresh cache left by an earlier visit, but never another person’s', async () => {
    window.localStorage.setItem(SUBSCRIPTION_CACHE_KEY, JSON.stringify({ data: ACTIVE, timestamp: Date.now() - 60_000, userId: 'u1' }))
    const { checker, fetchState } = setup(() => Promise.resolve(NONE))
    checker.setUser('u1')
    expect(checker.getSnapshot()).toMatchObject({ status: 'ready', data: ACTIVE })
    await expect(checker.check()).resolves.toEqual(ACTIVE)
    expect(fetchState).not.toHaveBeenCalled()

    checker.setUser('u2')
    expect(checker.getSnapshot()).toMatchObject({ status: 'idle', data: null })
    await expect(checker.check()).resolves.toEqual(NONE)
    expect(fetchState).toHaveBeenCalledTimes(1)
  })

  it('ignores a malformed cache entry', async () => {
    window.localStorage.setItem(SUBSCRIPTION_CACHE_KEY, '{"data":{"subscribed":"yes"},"timestamp":1}')
    const { checker, fetchState } = setup()
    checker.setUser('u1')
    await checker.check()
    expect(fetchState).toHaveBeenCalledTimes(1)
  })
})

describe('subscription check: one at a time', () => {
  it('a second caller joins the running check', async () => {
    let resolve!: (value: SubscriptionState) => void
    const { checker, fetchState } = setup(() => new Promise((r) => (resolve = r)))
    checker.setUser('u1')
    const first = checker.check()
    const second = checker.check({ force: true })
    expect(second).toBe(first)
    expect(checker.getSnapshot()).toMatchObject({ status: 'pending', checking: true })
    resolve(ACTIVE)
    await expect(first).resolves.toEqual(ACTIVE)
    expect(fetchState).toHaveBeenCalledTimes(1)
  })
})

describe('subscription check: retries', () => {
  it('tries 3 times, waiting 2 s then 4 s, then shows the toast', async () => {
    const { checker, fetchState, notifyError } = setup(() => Promise.reject(new ApiRequestError(503, 'fora do ar')))
    checker.endInitialisation()
    checker.setUser('u1')
    const result = checker.check()

    await vi.advanceTimersByTimeAsync(0)
    expect(fetchState).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(fetchState).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchState).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(3_999)
    expect(fetchState).toHaveBeenCalledTimes(2)
    expect(notifyError).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchState).toHaveBeenCalledTimes(3)

    await expect(result).resolves.toBeNull()
    expect(notifyError).toHaveBeenCalledTimes(1)
    expect(notifyError).toHaveBeenCalledWith(SUBSCRIPTION_CHECK_ERROR)
    expect(SUBSCRIPTION_CHECK_ERROR).toBe('Erro ao verificar assinatura. Tente novamente.')
    expect(checker.getSnapshot()).toMatchObject({ status: 'error', checking: false })
    expect(cached()).toBeNull()
  })

  it('recovers when a later attempt succeeds', async () => {
    const fetchState = vi
      .fn<(signal: AbortSignal) => Promise<SubscriptionState>>()
      .mockRejectedValueOnce(new ApiRequestError(0, 'rede'))
      .mockResolvedValueOnce(ACTIVE)
    const notifyError = vi.fn()
    const checker = createSubscriptionChecker({ fetchState, storage: () => window.localStorage, notifyError })
    checker.endInitialisation()
    checker.setUser('u1')
    const result = checker.check()
    await vi.advanceTimersByTimeAsync(2_000)
    await expect(result).resolves.toEqual(ACTIVE)
    expect(fetchState).toHaveBeenCalledTimes(2)
    expect(notifyError).not.toHaveBeenCalled()
  })

  it('stays silent while the app is still initialising', async () => {
    const { checker, notifyError } = setup(() => Promise.reject(new Error('boom')))
    checker.setUser('u1')
    expect(checker.isInitialising()).toBe(true)
    const result = checker.check()
    await vi.advanceTimersByTimeAsync(6_000)
    await expect(result).resolves.toBeNull()
    expect(notifyError).not.toHaveBeenCalled()
    // The first check ends the initialisation: the next failure is reported.
    expect(checker.isInitialising()).toBe(false)
    const again = checker.check()
    await vi.advanceTimersByTimeAsync(6_000)
    await again
    expect(notifyError).toHaveBeenCalledTimes(1)
  })

  it('a 401 means the sign-in ended: unsubscribed, no retry, no toast', async () => {
    const { checker, fetchState, notifyError } = setup(() => Promise.reject(new ApiRequestError(401, 'Faça login para continuar')))
    checker.endInitialisation()
    checker.setUser('u1')
    await expect(checker.check()).resolves.toEqual(NONE)
    expect(fetchState).toHaveBeenCalledTimes(1)
    expect(notifyError).not.toHaveBeenCalled()
  })
})

describe('subscription check: sign-in and sign-out', () => {
  it('sign-in schedules one forced check 500 ms after the last call', async () => {
    const { checker, fetchState } = setup()
    checker.setUser('u1')
    await checker.check()
    expect(fetchState).toHaveBeenCalledTimes(1)

    checker.scheduleCheckAfterSignIn()
    await vi.advanceTimersByTimeAsync(300)
    checker.scheduleCheckAfterSignIn()
    await vi.advanceTimersByTimeAsync(499)
    expect(fetchState).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    // Forced despite the fresh cache.
    expect(fetchState).toHaveBeenCalledTimes(2)
  })

  it('shows a pending state until the scheduled check answers', async () => {
    const { checker } = setup()
    checker.setUser('u1')
    checker.scheduleCheckAfterSignIn()
    expect(checker.getSnapshot().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(500)
    expect(checker.getSnapshot()).toMatchObject({ status: 'ready', data: ACTIVE })
  })

  it('sign-out clears the cache and the state becomes unsubscribed', async () => {
    const { checker } = setup()
    checker.setUser('u1')
    await checker.check()
    expect(cached()).not.toBeNull()
    checker.clear()
    expect(cached()).toBeNull()
    expect(checker.getSnapshot()).toMatchObject({ status: 'ready', data: NONE })
    expect(checker.getUser()).toBeNull()
  })

  it('sign-out cancels a scheduled check and drops the answer of a running one', async () => {
    let resolve!: (value: SubscriptionState) => void
    const { checker, fetchState } = setup(() => new Promise((r) => (resolve = r)))
    checker.setUser('u1')
    checker.scheduleCheckAfterSignIn()
    checker.clear()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fetchState).not.toHaveBeenCalled()

    checker.setUser('u1')
    const running = checker.check()
    checker.clear()
    resolve(ACTIVE)
    await expect(running).resolves.toBeNull()
    expect(checker.getSnapshot()).toMatchObject({ data: NONE })
    expect(cached()).toBeNull()
  })

  it('notifies subscribers on every change', async () => {
    const { checker } = setup()
    const listener = vi.fn()
    const unsubscribe = checker.subscribe(listener)
    checker.setUser('u1')
    await checker.check()
    expect(listener).toHaveBeenCalled()
    unsubscribe()
    listener.mockClear()
    checker.clear()
    expect(listener).not.toHaveBeenCalled()
  })
})
