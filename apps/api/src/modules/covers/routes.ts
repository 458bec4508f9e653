/**
 * Cover images, public (docs/product/covers.md): the landing shows them to anyone. A cover's file
 * never changes (a new image is a new id), so browsers and CDNs keep it for a year.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, apiErrorSchema, coverFileSchema, COVER_MSG } from '@sintonia/contract'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { HttpError } from '../../lib/http/errors.js'
import { coverFileKey } from '../../lib/media/cover-images.js'

export const coverRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.catalogue.coverFile(':file'),
    {
      config: { access: 'public' },
      schema: { tags: ['capas'], summary: 'Uma largura de uma capa (WebP)', params: coverFileSchema, response: { 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const object = await app.storage.stat(coverFileKey(request.params.file))
      if (!object) throw new HttpError(404, COVER_MSG.notFound)
      return sendStoredFile(request, reply, { storage: app.storage, object, contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' })
    },
  )
}
