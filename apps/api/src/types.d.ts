import type { AppConfig } from './config.js'
import type { DatabaseHandle } from './db/client.js'
import type { MediaStorage } from './lib/storage/media-storage.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    database: DatabaseHandle
    storage: MediaStorage
  }
}
