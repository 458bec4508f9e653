import { asc, count, eq, and, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { plans } from '../../db/schema/index.js'

export type PlanRow = typeof plans.$inferSelect
export type PlanChanges = Partial<Omit<typeof plans.$inferInsert, 'code' | 'createdAt'>>

/** Every plan, active or not, in display order. */
export async function listAllPlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.displayOrder), asc(plans.code))
}

/** The plan, locked until the transaction ends so two saves of it apply one after the other. */
export async function lockPlan(db: Database, code: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.code, code)).for('update')
  return row ?? null
}

export async function updatePlan(db: Database, code: string, changes: PlanChanges): Promise<PlanRow> {
  const [row] = await db
    .update(plans)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(plans.code, code))
    .returning()
  if (!row) throw new Error('plans: update returned no row')
  return row
}

/** Active plans other than `code`. */
export async function countOtherActivePlans(db: Database, code: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(plans)
    .where(and(eq(plans.isActive, true), ne(plans.code, code)))
  return row?.n ?? 0
}
