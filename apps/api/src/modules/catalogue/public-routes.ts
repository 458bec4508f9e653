/**
 * Catalogue routes anyone may call: the landing's fields and the demo, and the audio files (the
 * demo's to anyone, the others to subscribers: decided per request, docs/product/listening.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, apiErrorSchema, audioTranscriptSchema, demoSchema, fieldListSchema, MSG, MEDIA_MSG } from '@sintonia/contract'
import { sendCachedCatalogue } from './cache-plugin.js'
import { getDemo, listPublicFields } from './service.js'
import { z } from 'zod'
import { HttpError } from '../../lib/http/errors.js'
import { redirectToMedia } from '../../lib/http/redirect-to-media.js'
import { refuseListening } from '../../plugins/audit.js'
import { findAudioFile, listeningDenial, publicDemoId, readTranscript } from './media-service.js'

const publicCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.catalogue.publicFields,
    {
      // Field titles and counts are marketing content on the landing page
      // (docs/product/public-pages.md#campos-de-desenvolvimento), so they are public.
      config: { access: 'public' },
      schema: {
        tags: ['catálogo'],
        summary: 'Campos com a contagem de áudios (público, para a landing page)',
        response: { 200: fieldListSchema },
      },
    },
    // Same bytes as the listener's list (same schema): one cache entry serves both.
    async (_request, reply) => sendCachedCatalogue(reply, 'fields', async () => ({ fields: await listPublicFields(app.database.db) })),
  )

  app.get(
    API.catalogue.demo,
    {
      config: { access: 'public' },
      schema: {
        tags: ['catálogo'],
        summary: 'Áudio de demonstração (ou alternativo) e o título do seu campo',
        response: { 200: demoSchema },
      },
    },
    async () => getDemo(app.database.db, app.storage),
  )
}

const paramsSchema = z.object({ audioId: z.uuid({ error: MSG.validation.invalidUuid }) })

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/audios/:audioId/file',
    // Public at the guard because the demo is public; every other audio is checked in the handler.
    config: { access: 'public' },
    schema: {
      tags: ['mídia'],
      summary: 'Arquivo de áudio (assinantes e admins; a demonstração é pública): 302 para um endereço assinado e com validade, que responde com HTTP Range (206), ETag e HEAD',
      params: paramsSchema,
      response: { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request, reply) => {
      // A player sends a Range request every few hundred kilobytes: the audio and its file come
      // from the catalogue's cache, the listener's access in one round trip (docs/performance.md).
      const deps = { db: app.database.db, storage: app.storage, audioFileCache: app.audioFileCache, publicDemoCache: app.publicDemoCache }
      const [file, denial] = await Promise.all([findAudioFile(deps, request.params.audioId), request.signedIn().then((signedIn) => listeningDenial(deps.db, signedIn))])
      if (!file) throw new HttpError(404, MEDIA_MSG.audioNotFound)
      // Listeners with access are settled first: the public demo only matters for people who may not hear the rest.
      const demo = denial ? (await publicDemoId(deps)) === file.audio.id : false
      if (denial && !demo) await refuseListening(request, denial)
      if (!file.object) throw new HttpError(404, MEDIA_MSG.audioFileMissing)
      // The bytes come from a signed address (ADR 021), never a shared cache: its redirect is not stored.
      return redirectToMedia(request, reply, { object: file.object, contentType: file.audio.mimeType, playSeconds: file.audio.durationSeconds })
    },
  })

  app.get(
    API.catalogue.audioTranscript(':audioId'),
    {
      // Public at the guard for the same reason as the file: the demo's transcript is public.
      config: { access: 'public' },
      schema: {
        tags: ['mídia'],
        summary: 'Transcrição de um áudio, em texto simples com parágrafos (null sem transcrição): a mesma regra do arquivo — assinantes e admins; a da demonstração é pública',
        params: paramsSchema,
        response: { 200: audioTranscriptSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const deps = { db: app.database.db, storage: app.storage, audioFileCache: app.audioFileCache, publicDemoCache: app.publicDemoCache }
      const denial = await listeningDenial(deps.db, await request.signedIn())
      const answer = await readTranscript(deps, request.params.audioId, denial, (refused) => refuseListening(request, refused))
      // Who may read it is decided per request: no shared cache keeps it.
      void reply.header('cache-control', 'private, no-cache')
      return answer
    },
  )
}

/** Every route of this audience, registered by app.ts. */
export const catalogueRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicCatalogueRoutes)
  await app.register(mediaRoutes)
}
