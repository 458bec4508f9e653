import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import { isDomainEventName, type DomainEventName, type RealtimePresenceEntry } from '@sintonia/contract'
import { DOMAIN_EVENTS_CHANNEL } from './domain-events.js'

/**
 * What one API instance tells the others about the admins connected to it (docs/realtime.md).
 * Sent on the domain-events channel, so one LISTEN connection per process carries everything.
 */
export interface PresenceAnnouncement {
  kind: 'presence'
  instance: string
  admins: RealtimePresenceEntry[]
  /** Set by a starting instance: the others answer with their own announcement at once. */
  sync?: boolean
}

export type BusMessage =
  | { kind: 'event'; name: DomainEventName }
  /** This instance may have missed events (its LISTEN connection was down): clients refetch. */
  | { kind: 'resync' }
  | PresenceAnnouncement

export interface RealtimeBus {
  /** Random per process; presence announcements are keyed by it. */
  readonly instanceId: string
  subscribe(handler: (message: BusMessage) => void): () => void
  announcePresence(announcement: Omit<PresenceAnnouncement, 'kind' | 'instance'>): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    realtimeBus: RealtimeBus
  }
}

/** Re-LISTEN delays after the connection dropped: 1 s doubling, capped — it never gives up. */
const RELISTEN_BASE_MS = 1_000
const RELISTEN_MAX_MS = 30_000

function isPresenceEntry(value: unknown): value is RealtimePresenceEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return typeof entry.id === 'string' && typeof entry.displayName === 'string' && typeof entry.since === 'string'
}

/** Payloads come from any instance (or anyone with database access): anything unexpected is dropped. */
export function decodeBusPayload(payload: string): BusMessage | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const message = parsed as Record<string, unknown>
  if (message.kind === 'presence') {
    if (typeof message.instance !== 'string' || !Array.isArray(message.admins)) return null
    return {
      kind: 'presence',
      instance: message.instance,
      admins: message.admins.filter(isPresenceEntry),
      ...(message.sync === true ? { sync: true } : {}),
    }
  }
  // domain-events.ts publishes {name, at}.
  if (isDomainEventName(message.name)) return { kind: 'event', name: message.name }
  return null
}

/**
 * The LISTEN side of the domain-event bus (ADR 005): once the app is ready this instance LISTENs
 * on the channel `publish()` notifies, and hands every decoded message to its subscribers (the
 * WebSocket hub). On PostgreSQL the LISTEN connection is re-opened whenever it drops, followed by
 * a `resync`, because notifications sent meanwhile are lost. Closing the app unlistens.
 */
export const realtimeBusPlugin = fp(
  async (app) => {
    const log = app.log.child({ module: 'realtime-bus' })
    const instanceId = randomUUID()
    const handlers = new Set<(message: BusMessage) => void>()
    let unlisten: (() => Promise<void>) | null = null
    let retryTimer: NodeJS.Timeout | null = null
    let attempt = 0
    let closing = false
    /** The LISTEN being set up, if any: closing waits for it so no connection is left behind. */
    let inflight: Promise<void> | null = null

    const dispatch = (message: BusMessage) => {
      for (const handler of handlers) {
        try {
          handler(message)
        } catch (error) {
          log.error({ err: error }, 'realtime bus subscriber failed')
        }
      }
    }

    const onPayload = (payload: string) => {
      const message = decodeBusPayload(payload)
      if (message) dispatch(message)
    }

    function listen(isRetry: boolean): Promise<void> {
      if (closing) return Promise.resolve()
      const attemptDone = listenOnce(isRetry).finally(() => {
        if (inflight === attemptDone) inflight = null
      })
      inflight = attemptDone
      return attemptDone
    }

    async function listenOnce(isRetry: boolean): Promise<void> {
      try {
        const stop = await app.database.notifications.listen(DOMAIN_EVENTS_CHANNEL, onPayload, (error) => {
          unlisten = null
          log.warn({ err: error }, 'realtime LISTEN connection lost; listening again')
          scheduleRetry()
        })
        if (closing) {
          // The app started closing while this LISTEN was being set up.
          await stop().catch(() => undefined)
          return
        }
        unlisten = stop
        attempt = 0
        if (isRetry) {
          log.info('realtime LISTEN restored')
          dispatch({ kind: 'resync' })
        }
      } catch (error) {
        if (closing) return
        log.error({ err: error }, 'realtime LISTEN failed')
        scheduleRetry()
      }
    }

    function scheduleRetry() {
      if (closing || retryTimer) return
      const delay = Math.min(RELISTEN_BASE_MS * 2 ** attempt, RELISTEN_MAX_MS)
      attempt++
      retryTimer = setTimeout(() => {
        retryTimer = null
        void listen(true)
      }, delay)
      retryTimer.unref()
    }

    const bus: RealtimeBus = {
      instanceId,
      subscribe(handler) {
        handlers.add(handler)
        return () => handlers.delete(handler)
      },
      async announcePresence(announcement) {
        const payload: PresenceAnnouncement = { kind: 'presence', instance: instanceId, ...announcement }
        try {
          await app.database.notifications.notify(DOMAIN_EVENTS_CHANNEL, JSON.stringify(payload))
        } catch (error) {
          // Presence is best effort: the next heartbeat tries again.
          log.warn({ err: error }, 'presence not announced')
        }
      },
    }
    app.decorate('realtimeBus', bus)

    // The first LISTEN is awaited, so a ready app already receives events; a failure does not stop
    // the app (content still works without realtime) and is retried in the background.
    app.addHook('onReady', async () => listen(false))
    // preClose, not onClose: the database (closed by an onClose hook of the process) is still open.
    app.addHook('preClose', async () => {
      closing = true
      if (retryTimer) clearTimeout(retryTimer)
      retryTimer = null
      handlers.clear()
      await inflight
      const stop = unlisten
      unlisten = null
      try {
        await stop?.()
      } catch (error) {
        log.warn({ err: error }, 'realtime UNLISTEN failed')
      }
    })
  },
  { name: 'realtime-bus', dependencies: ['domain-events'] },
)
