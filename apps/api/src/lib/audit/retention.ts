import type { DatabaseHandle } from '../../db/client.js'
import { sql } from 'drizzle-orm'
import { deleteExpiredAuditEntries } from './repository.js'

/**
 * How long audit rows are kept (docs/security.md). Refusals are only useful while an attack is
 * looked into; the other rows (admin actions, account deletions, admins created) are the record of
 * who changed what, kept for five years.
 */
export const AUDIT_RETENTION_DAYS = { refusals: 90, other: 5 * 365 } as const
/** The cleanup runs when the app starts and then every 6 hours. */
export const AUDIT_CLEANUP_EVERY_MS = 6 * 60 * 60 * 1000

const DAY_MS = 86_400_000

/** Deletes the audit rows past their retention; returns how many went. */
export async function purgeExpiredAudit(database: DatabaseHandle, now = new Date()): Promise<number> {
  const deleted = await deleteExpiredAuditEntries(
    database.db,
    new Date(now.getTime() - AUDIT_RETENTION_DAYS.refusals * DAY_MS),
    new Date(now.getTime() - AUDIT_RETENTION_DAYS.other * DAY_MS),
  )
  // PGlite has no autovacuum: without this the space of deleted rows would never be reused.
  if (deleted > 0 && database.engine === 'pglite') await database.db.execute(sql`vacuum audit_log`)
  return deleted
}
