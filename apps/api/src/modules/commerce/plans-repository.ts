import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { plans } from '../../db/schema/index.js'

export type PlanRow = typeof plans.$inferSelect

/** Active plans in display order (code breaks ties, so the order is stable). */
export async function listActivePlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.displayOrder), asc(plans.code))
}
