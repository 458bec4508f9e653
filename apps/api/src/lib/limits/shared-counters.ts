/**
 * Fixed-window counters that every API instance shares (docs/decisions/020-shared-limits-across-instances.md):
 * in Redis when REDIS_URL is set, in the database's `rate_limit_counters` table otherwise. The
 * request limits (plugins/rate-limit.ts) count through them, so N instances behind a balancer allow
 * a client the limit once, not N times.
 */

/** One hit counted: the hits in the key's current window, and when that window ends (epoch ms). */
export interface CounterHit {
  count: number
  resetAt: number
}

export interface SharedCounterStore {
  readonly kind: 'redis' | 'postgres'
  /**
   * Counts one hit of `key`. A key's window starts at its first hit and lasts `windowMs`; the
   * first hit after it ended starts a new one. `now` is the caller's clock (epoch ms).
   */
  hit(key: string, windowMs: number, now: number): Promise<CounterHit>
  /** Forgets windows that ended before `now` (Redis expires its keys by itself). */
  prune(now: number): Promise<void>
  close(): Promise<void>
}

/** The counters of this process alone: the fallback while the shared store cannot be reached. */
export class MemoryCounters {
  private readonly windows = new Map<string, CounterHit>()

  constructor(private readonly maxKeys = 10_000) {}

  hit(key: string, windowMs: number, now: number): CounterHit {
    const current = this.windows.get(key)
    if (current && current.resetAt > now) {
      current.count++
      return { ...current }
    }
    if (this.windows.size >= this.maxKeys) this.prune(now)
    // Still full of live windows: the oldest window is forgotten, which only bounds memory.
    if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value as string)
    const started = { count: 1, resetAt: now + windowMs }
    this.windows.delete(key)
    this.windows.set(key, started)
    return { ...started }
  }

  prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
  }

  get size(): number {
    return this.windows.size
  }
}

interface LimitsLogger {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface SharedLimitsOptions {
  /** The limits' clock (epoch ms); tests move it. Not the practice's app clock, which a journey may move back. */
  now?: () => number
  /** Prefix of every key (tests keep their keys apart in a shared Redis). */
  keyPrefix?: string
  /** After a failure of the shared store, how long hits are counted in this process before it is tried again. */
  retryAfterFailureMs?: number
  log: LimitsLogger
}

export const RETRY_SHARED_STORE_AFTER_MS = 5_000

/**
 * The counters the limits use. Fails open to this process: when the shared store fails (Redis
 * down or slow, the database unreachable) the hit is counted in this process's memory instead, so
 * each instance still applies the limit on its own — never a 500, never every client refused — and
 * the shared store is tried again after `retryAfterFailureMs`. One warning when that starts, one
 * line when the shared store answers again.
 */
export class SharedLimits {
  readonly now: () => number
  private readonly local = new MemoryCounters()
  private readonly keyPrefix: string
  private readonly retryAfterFailureMs: number
  private retryAt = 0
  private degraded = false

  constructor(
    readonly store: SharedCounterStore,
    private readonly options: SharedLimitsOptions,
  ) {
    this.now = options.now ?? Date.now
    this.keyPrefix = options.keyPrefix ?? ''
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? RETRY_SHARED_STORE_AFTER_MS
  }

  get kind(): SharedCounterStore['kind'] {
    return this.store.kind
  }

  /** Whether hits are being counted in this process because the shared store failed. */
  get isDegraded(): boolean {
    return this.degraded
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const now = this.now()
    const fullKey = this.keyPrefix + key
    if (this.degraded && now < this.retryAt) return this.local.hit(fullKey, windowMs, now)
    try {
      const counted = await this.store.hit(fullKey, windowMs, now)
      if (this.degraded) {
        this.degraded = false
        this.options.log.info({ store: this.store.kind }, 'limites: armazenamento compartilhado de volta; contagem entre instâncias retomada')
      }
      return counted
    } catch (error) {
      if (!this.degraded) {
        this.options.log.warn(
          { store: this.store.kind, err: error instanceof Error ? error.message : String(error) },
          'limites: armazenamento compartilhado indisponível; contando só nesta instância',
        )
      }
      this.degraded = true
      this.retryAt = now + this.retryAfterFailureMs
      return this.local.hit(fullKey, windowMs, now)
    }
  }

  /** Forgets ended windows, shared and local; a failure is only logged (the next pass tries again). */
  async prune(): Promise<void> {
    const now = this.now()
    this.local.prune(now)
    try {
      await this.store.prune(now)
    } catch (error) {
      this.options.log.warn({ store: this.store.kind, err: error instanceof Error ? error.message : String(error) }, 'limites: falha ao limpar contadores vencidos')
    }
  }
}
