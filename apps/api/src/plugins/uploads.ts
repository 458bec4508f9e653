import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import { join } from 'node:path'

declare module 'fastify' {
  interface FastifyInstance {
    /** Folder for uploads being received (DATA_DIR/uploads-tmp); files there are removed after each request. */
    uploadTmpDir: string
  }
}

/**
 * multipart/form-data for admin uploads. Limits per route come from lib/uploads/receive-multipart;
 * the defaults here only apply to a route that reads parts without its own limits.
 */
export const uploadsPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: 1024 * 1024, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    })
    app.decorate('uploadTmpDir', join(app.config.dataDir, 'uploads-tmp'))
  },
  { name: 'uploads' },
)
