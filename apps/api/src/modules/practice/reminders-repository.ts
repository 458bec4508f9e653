/**
 * SQL of the practice reminders (docs/product/practice.md#reminders,
 * docs/decisions/018-reminder-scheduler.md): who has reminders on, the claim of one delivery per
 * listener and local date, push subscriptions, the e-mail unsubscribe.
 */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { practicePreferences, pushSubscriptions, reminderDeliveries, subscriptions, user } from '../../db/schema/index.js'
import { givesAccessNow } from '../commerce/access-rule.js'

export interface ReminderCandidate {
  userId: string
  email: string
  name: string
  timeZone: string
  reminderTime: string
  reminderWeekdays: number[]
  reminderChannels: string[]
  unsubscribeToken: string
  /** The latest local date a reminder was claimed for (null: never). */
  lastDeliveryDate: string | null
}

/**
 * Listeners with reminders on who may listen now: not banned, and an admin or a subscription the
 * commerce access rule (commerce/access-rule.ts) counts — the same people the 'subscriber' route
 * guard lets in. One query per scheduler pass; whether each one is due is decided in the listener's
 * time zone by the caller.
 */
export async function listReminderCandidates(db: Database): Promise<ReminderCandidate[]> {
  const hasAccess = sql`(${user.role} = 'admin' or exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${user.id} and ${givesAccessNow()}))`
  return db
    .select({
      userId: practicePreferences.userId,
      email: user.email,
      name: user.name,
      timeZone: practicePreferences.timeZone,
      reminderTime: practicePreferences.reminderTime,
      reminderWeekdays: practicePreferences.reminderWeekdays,
      reminderChannels: practicePreferences.reminderChannels,
      unsubscribeToken: practicePreferences.unsubscribeToken,
      lastDeliveryDate: sql<string | null>`(select max(${reminderDeliveries.localDate})::text from ${reminderDeliveries} where ${reminderDeliveries.userId} = ${practicePreferences.userId})`,
    })
    .from(practicePreferences)
    .innerJoin(user, eq(user.id, practicePreferences.userId))
    .where(and(eq(practicePreferences.remindersEnabled, true), eq(user.banned, false), hasAccess))
}

/**
 * Claims the listener's reminder of `localDate`: only the caller whose insert created the row gets
 * its id (and sends); every other pass, on this instance or another, gets null.
 */
export async function claimDelivery(db: Database, input: { userId: string; localDate: string; programId: string | null }): Promise<string | null> {
  const [row] = await db
    .insert(reminderDeliveries)
    .values({ userId: input.userId, localDate: input.localDate, programId: input.programId })
    .onConflictDoNothing({ target: [reminderDeliveries.userId, reminderDeliveries.localDate] })
    .returning({ id: reminderDeliveries.id })
  return row?.id ?? null
}

export async function setDeliveryChannels(db: Database, deliveryId: string, channels: string[]): Promise<void> {
  await db.update(reminderDeliveries).set({ channels }).where(eq(reminderDeliveries.id, deliveryId))
}

/**
 * Records that the listener opened the reminder, once. `found` false: no such delivery of this
 * listener; `opened` true when this call recorded it.
 */
export async function markDeliveryOpened(db: Database, deliveryId: string, userId: string, at: Date): Promise<{ found: boolean; opened: boolean }> {
  const [marked] = await db
    .update(reminderDeliveries)
    .set({ openedAt: at })
    .where(and(eq(reminderDeliveries.id, deliveryId), eq(reminderDeliveries.userId, userId), sql`${reminderDeliveries.openedAt} is null`))
    .returning({ id: reminderDeliveries.id })
  if (marked) return { found: true, opened: true }
  const [existing] = await db
    .select({ id: reminderDeliveries.id })
    .from(reminderDeliveries)
    .where(and(eq(reminderDeliveries.id, deliveryId), eq(reminderDeliveries.userId, userId)))
  return { found: Boolean(existing), opened: false }
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

export async function listPushSubscriptionsOf(db: Database, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt)
}

/**
 * One row per endpoint (a browser's push channel): subscribing again refreshes the keys, and a
 * browser now signed in to another account moves to that account. Then only the listener's `keep`
 * most recent browsers stay, this one always among them (the oldest are replaced), in the same
 * transaction.
 */
export async function upsertPushSubscription(db: Database, userId: string, input: { endpoint: string; p256dh: string; auth: string }, keep: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: input.p256dh, auth: input.auth } })
    await trimPushSubscriptions(tx, userId, keep, input.endpoint)
  })
}

/**
 * Deletes the listener's browsers beyond the `keep` most recently subscribed (`endpoint`, when
 * given, counts as the most recent); returns how many went.
 */
export async function trimPushSubscriptions(db: Database, userId: string, keep: number, endpoint?: string): Promise<number> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(...(endpoint ? [desc(sql`${pushSubscriptions.endpoint} = ${endpoint}`)] : []), desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep)
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
    .returning({ id: pushSubscriptions.id })
  return deleted.length
}

/** Removes this listener's subscription of `endpoint` (another listener's is left alone). */
export async function deletePushSubscriptionOf(db: Database, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

export async function deletePushSubscriptionById(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
}

/**
 * The one-click unsubscribe: removes the e-mail channel of the listener holding `token`, and
 * turns reminders off when no channel is left. Null for an unknown token.
 */
export async function removeEmailChannelByToken(db: Database, token: string): Promise<{ userId: string } | null> {
  const remaining = sql`array_remove(${practicePreferences.reminderChannels}, 'email')`
  const [row] = await db
    .update(practicePreferences)
    .set({
      reminderChannels: sql`${remaining}`,
      remindersEnabled: sql`${practicePreferences.remindersEnabled} and cardinality(${remaining}) > 0`,
      updatedAt: sql`now()`,
    })
    .where(eq(practicePreferences.unsubscribeToken, token))
    .returning({ userId: practicePreferences.userId })
  return row ?? null
}
