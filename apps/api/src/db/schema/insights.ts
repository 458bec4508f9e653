/**
 * Insights: analytics events (the user column stays plain text so history survives an account).
 */
import { sql } from 'drizzle-orm'
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').notNull().default(sql`'{}'::jsonb`),
    userId: text('user_id'),
    /** The anonymous visitor's browser id (the batch's `sessionId`). */
    visitorId: text('session_id'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_at_idx').on(t.createdAt),
    index('analytics_events_type_created_idx').on(t.eventType, t.createdAt),
  ],
)
