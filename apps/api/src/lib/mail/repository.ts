import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { emailOutbox } from '../../db/schema/index.js'

/** A claimed outbox row, ready to hand to a transport. */
export interface OutboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string | null
  replyTo: string | null
  /** Extra headers (List-Unsubscribe…) or null. */
  headers: Record<string, string> | null
  kind: string
}

export type NewOutboxRow = Omit<OutboxMessage, 'id'>

const outboxValues = (row: NewOutboxRow) => ({
  toAddress: row.to,
  subject: row.subject,
  textBody: row.text,
  htmlBody: row.html,
  replyTo: row.replyTo,
  headers: row.headers,
  kind: row.kind,
})

/** `db` may be a transaction: the row then exists only if that transaction commits. */
export async function insertOutboxRow(db: Database, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(emailOutbox).values(outboxValues(row)).returning({ id: emailOutbox.id })
  if (!inserted) throw new Error('email_outbox: insert returned no row')
  return inserted.id
}

/** Many rows in one statement; returns their ids. */
export async function insertOutboxRows(db: Database, rows: readonly NewOutboxRow[]): Promise<string[]> {
  if (rows.length === 0) return []
  const inserted = await db.insert(emailOutbox).values(rows.map(outboxValues)).returning({ id: emailOutbox.id })
  return inserted.map((row) => row.id)
}

interface ClaimedRow {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  reply_to: string | null
  headers: Record<string, string> | string | null
  kind: string
}

/**
 * Takes up to `limit` pending rows, oldest first, for this dispatcher only. `FOR UPDATE SKIP LOCKED`
 * lets several API instances claim at the same time without waiting on or taking each other's
 * rows; the claim is committed at once (claimed_at), so the lock is not held while sending. A claim
 * older than `staleAfterSeconds` belongs to a dispatcher that died mid-send and may be retaken.
 */
export async function claimPendingRows(db: Database, limit: number, staleAfterSeconds: number): Promise<OutboxMessage[]> {
  const result = await db.execute(sql`
    WITH claimed AS (
      UPDATE ${emailOutbox} SET claimed_at = now()
      WHERE id IN (
        SELECT id FROM ${emailOutbox}
        WHERE status = 'pending'
          AND (claimed_at IS NULL OR claimed_at < now() - (${staleAfterSeconds}::int * interval '1 second'))
        ORDER BY created_at, id
        LIMIT ${limit}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, subject, text_body, html_body, reply_to, headers, kind, created_at
    )
    SELECT id, to_address, subject, text_body, html_body, reply_to, headers, kind FROM claimed ORDER BY created_at, id
  `)
  const rows = (result as unknown as { rows: ClaimedRow[] }).rows
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    replyTo: row.reply_to,
    // Raw SQL: a driver may hand jsonb back as text.
    headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
    kind: row.kind,
  }))
}

/**
 * The transport took the message: 'sent' when it was delivered, 'logged' when no SMTP is configured
 * and the outbox row is all there is. `sent_at` is when that happened, in both cases.
 */
export async function markRowDone(db: Database, id: string, status: 'sent' | 'logged'): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status, sentAt: new Date(), error: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
}

export async function markRowFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'failed', error })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
}

/** The newest outbox rows, for the local mailbox of development (lib/mail/dev-mailbox-routes.ts). */
export async function latestOutboxRows(db: Database, limit: number) {
  return db
    .select({ id: emailOutbox.id, to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody, kind: emailOutbox.kind, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .orderBy(sql`${emailOutbox.createdAt} desc`)
    .limit(limit)
}
