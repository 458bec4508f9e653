import type { AppConfig } from './config.js'
import type { DatabaseHandle } from './db/client.js'
import type { MediaStorage } from './lib/storage/media-storage.js'
import type { Clock } from './lib/clock.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    database: DatabaseHandle
    storage: MediaStorage
    /** "Now" for the daily practice (lib/clock.ts). */
    clock: Clock
  }
}
