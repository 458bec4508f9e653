import type { AnalyticsEventData, AnalyticsEventType } from '@sintonia/contract'
import { whenIdle } from '../../../lib/when-idle'
import type { AnalyticsClient, TrackFn } from './analytics-client'

/**
 * The app's one analytics queue. The client module loads on the first event, in its own chunk:
 * `track` is used by the app shell (page views), and keeping the client (and the contract module
 * it reads its limits from) out of the entry chunk keeps the landing page's initial JS small.
 * Nothing is lost meanwhile — events are held with their time and handed over once it loads;
 * batches only leave after 5 s anyway.
 */
let client: AnalyticsClient | null = null
let loading: Promise<AnalyticsClient | null> | null = null
let scheduled = false
const early: Array<[AnalyticsEventType, AnalyticsEventData | undefined, Date]> = []
const EARLY_MAX = 100

export function loadAnalyticsClient(): Promise<AnalyticsClient | null> {
  loading ??= import('./analytics-client')
    .then(({ createAnalyticsClient }) => {
      client = createAnalyticsClient()
      for (const [eventType, eventData, at] of early.splice(0)) client.trackAt(eventType, eventData, at)
      return client
    })
    .catch(() => {
      // Chunk failed to load (offline, new deploy): try again on the next event.
      loading = null
      return null
    })
  return loading
}

/** Report an event of this browser. Never throws, never waits. */
export const track: TrackFn = (eventType, eventData) => {
  try {
    if (client) return client.track(eventType, eventData)
    if (early.length < EARLY_MAX) early.push([eventType, eventData ? { ...eventData } : undefined, new Date()])
    // The first event (a page view) comes while the page starts: the client loads once the page is
    // idle, well within the 5 s before a batch leaves.
    if (!loading && !scheduled) {
      scheduled = true
      whenIdle(() => {
        scheduled = false
        void loadAnalyticsClient()
      }, 2_000)
    }
  } catch {
    // Analytics must never break a page.
  }
}

/**
 * Drops what is waiting and stops the queue's timer and listeners. A page never needs it; the
 * web's tests share one window across their files (src/test/setup.ts), and a batch one file
 * queued must not leave during the next one.
 */
export function stopAnalytics(): void {
  client?.dispose()
  client = null
  loading = null
  early.length = 0
}
