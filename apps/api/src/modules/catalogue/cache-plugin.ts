import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import type { DomainEventName } from '@sintonia/contract'
import { ReadCache } from '../../lib/cache/read-cache.js'
import type { StoredObject } from '../../lib/storage/media-storage.js'
import type { AudioRow } from './repository.js'

/** An audio and its stored file, as the file route needs them (modules/media). */
export interface AudioFile {
  audio: AudioRow
  /** Null when the file is missing from storage. */
  object: StoredObject | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Serialised answers of the catalogue reads (field list, a field's audios, search results): the
     * same bytes for every subscriber, so they are built once per change instead of once per
     * request (docs/performance.md). Dropped on fields_changed / audios_changed from any instance.
     */
    catalogueCache: ReadCache<string>
    /**
     * Audios and their stored files by audio id, for the file route: a player sends a Range
     * request every few hundred kilobytes, each of which looked the audio up in the database and
     * its file up on disk (docs/performance.md). Null for an unknown audio. Dropped with the
     * catalogue; files are stored under new names when replaced, so a key never changes content.
     */
    audioFileCache: ReadCache<AudioFile | null>
    /**
     * The id of the audio the public demo plays (null without one), which visitors' file requests
     * and session presses are checked against: resolving it costs queries and a storage check.
     * Dropped with the catalogue.
     */
    publicDemoCache: ReadCache<string | null>
  }
}

/** Events after which a cached catalogue answer may be wrong. */
const CATALOGUE_EVENTS: ReadonlySet<DomainEventName> = new Set(['fields_changed', 'audios_changed'])
/** Bounds how long a change made outside the API (no event) stays unseen. */
export const CATALOGUE_CACHE_TTL_MS = 30_000
const MAX_ENTRIES = 1_000
/** Every audio of a large catalogue fits (an entry is a few hundred bytes). */
const MAX_AUDIO_FILES = 20_000

export const catalogueCachePlugin = fp(
  async (app) => {
    const cache = new ReadCache<string>(CATALOGUE_CACHE_TTL_MS, MAX_ENTRIES)
    const audioFiles = new ReadCache<AudioFile | null>(CATALOGUE_CACHE_TTL_MS, MAX_AUDIO_FILES)
    app.decorate('catalogueCache', cache)
    const publicDemo = new ReadCache<string | null>(CATALOGUE_CACHE_TTL_MS, 1)
    app.decorate('audioFileCache', audioFiles)
    app.decorate('publicDemoCache', publicDemo)
    const invalidate = () => {
      cache.invalidate()
      audioFiles.invalidate()
      publicDemo.invalidate()
    }
    app.domainEvents.onLocalPublish((name) => {
      if (CATALOGUE_EVENTS.has(name)) invalidate()
    })
    const unsubscribe = app.realtimeBus.subscribe((message) => {
      // A resync means this instance may have missed events while its LISTEN was down.
      if (message.kind === 'resync' || (message.kind === 'event' && CATALOGUE_EVENTS.has(message.name))) invalidate()
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
