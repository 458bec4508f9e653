/**
 * Rendered sessions (docs/product/sessions.md): runs the renderer, keeps the cache
 * clean (a changed audio or music drops the sessions mixed from its old file, on every instance),
 * and registers the routes.
 */
import { join } from 'node:path'
import fp from 'fastify-plugin'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { BACKGROUND_MUSIC_FALLBACK_TITLE, type DomainEventName, type SessionManifest } from '@sintonia/contract'
import { ReadCache } from '../../lib/cache/read-cache.js'
import { findAudioFile, publicDemoId } from '../catalogue/media-service.js'
import { PUBLIC_MUSIC_FILE } from '../../paths.js'
import type { PlanMusic } from './session-plan.js'
import { BUILT_IN_PREFIX } from './repository.js'
import { SessionRenderer } from './renderer.js'
import { aheadSessions, Prerenderer, PRERENDER_CLAIM_MS } from './prerender.js'
import { recordStored, sweepStale, type CacheDeps } from './session-cache.js'
import { sessionRoutes } from './routes.js'
import { sourceFiles } from './source-files.js'
import type { SessionDeps } from './service.js'
import { mediaAddressDepsOf, signedMediaAddress } from '../../lib/http/redirect-to-media.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The sessions rendered ahead (./prerender.ts): the demo's variants, the programme days and
     * every audio at default settings, at start and on every change of an audio, a track or a
     * programme when SESSION_PRERENDER is on; null without ffmpeg.
     */
    sessionPrerender: Prerenderer | null
    /** This instance's renders (what runs now); null without ffmpeg. */
    sessionRendering: SessionRenderer | null
  }
}

/** Bounds how long a change made outside the API (no event) leaves a stored session's manifest unseen. */
const STORED_MANIFESTS_TTL_MS = 30_000
/** The demo's variants, every audio and every programme day at the default settings, with room to spare. */
const STORED_MANIFESTS_MAX = 20_000

/** Changes that may leave stored sessions stale (their files) or change what is rendered ahead (programmes). */
const SOURCE_EVENTS: ReadonlySet<DomainEventName> = new Set(['audios_changed', 'music_changed', 'programs_changed'])

/**
 * The demo's music: the built-in track, named by its content (a new file is a new name, so its old
 * sessions are never heard again). Null when the web app's file is not there.
 */
function builtInMusic(): PlanMusic | null {
  if (!existsSync(PUBLIC_MUSIC_FILE)) return null
  const digest = createHash('sha256').update(readFileSync(PUBLIC_MUSIC_FILE)).digest('hex').slice(0, 16)
  return { id: 'publica', title: BACKGROUND_MUSIC_FALLBACK_TITLE, fileKey: `${BUILT_IN_PREFIX}background-${digest}.mp3` }
}

export const sessionsModule = fp(
  async (app) => {
    const log = app.log.child({ module: 'sessions' })
    // Without ffmpeg (plugins/media-tools.ts) sessions answer 503 and the player plays the voice with the music apart.
    const ffmpeg = app.ffmpeg
    let prerenderer: Prerenderer | null = null
    let renderer: SessionRenderer | null = null
    const cache: CacheDeps = {
      db: app.database.db,
      storage: app.storage,
      log,
      maxBytes: app.config.sessions.cacheMaxBytes,
      bytesInProgress: () => renderer?.bytesInProgress() ?? 0,
      pinned: () => prerenderer?.pinned() ?? new Set(),
    }
    const publicMusic = builtInMusic()
    const storedPaths = sourceFiles(app.storage, join(app.config.dataDir, 'sessions-sources'))
    // The built-in track is a file of the web app, not of media storage.
    const sourcePaths = async (keys: string[]) => {
      const paths = await storedPaths(keys.filter((key) => key !== publicMusic?.fileKey))
      if (publicMusic && keys.includes(publicMusic.fileKey)) paths.set(publicMusic.fileKey, PUBLIC_MUSIC_FILE)
      return paths
    }
    renderer = ffmpeg
      ? new SessionRenderer({
          ffmpeg,
          storage: app.storage,
          workDir: join(app.config.dataDir, 'sessions-tmp'),
          concurrency: app.config.sessions.renderConcurrency,
          queueMax: app.config.sessions.renderQueueMax,
          log,
          sourcePaths,
          onStored: (key) => recordStored(cache, key),
        })
      : null
    const addresses = mediaAddressDepsOf(app)
    // What every listener asking the same thing is answered (service.ts): dropped with the sources.
    const storedManifests = new ReadCache<SessionManifest>(STORED_MANIFESTS_TTL_MS, STORED_MANIFESTS_MAX)
    const catalogue = { db: app.database.db, storage: app.storage, audioFileCache: app.audioFileCache, publicDemoCache: app.publicDemoCache }
    const deps: SessionDeps = {
      db: app.database.db,
      storage: app.storage,
      log,
      renderer,
      sourcePaths,
      publicMusic,
      mediaAddress: (options) => signedMediaAddress(addresses, options),
      cacheMaxBytes: app.config.sessions.cacheMaxBytes,
      countNewSession: async (accountId) => (await app.sharedLimits.hit(`sessoes-novas:${accountId}`, 60 * 60_000)).count,
      findAudios: async (ids) => {
        const files = await Promise.all(ids.map((id) => findAudioFile(catalogue, id)))
        return files.flatMap((file) => (file ? [file.audio] : []))
      },
      storedManifests,
      isRenderedAhead: (key) => prerenderer?.pinned().has(key) ?? false,
      publicDemoId: () => publicDemoId(catalogue),
    }
    if (renderer) {
      prerenderer = new Prerenderer({
        sessions: deps,
        renderer,
        log,
        targets: () => aheadSessions(app.database.db, app.storage),
        claim: async (key) => (await app.sharedLimits.hit(`sessao-adiantada:${key}`, PRERENDER_CLAIM_MS)).count === 1,
      })
    }
    app.decorate('sessionPrerender', prerenderer)
    app.decorate('sessionRendering', renderer)

    let sweeping: Promise<unknown> = Promise.resolve()
    // After the stale sessions are gone, what is rendered ahead is rendered again where it changed.
    const sweep = () => {
      storedManifests.invalidate()
      sweeping = sweeping.then(() => sweepStale(cache)).catch((error: Error) => log.warn({ err: error.message }, 'limpeza das sessões falhou'))
      if (prerenderer && app.config.sessions.prerender) void sweeping.then(() => prerenderer?.schedule()).catch(() => undefined)
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
      const closing = prerenderer?.close()
      await renderer?.close()
      await closing
      await sweeping
    })

    await app.register(sessionRoutes(() => deps, app.config.sessions.stallTimeoutMs))
  },
  { name: 'sessions', dependencies: ['domain-events', 'realtime-bus', 'media-tools', 'rate-limit', 'catalogue-cache'] },
)
