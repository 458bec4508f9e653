import type { Database } from '../../db/client.js'
import { insertAuditEntry, type AuditEntry } from './repository.js'

export type { AuditEntry } from './repository.js'

/** Writes an audit row inside the caller's transaction: the entry exists if and only if the change commits. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, entry)
}

// Refused requests are audited through `auditRefusal` (plugins/audit.ts), which folds repeats.
