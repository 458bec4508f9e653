import type { Database } from '../../db/client.js'
import { loggableError } from '../../lib/pg-errors.js'
import { insertAuditEntry, type AuditEntry } from './repository.js'

export type { AuditEntry } from './repository.js'

interface WarnLogger {
  warn(obj: object, msg: string): void
}

/** Writes an audit row inside the caller's transaction: the entry exists if and only if the change commits. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, entry)
}

/**
 * Writes an audit row on the side of a request (security denials): one insert, and a failure is
 * only logged, so auditing can never turn a refusal into a 500 or slow it beyond that insert.
 */
export async function recordAuditSafely(db: Database, entry: AuditEntry, log: WarnLogger): Promise<void> {
  try {
    await insertAuditEntry(db, entry)
  } catch (error) {
    log.warn({ err: loggableError(error), action: entry.action, target: entry.target }, 'falha ao gravar auditoria')
  }
}
