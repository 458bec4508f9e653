import fp from 'fastify-plugin'
import type { DomainEventName } from '@sintonia/contract'

/** The Postgres channel every API instance LISTENs on (docs/realtime.md). */
export const DOMAIN_EVENTS_CHANNEL = 'sintonia_domain_events'

export interface DomainEvents {
  /**
   * Announces a committed change to every API instance. Call it after the transaction has
   * committed, never inside it: a listener that reloads must see the new data. A failed notify is
   * logged and swallowed — the change itself is already saved, and clients also refetch on focus.
   */
  publish(name: DomainEventName): Promise<void>
  /**
   * Runs `handler` synchronously on every publish of this instance, before the notification goes
   * out. Caches of this instance use it so the request that made a change — and the admin's
   * reload right after it — never read what the change replaced; other instances hear the change
   * through the realtime bus a few milliseconds later.
   */
  onLocalPublish(handler: (name: DomainEventName) => void): void
}

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents
  }
}

export const domainEventsPlugin = fp(
  async (app) => {
    const localHandlers: ((name: DomainEventName) => void)[] = []
    const domainEvents: DomainEvents = {
      onLocalPublish(handler) {
        localHandlers.push(handler)
      },
      async publish(name) {
        for (const handler of localHandlers) handler(name)
        try {
          await app.database.notifications.notify(DOMAIN_EVENTS_CHANNEL, JSON.stringify({ name, at: new Date().toISOString() }))
        } catch (error) {
          app.log.warn({ err: error, event: name }, 'domain event not published')
        }
      },
    }
    app.decorate('domainEvents', domainEvents)
  },
  { name: 'domain-events' },
)
