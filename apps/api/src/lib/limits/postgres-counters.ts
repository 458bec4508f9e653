import type { Database } from '../../db/client.js'
import { deleteExpiredCounters, hitCounter } from './counters-repository.js'
import type { CounterHit, SharedCounterStore } from './shared-counters.js'

/**
 * Counters in the database's `rate_limit_counters` table: the default, with PGlite as with
 * PostgreSQL, so limits are shared by every instance on one database without another service.
 * One upsert per counted request; ended windows are deleted by `prune`.
 */
export class PostgresCounterStore implements SharedCounterStore {
  readonly kind = 'postgres' as const

  constructor(private readonly db: Database) {}

  hit(key: string, windowMs: number, now: number): Promise<CounterHit> {
    return hitCounter(this.db, key, windowMs, now)
  }

  async prune(now: number): Promise<void> {
    await deleteExpiredCounters(this.db, now)
  }

  async close(): Promise<void> {
    // The database handle belongs to whoever opened it.
  }
}
