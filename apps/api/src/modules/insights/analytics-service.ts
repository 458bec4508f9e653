import { ANALYTICS_LIMITS, ANALYTICS_MAX_EVENT_AGE_MS, dropPersonalDataKeys, type AnalyticsBatch } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { clearUserOfEvents, insertEvents, type NewAnalyticsEventRow } from './analytics-repository.js'

export interface EventContext {
  /** The request's User-Agent header, if any. */
  userAgent: string | undefined
  /** The signed-in user, or null for visitors. */
  userId: string | null
  now: Date
}

/**
 * When the event happened: the browser's time when it is plausible, otherwise the time the server
 * received it (a time in the future or more than 24 h old comes from a wrong clock or a replay).
 */
export function clampOccurredAt(occurredAt: string | undefined, now: Date): Date {
  if (!occurredAt) return now
  const time = Date.parse(occurredAt)
  if (Number.isNaN(time) || time > now.getTime() || time < now.getTime() - ANALYTICS_MAX_EVENT_AGE_MS) return now
  return new Date(time)
}

export function toEventRows(batch: AnalyticsBatch, context: EventContext): NewAnalyticsEventRow[] {
  const userAgent = context.userAgent ? context.userAgent.slice(0, ANALYTICS_LIMITS.userAgentLength) : null
  return batch.events.map((event) => ({
    eventType: event.eventType,
    eventData: event.eventData ? dropPersonalDataKeys(event.eventData) : {},
    userId: context.userId,
    visitorId: batch.sessionId,
    userAgent,
    createdAt: clampOccurredAt(event.occurredAt, context.now),
  }))
}

/** Stores a batch of page events (product rule: analytics insert); returns how many were stored. */
export async function recordEvents(db: Database, batch: AnalyticsBatch, context: EventContext): Promise<number> {
  return insertEvents(db, toEventRows(batch, context))
}

/** LGPD deletion (accounts/service.ts): the user's events are kept for the numbers, anonymised. Returns how many. */
export async function anonymiseAnalyticsOfUser(db: Database, userId: string): Promise<number> {
  return clearUserOfEvents(db, userId)
}
