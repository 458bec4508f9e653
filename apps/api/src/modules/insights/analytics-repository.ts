import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { analyticsEvents } from '../../db/schema/index.js'

export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert

/** One multi-row insert for the whole batch. */
export async function insertEvents(db: Database, rows: NewAnalyticsEventRow[]): Promise<number> {
  if (rows.length === 0) return 0
  await db.insert(analyticsEvents).values(rows)
  return rows.length
}

/** Clears the user id of the user's events (the events stay, no longer tied to anyone). */
export async function clearUserOfEvents(db: Database, userId: string): Promise<number> {
  const rows = await db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId)).returning({ id: analyticsEvents.id })
  return rows.length
}
