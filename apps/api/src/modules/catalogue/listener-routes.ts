/**
 * Catalogue routes of the listener area (subscribers and admins): fields, audios, background music, search.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  apiErrorSchema,
  audioDetailSchema,
  backgroundMusicSchema,
  fieldAudiosSchema,
  fieldDetailSchema,
  fieldListSchema,
  MSG,
  searchQuerySchema,
  searchResponseSchema,
} from '@sintonia/contract'
import { redirectToMedia } from '../../lib/http/redirect-to-media.js'
import { sendCachedCatalogue } from './cache-plugin.js'
import { HttpError } from '../../lib/http/errors.js'
import { listPublicFields } from './service.js'
import {
  BACKGROUND_FILE_MISSING,
  getAudioDetail,
  getBackgroundMusic,
  getBackgroundTrack,
  getField,
  getFieldAudios,
} from './listener-service.js'
import { search, searchCacheKey } from './search-service.js'

// The id is checked in the service so a bad one answers exactly 'ID do campo inválido'.
const fieldParams = z.object({ fieldId: z.string() })
const audioParams = z.object({ audioId: z.uuid({ error: MSG.validation.invalidUuid }) })
const trackParams = z.object({ trackId: z.uuid({ error: MSG.validation.invalidUuid }) })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }

/** The listener area's catalogue reads and background music (subscribers and admins). */
const listenerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.catalogue.fields,
    {
      config: { access: 'subscriber' },
      schema: { tags: ['ouvinte'], summary: 'Campos com a contagem de áudios, na ordem de exibição', response: { 200: fieldListSchema, ...errors } },
    },
    async (_request, reply) => sendCachedCatalogue(reply, 'fields', async () => ({ fields: await listPublicFields(app.database.db) })),
  )

  app.get(
    '/api/fields/:fieldId',
    {
      config: { access: 'subscriber' },
      schema: { tags: ['ouvinte'], summary: 'Um campo e a contagem dos seus áudios', params: fieldParams, response: { 200: fieldDetailSchema, ...errors } },
    },
    async (request, reply) =>
      sendCachedCatalogue(reply, `field:${request.params.fieldId}`, async () => ({ field: await getField(app.database.db, request.params.fieldId) })),
  )

  app.get(
    '/api/fields/:fieldId/audios',
    {
      config: { access: 'subscriber' },
      schema: { tags: ['ouvinte'], summary: 'Áudios de um campo, por título', params: fieldParams, response: { 200: fieldAudiosSchema, ...errors } },
    },
    async (request, reply) =>
      sendCachedCatalogue(reply, `field-audios:${request.params.fieldId}`, async () => ({
        audios: await getFieldAudios(app.database.db, request.params.fieldId),
      })),
  )

  app.get(
    '/api/audios/:audioId',
    {
      config: { access: 'subscriber' },
      schema: { tags: ['ouvinte'], summary: 'Um áudio e o título do seu campo', params: audioParams, response: { 200: audioDetailSchema, ...errors } },
    },
    async (request) => getAudioDetail(app.database.db, request.params.audioId),
  )

  app.get(
    API.catalogue.backgroundMusic,
    {
      config: { access: 'subscriber' },
      schema: { tags: ['ouvinte'], summary: 'Músicas de fundo ativas e o volume global (padrão 25)', response: { 200: backgroundMusicSchema, ...errors } },
    },
    async () => getBackgroundMusic(app.database.db),
  )

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/background-music/:trackId/file',
    config: { access: 'subscriber' },
    schema: {
      tags: ['ouvinte'],
      summary: 'Arquivo de música de fundo: 302 para um endereço assinado e com validade (HTTP Range, ETag, HEAD)',
      params: trackParams,
      response: { ...errors, 416: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const track = await getBackgroundTrack(app.database.db, request.params.trackId)
      const object = await app.storage.stat(track.fileKey)
      if (!object) throw new HttpError(404, BACKGROUND_FILE_MISSING)
      return redirectToMedia(request, reply, { object, contentType: track.mimeType, playSeconds: track.durationSeconds })
    },
  })
}

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.catalogue.search,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Busca campos (título, descrição) e áudios (título, tags e, depois, transcrição), sem diferenciar acentos e maiúsculas',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    // Every subscriber gets the same results for a query until the catalogue changes.
    async (request, reply) =>
      sendCachedCatalogue(reply, searchCacheKey(request.query.q), async () => ({ results: await search(app.database.db, request.query.q) })),
  )
}

/** Every route of this audience, registered by app.ts. */
export const catalogueRoutesListener: FastifyPluginAsyncZod = async (app) => {
  await app.register(listenerRoutes)
  await app.register(searchRoutes)
}
