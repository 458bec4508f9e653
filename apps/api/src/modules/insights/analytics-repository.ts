import type { Database } from '../../db/client.js'
import { analyticsEvents } from '../../db/schema/index.js'

export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert

/** One multi-row insert for the whole batch. */
export async function insertEvents(db: Database, rows: NewAnalyticsEventRow[]): Promise<number> {
  if (rows.length === 0) return 0
  await db.insert(analyticsEvents).values(rows)
  return rows.length
}
