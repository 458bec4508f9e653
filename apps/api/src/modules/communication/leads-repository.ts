import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { leads } from '../../db/schema/index.js'
import { isUniqueViolation } from '../../lib/pg-errors.js'

export type NewLeadRow = typeof leads.$inferInsert
export interface InsertedLead {
  id: string
  name: string
  email: string
}

/** The unique index on lower(email): one lead per address whatever its case. */
export const LEAD_EMAIL_UNIQUE_INDEX = 'leads_email_unique_idx'

/** Whether the address (any letter case) is on the list already. */
export async function leadEmailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = lower(${email})`)
    .limit(1)
  return row !== undefined
}

/**
 * Inserts the lead, or reports 'duplicate_email' when the address is already on the list. The
 * unique index decides (no check-then-insert race). On Postgres the surrounding transaction is
 * aborted after the violation, so the caller must end it, which it does by throwing.
 */
export async function insertLead(db: Database, row: NewLeadRow): Promise<InsertedLead | 'duplicate_email'> {
  try {
    const [inserted] = await db.insert(leads).values(row).returning({ id: leads.id, name: leads.name, email: leads.email })
    if (!inserted) throw new Error('leads: insert returned no row')
    return inserted
  } catch (error) {
    if (isUniqueViolation(error, LEAD_EMAIL_UNIQUE_INDEX)) return 'duplicate_email'
    throw error
  }
}

/** Deletes the lead of the address, whatever its letter case; returns how many rows went. */
export async function deleteLeadsByEmail(db: Database, email: string): Promise<number> {
  const rows = await db.delete(leads).where(sql`lower(${leads.email}) = lower(${email})`).returning({ id: leads.id })
  return rows.length
}
