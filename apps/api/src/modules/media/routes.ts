import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MSG, apiErrorSchema } from '@sintonia/contract'
import { HttpError } from '../../plugins/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { findAudioById } from '../catalogue/repository.js'
import { resolvePublicDemo } from '../catalogue/service.js'

const paramsSchema = z.object({ audioId: z.uuid({ error: MSG.validation.invalidUuid }) })

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/audios/:audioId/file',
    // Subscriber audio; the demo is the public exception checked in the handler until the
    // access guard (sessions and subscriptions) lets subscribers through.
    config: { access: 'public' },
    schema: {
      tags: ['mídia'],
      summary: 'Arquivo de áudio com suporte a HTTP Range (206), ETag e HEAD',
      params: paramsSchema,
      response: { 401: apiErrorSchema, 404: apiErrorSchema, 416: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const { db } = app.database
      const audio = await findAudioById(db, request.params.audioId)
      if (!audio) throw new HttpError(404, MSG.media.audioNotFound)
      const demo = await resolvePublicDemo(db, app.storage)
      if (demo?.audio.id !== audio.id) throw new HttpError(401, MSG.media.subscriptionRequired)
      const object = await app.storage.stat(audio.fileKey)
      if (!object) throw new HttpError(404, MSG.media.audioFileMissing)
      return sendStoredFile(request, reply, {
        storage: app.storage,
        object,
        contentType: audio.mimeType,
        cacheControl: 'public, max-age=3600',
      })
    },
  })
}
