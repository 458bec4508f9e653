import type { Database } from '../db/client.js'
import type { MediaStorage } from './storage/media-storage.js'

/** The logger a service may write to (pino's and Fastify's loggers fit). */
export interface ServiceLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * What a service that stores media needs: plain dependencies, never the Fastify instance or a
 * request. Routes build it (`mediaDeps(app, request)`) and parse multipart bodies themselves.
 */
export interface MediaServiceDeps {
  db: Database
  storage: MediaStorage
  log: ServiceLogger
}

/** A route's plain dependencies for a media service: the app's database and storage, the request's logger. */
export function mediaDeps(
  app: { database: { db: Database }; storage: MediaStorage; log: ServiceLogger },
  request?: { log: ServiceLogger },
): MediaServiceDeps {
  return { db: app.database.db, storage: app.storage, log: request?.log ?? app.log }
}
