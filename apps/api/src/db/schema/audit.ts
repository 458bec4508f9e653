/**
 * The audit log of lib/audit (the user column stays plain text so history survives an account).
 */
import { sql } from 'drizzle-orm'
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

/** Security and admin audit trail: denied accesses, admin writes, role changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
)
