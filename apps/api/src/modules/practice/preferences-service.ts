/**
 * The listener's practice settings (docs/product/practice.md#days-and-today): the time zone their
 * calendar is read in, the streak counter shown or hidden, the reminder settings. The row is made
 * on first use, with the defaults and a random token for the e-mail reminders' unsubscribe link.
 */
import { randomBytes } from 'node:crypto'
import { PRACTICE_MSG, type PracticePreferences, type PracticePreferencesUpdate, type ReminderChannel } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../lib/http/errors.js'
import { canonicalTimeZone } from '../../lib/local-time.js'
import {
  countPushSubscriptions,
  databaseKnowsTimeZone,
  findPreferences,
  insertDefaultPreferences,
  updatePreferencesRow,
  type PreferencesPatch,
  type PreferencesRow,
} from './preferences-repository.js'

export type { PreferencesRow } from './preferences-repository.js'

/** The random secret of the one-click unsubscribe link (no login). */
export function newUnsubscribeToken(): string {
  return randomBytes(24).toString('base64url')
}

/** The listener's stored preferences, created with the defaults on first use. */
export async function getPreferences(db: Database, userId: string): Promise<PreferencesRow> {
  return (await findPreferences(db, userId)) ?? (await insertDefaultPreferences(db, userId, newUnsubscribeToken()))
}

export function toPreferencesDto(row: PreferencesRow, pushDevices: number): PracticePreferences {
  return {
    timeZone: row.timeZone,
    timeZoneChosen: row.timeZoneChosen,
    hideStreak: row.hideStreak,
    reminders: {
      enabled: row.remindersEnabled,
      time: row.reminderTime,
      weekdays: row.reminderWeekdays,
      channels: row.reminderChannels.filter((channel): channel is ReminderChannel => channel === 'push' || channel === 'email'),
    },
    pushDevices,
  }
}

/** GET /api/practice/preferences */
export async function readPreferences(db: Database, userId: string): Promise<PracticePreferences> {
  const row = await getPreferences(db, userId)
  return toPreferencesDto(row, await countPushSubscriptions(db, userId))
}

/** A zone both the runtime and the database read the same way, in its canonical spelling; 400 otherwise. */
export async function assertPracticeTimeZone(db: Database, timeZone: string): Promise<string> {
  const canonical = canonicalTimeZone(timeZone)
  if (!canonical || !(await databaseKnowsTimeZone(db, canonical))) throw new HttpError(400, PRACTICE_MSG.invalidTimeZone)
  return canonical
}

/**
 * PUT /api/practice/preferences: only the fields sent change. A time zone sent (by the browser on
 * first use, or chosen by the listener) counts as chosen; reminder settings are stored as given.
 */
export async function savePreferences(db: Database, userId: string, update: PracticePreferencesUpdate): Promise<PracticePreferences> {
  const patch: PreferencesPatch = {}
  if (update.timeZone !== undefined) {
    patch.timeZone = await assertPracticeTimeZone(db, update.timeZone)
    patch.timeZoneChosen = true
  }
  if (update.hideStreak !== undefined) patch.hideStreak = update.hideStreak
  if (update.reminders) {
    patch.remindersEnabled = update.reminders.enabled
    patch.reminderTime = update.reminders.time
    patch.reminderWeekdays = update.reminders.weekdays
    patch.reminderChannels = update.reminders.channels
  }
  await getPreferences(db, userId)
  const row = Object.keys(patch).length > 0 ? await updatePreferencesRow(db, userId, patch) : await findPreferences(db, userId)
  if (!row) throw new Error('practice_preferences row missing after creation')
  return toPreferencesDto(row, await countPushSubscriptions(db, userId))
}
