import type { Database } from '../../db/client.js'
import { auditLog } from '../../db/schema.js'

export interface AuditEntry {
  /** Who acted (a user id), when known. */
  actorUserId: string | null
  /** What happened: 'access_denied', 'origin_denied', 'account_deleted', 'admin_created', 'admin_promoted'… */
  action: string
  /** What it was about: 'METHOD /route/pattern', 'user:<id>'… */
  target: string | null
  outcome: 'success' | 'denied' | 'failure'
  ip: string | null
  details?: Record<string, unknown>
}

export async function insertAuditEntry(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    target: entry.target,
    outcome: entry.outcome,
    ip: entry.ip,
    details: entry.details ?? {},
  })
}
