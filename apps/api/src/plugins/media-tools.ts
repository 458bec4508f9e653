import fp from 'fastify-plugin'
import { join } from 'node:path'
import { locateFfmpeg, type Ffmpeg } from '../lib/media/ffmpeg.js'
import type { CoverImageDeps } from '../lib/media/cover-images.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The ffmpeg binary sessions are mixed and covers converted with; null when none runs here. */
    ffmpeg: Ffmpeg | null
    /** What the services that set covers need (docs/product/covers.md). */
    coverImages: CoverImageDeps
  }
}

/**
 * Finds ffmpeg once for every module that needs it (docs/decisions/019-rendered-sessions-ffmpeg.md):
 * without it the server still runs; sessions and cover uploads answer 503 in pt-BR.
 */
export const mediaToolsPlugin = fp(
  async (app) => {
    const ffmpeg = locateFfmpeg(app.config.ffmpegPath)
    if (!ffmpeg) app.log.warn('ffmpeg não encontrado: as sessões contínuas e o envio de capas ficam indisponíveis')
    app.decorate('ffmpeg', ffmpeg)
    app.decorate('coverImages', { storage: app.storage, ffmpeg, workDir: join(app.config.dataDir, 'covers-tmp'), log: app.log.child({ module: 'covers' }) })
  },
  { name: 'media-tools' },
)
