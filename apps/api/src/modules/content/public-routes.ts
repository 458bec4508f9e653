/**
 * Content anyone may read: the landing's sections, and the videos uploaded for it (with HTTP Range).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API, MSG, apiErrorSchema, landingResponseSchema } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { getLanding } from './landing-service.js'
import { VIDEO_FILE_MIME, VIDEO_FILE_NAME } from './landing-admin-service.js'

export const contentRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.content.landing,
    {
      config: { access: 'public' },
      schema: {
        tags: ['landing'],
        summary: 'Conteúdo público da landing page (com fallback para o conteúdo padrão)',
        response: { 200: landingResponseSchema },
      },
    },
    async () => getLanding(app.database.db),
  )

  app.route({
    method: ['GET', 'HEAD'],
    url: API.content.videoFile(':name'),
    // The landing page plays uploaded videos to every visitor.
    config: { access: 'public' },
    schema: {
      tags: ['mídia'],
      summary: 'Vídeo enviado ou sua miniatura, com HTTP Range',
      params: z.object({ name: z.string().max(80) }),
      response: { 404: apiErrorSchema, 416: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const { name } = request.params
      if (!VIDEO_FILE_NAME.test(name)) throw new HttpError(404, MSG.generic.notFound)
      const object = await app.storage.stat(`videos/${name}`)
      if (!object) throw new HttpError(404, MSG.generic.notFound)
      const ext = name.slice(name.lastIndexOf('.') + 1)
      return sendStoredFile(request, reply, {
        storage: app.storage,
        object,
        contentType: VIDEO_FILE_MIME[ext] ?? 'application/octet-stream',
        cacheControl: 'public, max-age=3600',
      })
    },
  })
}
