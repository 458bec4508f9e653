import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import type { DomainEventName } from '@sintonia/contract'
import { ReadCache } from '../lib/cache/read-cache.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Serialised answers of the catalogue reads (field list, a field's audios, search results): the
     * same bytes for every subscriber, so they are built once per change instead of once per
     * request (docs/performance.md). Dropped on fields_changed / audios_changed from any instance.
     */
    catalogueCache: ReadCache<string>
  }
}

/** Events after which a cached catalogue answer may be wrong. */
const CATALOGUE_EVENTS: ReadonlySet<DomainEventName> = new Set(['fields_changed', 'audios_changed'])
/** Bounds how long a change made outside the API (no event) stays unseen. */
export const CATALOGUE_CACHE_TTL_MS = 30_000
const MAX_ENTRIES = 1_000

export const catalogueCachePlugin = fp(
  async (app) => {
    const cache = new ReadCache<string>(CATALOGUE_CACHE_TTL_MS, MAX_ENTRIES)
    app.decorate('catalogueCache', cache)
    app.domainEvents.onLocalPublish((name) => {
      if (CATALOGUE_EVENTS.has(name)) cache.invalidate()
    })
    const unsubscribe = app.realtimeBus.subscribe((message) => {
      // A resync means this instance may have missed events while its LISTEN was down.
      if (message.kind === 'resync' || (message.kind === 'event' && CATALOGUE_EVENTS.has(message.name))) cache.invalidate()
    })
    app.addHook('onClose', async () => unsubscribe())
  },
  { name: 'catalogue-cache', dependencies: ['domain-events', 'realtime-bus'] },
)

/**
 * Sends the route's 200 answer from the catalogue cache, serialising `load()` through the route's
 * own response schema on a miss — the bytes are what the route would have sent.
 */
export async function sendCachedCatalogue(reply: FastifyReply, key: string, load: () => Promise<unknown>): Promise<FastifyReply> {
  const body = await reply.server.catalogueCache.getOrLoad(key, async () => {
    const serialised = reply.serialize(await load())
    return typeof serialised === 'string' ? serialised : Buffer.from(serialised as ArrayBuffer).toString('utf8')
  })
  return reply.type('application/json; charset=utf-8').send(body)
}
