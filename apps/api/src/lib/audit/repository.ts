import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { auditLog } from '../../db/schema/index.js'

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

/** Stored targets and IPs are cut here: a refused request's path is chosen by whoever sent it. */
export const AUDIT_TEXT_MAX = 200
/** Details above this size (serialised) are replaced by a note: nothing a caller sends grows a row without bound. */
export const AUDIT_DETAILS_MAX = 4096

export const cutAuditText = (value: string | null, max = AUDIT_TEXT_MAX): string | null =>
  value === null || value.length <= max ? value : `${value.slice(0, max)}…`

function boundedDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!details) return {}
  const size = JSON.stringify(details).length
  return size <= AUDIT_DETAILS_MAX ? details : { truncated: true, size }
}

export async function insertAuditEntry(db: Database, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorUserId: cutAuditText(entry.actorUserId),
      action: cutAuditText(entry.action) ?? '',
      target: cutAuditText(entry.target),
      outcome: entry.outcome,
      ip: cutAuditText(entry.ip, 64),
      details: boundedDetails(entry.details),
    })
    .returning({ id: auditLog.id })
  return row!.id
}

/** Adds the refusals folded into a row after it was written (lib/audit/refusals.ts). */
export async function addRepeatsToAuditEntry(db: Database, id: number, repeats: number, lastAt: Date): Promise<void> {
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} || ${JSON.stringify({ repeats, lastAt: lastAt.toISOString() })}::jsonb` })
    .where(eq(auditLog.id, id))
}

/**
 * Deletes, in batches (no long lock on a big backlog), the rows older than their retention:
 * refusals (`outcome = 'denied'`) before `deniedBefore`, every other row before `otherBefore`.
 * Returns how many rows went.
 */
export async function deleteExpiredAuditEntries(db: Database, deniedBefore: Date, otherBefore: Date, batch = 5_000): Promise<number> {
  let deleted = 0
  for (const expired of [
    and(eq(auditLog.outcome, 'denied'), lt(auditLog.createdAt, deniedBefore)),
    and(ne(auditLog.outcome, 'denied'), lt(auditLog.createdAt, otherBefore)),
  ]) {
    for (;;) {
      const ids = db.select({ id: auditLog.id }).from(auditLog).where(expired).limit(batch)
      const gone = await db.delete(auditLog).where(inArray(auditLog.id, ids)).returning({ id: auditLog.id })
      deleted += gone.length
      if (gone.length < batch) break
    }
  }
  return deleted
}
