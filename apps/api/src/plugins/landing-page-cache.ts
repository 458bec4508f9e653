import fp from 'fastify-plugin'
import type { DomainEventName } from '@sintonia/contract'
import { ReadCache } from '../lib/cache/read-cache.js'

/** The first HTML of `/`, built once: data and share tags injected, the landing rendered into #root. */
export interface LandingPageHtml {
  html: string
  br: Buffer
  gzip: Buffer
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Built pages of `/` (plugins/spa.ts), keyed by the first-paint data they were built from: the
     * server render and the compression run once per change of the landing instead of once per
     * request (ADR 013). Dropped when the landing's content, videos, fields, audios or plans (or
     * the product name, a content_changed) change, on any instance.
     */
    landingPageCache: ReadCache<LandingPageHtml>
  }
}

/** Events after which the page of `/` shows something else (product name changes are content_changed). */
const LANDING_EVENTS: ReadonlySet<DomainEventName> = new Set([
  'content_changed',
  'videos_changed',
  'fields_changed',
  'audios_changed',
  'plans_changed',
])
/**
 * An entry is keyed by the data it was built from, so it is never served for other data; the TTL
 * and the size bound only bound memory (a page in use is rebuilt at most every 10 minutes).
 */
export const LANDING_PAGE_CACHE_TTL_MS = 10 * 60_000
const MAX_ENTRIES = 4

export const landingPageCachePlugin = fp(
  async (app) => {
    const cache = new ReadCache<LandingPageHtml>(LANDING_PAGE_CACHE_TTL_MS, MAX_ENTRIES)
    app.decorate('landingPageCache', cache)
    app.domainEvents.onLocalPublish((name) => {
      if (LANDING_EVENTS.has(name)) cache.invalidate()
    })
    const unsubscribe = app.realtimeBus.subscribe((message) => {
      // A resync means this instance may have missed events while its LISTEN was down.
      if (message.kind === 'resync' || (message.kind === 'event' && LANDING_EVENTS.has(message.name))) cache.invalidate()
    })
    app.addHook('onClose', async () => unsubscribe())
  },
  { name: 'landing-page-cache', dependencies: ['domain-events', 'realtime-bus'] },
)
