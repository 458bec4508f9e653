import { count, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { practicePreferences, pushSubscriptions } from '../../db/schema/index.js'

export type PreferencesRow = typeof practicePreferences.$inferSelect
export type PreferencesPatch = Partial<
  Pick<PreferencesRow, 'timeZone' | 'timeZoneChosen' | 'hideStreak' | 'remindersEnabled' | 'reminderTime' | 'reminderWeekdays' | 'reminderChannels'>
>

export async function findPreferences(db: Database, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(practicePreferences).where(eq(practicePreferences.userId, userId))
  return row
}

/** Inserts the defaults unless the row exists (two first uses at once make one row); returns the row. */
export async function insertDefaultPreferences(db: Database, userId: string, unsubscribeToken: string): Promise<PreferencesRow> {
  const [inserted] = await db.insert(practicePreferences).values({ userId, unsubscribeToken }).onConflictDoNothing({ target: practicePreferences.userId }).returning()
  if (inserted) return inserted
  const existing = await findPreferences(db, userId)
  if (!existing) throw new Error('practice_preferences row vanished right after its insert')
  return existing
}

export async function updatePreferencesRow(db: Database, userId: string, patch: PreferencesPatch): Promise<PreferencesRow | undefined> {
  const [row] = await db
    .update(practicePreferences)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(practicePreferences.userId, userId))
    .returning()
  return row
}

export async function countPushSubscriptions(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  return Number(row?.n ?? 0)
}

/** Whether the database reads the zone too (the local dates of listening records are computed in SQL). */
export async function databaseKnowsTimeZone(db: Database, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`)
    return true
  } catch {
    return false
  }
}
