import { describe, expect, it } from 'vitest'
import { ReadCache } from '../../src/lib/cache/read-cache.js'

describe('ReadCache', () => {
  it('loads once and serves the stored value until the time to live ends', async () => {
    let now = 0
    let loads = 0
    const cache = new ReadCache<number>(1_000, 10, () => now)
    const load = async () => ++loads
    expect(await cache.getOrLoad('k', load)).toBe(1)
    now = 999
    expect(await cache.getOrLoad('k', load)).toBe(1)
    now = 1_000
    expect(await cache.getOrLoad('k', load)).toBe(2)
  })

  it('invalidate() drops everything, and a read that started before it is not stored', async () => {
    const cache = new ReadCache<string>(60_000, 10)
    let release!: (value: string) => void
    const slow = cache.getOrLoad('k', () => new Promise<string>((resolve) => (release = resolve)))
    cache.invalidate()
    release('antes da mudança')
    expect(await slow).toBe('antes da mudança')
    expect(cache.size).toBe(0)
    expect(await cache.getOrLoad('k', async () => 'depois')).toBe('depois')
    cache.invalidate()
    expect(await cache.getOrLoad('k', async () => 'de novo')).toBe('de novo')
  })

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ReadCache<string>(60_000, 2)
    await cache.getOrLoad('a', async () => 'a')
    await cache.getOrLoad('b', async () => 'b')
    await cache.getOrLoad('c', async () => 'c')
    expect(cache.size).toBe(2)
    expect(await cache.getOrLoad('a', async () => 'a de novo')).toBe('a de novo')
  })

  it('stores nothing when the load fails', async () => {
    const cache = new ReadCache<string>(60_000, 2)
    await expect(cache.getOrLoad('k', async () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou')
    expect(cache.size).toBe(0)
  })
})
