import type { Database } from '../db/client.js'
import type { MediaStorage } from './storage/media-storage.js'
import type { CoverImageDeps } from './media/cover-images.js'
import type { Ffmpeg } from './media/ffmpeg.js'
import type { ServiceLogger } from './service-logger.js'

/**
 * What a service that stores media needs: plain dependencies, never the Fastify instance or a
 * request. Routes build it (`mediaDeps(app, request)`) and parse multipart bodies themselves.
 */
export interface MediaServiceDeps {
  db: Database
  storage: MediaStorage
  log: ServiceLogger
  /** Converts uploaded audio to its stored form (ADR 026); null when no ffmpeg runs here. */
  ffmpeg: Ffmpeg | null
}

/** A route's plain dependencies for a media service: the app's database and storage, the request's logger. */
export function mediaDeps(
  app: { database: { db: Database }; storage: MediaStorage; log: ServiceLogger; ffmpeg: Ffmpeg | null },
  request?: { log: ServiceLogger },
): MediaServiceDeps {
  return { db: app.database.db, storage: app.storage, log: request?.log ?? app.log, ffmpeg: app.ffmpeg }
}

/** What a service that sets covers needs (docs/product/covers.md): the database and the app's cover tools. */
export type CoverServiceDeps = CoverImageDeps & { db: Database }

export function coverDeps(app: { database: { db: Database }; coverImages: CoverImageDeps }): CoverServiceDeps {
  return { ...app.coverImages, db: app.database.db }
}
