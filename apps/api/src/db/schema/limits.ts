/**
 * Request limits shared by every API instance (docs/decisions/020-shared-limits-across-instances.md):
 * one row per counted key (route and client address) and fixed window, used when no REDIS_URL is
 * set. Rows whose window is over are reset by the next hit of their key or deleted by the pruning.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { ts } from './columns.js'

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    /** Hits in the current window. */
    count: integer('count').notNull(),
    /** When the current window ends (its first hit plus the limit's window). */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limit_counters_expires_at_idx').on(t.expiresAt)],
)
