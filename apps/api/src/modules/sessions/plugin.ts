/**
 * Rendered sessions (docs/product/sessions.md): finds ffmpeg, runs the renderer, keeps the cache
 * clean (a changed audio or music drops the sessions mixed from its old file, on every instance),
 * and registers the routes.
 */
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { DomainEventName } from '@sintonia/contract'
import { locateFfmpeg, type Ffmpeg } from '../../lib/media/ffmpeg.js'
import { SessionRenderer } from './renderer.js'
import { recordStored, sweepStale, type CacheDeps } from './session-cache.js'
import { sessionRoutes } from './routes.js'
import { sourceFiles } from './source-files.js'
import type { SessionDeps } from './service.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The binary sessions are rendered with; null when none runs here (sessions answer 503). */
    sessionFfmpeg: Ffmpeg | null
  }
}

const SOURCE_EVENTS: ReadonlySet<DomainEventName> = new Set(['audios_changed', 'music_changed'])

export const sessionsModule = fp(
  async (app) => {
    const log = app.log.child({ module: 'sessions' })
    const ffmpeg = locateFfmpeg(app.config.sessions.ffmpegPath)
    if (!ffmpeg) log.warn('ffmpeg não encontrado: as sessões contínuas ficam indisponíveis e o player toca a voz com a música à parte')
    app.decorate('sessionFfmpeg', ffmpeg)
    const cache: CacheDeps = { db: app.database.db, storage: app.storage, log, maxBytes: app.config.sessions.cacheMaxBytes }
    const sourcePaths = sourceFiles(app.storage, join(app.config.dataDir, 'sessions-sources'))
    const renderer = ffmpeg
      ? new SessionRenderer({
          ffmpeg,
          storage: app.storage,
          workDir: join(app.config.dataDir, 'sessions-tmp'),
          concurrency: app.config.sessions.renderConcurrency,
          log,
          sourcePaths,
          onStored: (key) => recordStored(cache, key),
        })
      : null
    const deps: SessionDeps = { db: app.database.db, storage: app.storage, log, renderer, sourcePaths }

    let sweeping: Promise<unknown> = Promise.resolve()
    const sweep = () => {
      sweeping = sweeping.then(() => sweepStale(cache)).catch((error: Error) => log.warn({ err: error.message }, 'limpeza das sessões falhou'))
    }
    app.domainEvents.onLocalPublish((name) => {
      if (SOURCE_EVENTS.has(name)) sweep()
    })
    const unsubscribe = app.realtimeBus.subscribe((message) => {
      if (message.kind === 'resync' || (message.kind === 'event' && SOURCE_EVENTS.has(message.name))) sweep()
    })
    app.addHook('onReady', async () => sweep())
    app.addHook('preClose', async () => {
      unsubscribe()
      await renderer?.close()
      await sweeping
    })

    await app.register(sessionRoutes(() => deps))
  },
  { name: 'sessions', dependencies: ['domain-events', 'realtime-bus'] },
)
