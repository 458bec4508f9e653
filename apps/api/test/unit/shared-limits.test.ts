import { describe, expect, it } from 'vitest'
import { MemoryCounters, SharedLimits, type CounterHit, type SharedCounterStore } from '../../src/lib/limits/shared-counters.js'

/** A shared store that answers from memory until told to fail. */
class FlakyStore implements SharedCounterStore {
  readonly kind = 'redis' as const
  failing = false
  calls = 0
  private readonly counters = new MemoryCounters()

  async hit(key: string, windowMs: number, now: number): Promise<CounterHit> {
    this.calls++
    if (this.failing) throw new Error('Stream isn\'t writeable')
    return this.counters.hit(key, windowMs, now)
  }
  async prune(now: number) {
    this.counters.prune(now)
  }
  async close() {}
}

function setup() {
  let now = 1_000_000
  const lines: Array<{ level: string; msg: string }> = []
  const log = {
    warn: (_obj: object, msg: string) => void lines.push({ level: 'warn', msg }),
    info: (_obj: object, msg: string) => void lines.push({ level: 'info', msg }),
  }
  const store = new FlakyStore()
  const limits = new SharedLimits(store, { now: () => now, log, retryAfterFailureMs: 5_000, keyPrefix: 't:' })
  return { store, limits, lines, advance: (ms: number) => (now += ms) }
}

describe('SharedLimits', () => {
  it('counts a fixed window per key in the shared store', async () => {
    const { limits, advance } = setup()
    expect(await limits.hit('a', 60_000)).toEqual({ count: 1, resetAt: 1_060_000 })
    advance(59_999)
    expect(await limits.hit('a', 60_000)).toEqual({ count: 2, resetAt: 1_060_000 })
    expect((await limits.hit('b', 60_000)).count).toBe(1)
    advance(1)
    expect(await limits.hit('a', 60_000)).toEqual({ count: 1, resetAt: 1_120_000 })
  })

  it('counts in this process while the shared store fails, warns once, and tries it again only after the delay', async () => {
    const { store, limits, lines, advance } = setup()
    store.failing = true
    expect((await limits.hit('a', 60_000)).count).toBe(1)
    expect((await limits.hit('a', 60_000)).count).toBe(2)
    expect(limits.isDegraded).toBe(true)
    // The second hit did not go to the store: within the delay nothing waits on it.
    expect(store.calls).toBe(1)
    advance(5_000)
    expect((await limits.hit('a', 60_000)).count).toBe(3)
    expect(store.calls).toBe(2)
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1)

    store.failing = false
    advance(5_000)
    // Back in the shared store, which never saw those hits.
    expect((await limits.hit('a', 60_000)).count).toBe(1)
    expect(limits.isDegraded).toBe(false)
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info'])
  })

  it('never rejects, whatever the store throws', async () => {
    const { store, limits } = setup()
    store.hit = () => Promise.reject(new TypeError('resposta inesperada'))
    await expect(limits.hit('a', 1_000)).resolves.toEqual({ count: 1, resetAt: 1_001_000 })
  })
})

describe('MemoryCounters', () => {
  it('keeps at most maxKeys windows, dropping ended ones first', () => {
    const counters = new MemoryCounters(3)
    counters.hit('a', 10, 0)
    counters.hit('b', 1_000, 0)
    counters.hit('c', 1_000, 0)
    counters.hit('d', 1_000, 20)
    expect(counters.size).toBe(3)
    // 'a' had ended and went first; then the oldest live window goes.
    counters.hit('e', 1_000, 20)
    expect(counters.size).toBe(3)
    expect(counters.hit('b', 1_000, 20).count).toBe(1)
    expect(counters.hit('e', 1_000, 20).count).toBe(2)
  })
})
