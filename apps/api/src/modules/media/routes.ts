import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AUTH_MSG, MSG, apiErrorSchema } from '@sintonia/contract'
import { HttpError } from '../../plugins/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { findAudioById } from '../catalogue/repository.js'
import { resolvePublicDemo } from '../catalogue/service.js'
import { recordAuditSafely } from '../audit/service.js'
import { hasActiveSubscription } from '../subscriptions/service.js'

const paramsSchema = z.object({ audioId: z.uuid({ error: MSG.validation.invalidUuid }) })

interface Denial {
  status: 401 | 403
  message: string
  reason: string
}

/**
 * ARCHITECTURE §4: audio files go only to active subscribers (and admins, who manage them); the
 * public demo is the one exception. Anonymous → 401, signed in without access → 403. Returns why
 * this request may not hear subscriber audio, or null when it may.
 */
async function listeningDenial(request: FastifyRequest): Promise<Denial | null> {
  const { db } = request.server.database
  const user = (await request.authSession())?.user
  if (!user) return { status: 401, message: MSG.media.subscriptionRequired, reason: 'anonymous' }
  if (user.banned) return { status: 403, message: AUTH_MSG.banned, reason: 'banned' }
  if (user.role !== 'admin' && !(await hasActiveSubscription(db, user.id))) {
    return { status: 403, message: MSG.media.subscriptionRequired, reason: 'no_subscription' }
  }
  return null
}

async function refuse(request: FastifyRequest, denial: Denial): Promise<never> {
  const { db } = request.server.database
  const user = (await request.authSession())?.user
  // Audited like the access guard's refusals (the guard does not see this route: it is 'public').
  await recordAuditSafely(
    db,
    {
      actorUserId: user?.id ?? null,
      action: 'access_denied',
      target: `${request.method} ${request.routeOptions.url ?? request.url}`,
      outcome: 'denied',
      ip: request.ip ?? null,
      details: { required: 'subscriber', reason: denial.reason },
    },
    request.log,
  )
  throw new HttpError(denial.status, denial.message)
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/audios/:audioId/file',
    // Public at the guard because the demo is public; every other audio is checked in the handler.
    config: { access: 'public' },
    schema: {
      tags: ['mídia'],
      summary: 'Arquivo de áudio (assinantes e admins; a demonstração é pública) com HTTP Range (206), ETag e HEAD',
      params: paramsSchema,
      response: { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 416: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const { db } = app.database
      // The audio and the listener's access are looked up at the same time: a player sends a Range
      // request every few hundred kilobytes, so each round trip counts (docs/performance.md).
      const [audio, denial] = await Promise.all([findAudioById(db, request.params.audioId), listeningDenial(request)])
      if (!audio) throw new HttpError(404, MSG.media.audioNotFound)
      // Listeners with access are settled first: resolving the public demo costs queries and a
      // storage check, and only matters for people who may not hear the rest (docs/performance.md).
      let isPublicDemo = false
      if (denial) {
        isPublicDemo = (await resolvePublicDemo(db, app.storage))?.audio.id === audio.id
        if (!isPublicDemo) await refuse(request, denial)
      }
      const object = await app.storage.stat(audio.fileKey)
      if (!object) throw new HttpError(404, MSG.media.audioFileMissing)
      return sendStoredFile(request, reply, {
        storage: app.storage,
        object,
        contentType: audio.mimeType,
        // A subscriber's file must never sit in a shared cache.
        cacheControl: isPublicDemo ? 'public, max-age=3600' : 'private, max-age=3600',
      })
    },
  })
}
