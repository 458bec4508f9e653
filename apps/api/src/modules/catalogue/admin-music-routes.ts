import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADMIN_CONTENT_MSG,
  API,
  adminMusicListSchema,
  adminMusicParamsSchema,
  adminMusicResponseSchema,
  adminMusicUpdateSchema,
  apiErrorSchema,
  musicVolumeSchema,
} from '@sintonia/contract'
import { HttpError } from '../../plugins/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { createTrack, editTrack, findTrackForStreaming, getMusicAdmin, removeTrack, setVolume } from './music-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema }
const tags = ['admin: música de fundo']

export const adminMusicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.adminContent.music,
    { config: { access: 'admin' }, schema: { tags, summary: 'Todas as faixas (mais novas primeiro) e o volume global', response: { 200: adminMusicListSchema, ...errors } } },
    async () => getMusicAdmin(app),
  )

  app.post(
    API.adminContent.music,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Envia uma faixa (multipart: file, title, tags em JSON, isActive)',
        consumes: ['multipart/form-data'],
        response: { 201: adminMusicResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const track = await createTrack(app, request)
      await app.domainEvents.publish('music_changed')
      return reply.code(201).send({ track })
    },
  )

  app.put(
    API.adminContent.musicVolume,
    { config: { access: 'admin' }, schema: { tags, summary: 'Volume global da música de fundo (0 a 100)', body: musicVolumeSchema, response: { 200: musicVolumeSchema, ...errors } } },
    async (request) => {
      const saved = await setVolume(app, request.body.volumePercentage)
      await app.domainEvents.publish('music_changed')
      return saved
    },
  )

  app.patch(
    API.adminContent.musicTrack(':trackId'),
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Ativa/desativa, renomeia ou muda as tags de uma faixa', params: adminMusicParamsSchema, body: adminMusicUpdateSchema, response: { 200: adminMusicResponseSchema, ...errors } },
    },
    async (request) => {
      const track = await editTrack(app, request.params.trackId, request.body)
      await app.domainEvents.publish('music_changed')
      return { track }
    },
  )

  app.delete(
    API.adminContent.musicTrack(':trackId'),
    { config: { access: 'admin' }, schema: { tags, summary: 'Exclui uma faixa e seu arquivo', params: adminMusicParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeTrack(app, request, request.params.trackId)
      await app.domainEvents.publish('music_changed')
      return reply.code(204).send(null)
    },
  )

  app.route({
    method: ['GET', 'HEAD'],
    url: API.adminContent.musicFile(':trackId'),
    config: { access: 'admin' },
    schema: { tags, summary: 'Arquivo de uma faixa, ativa ou não (para ouvir na administração), com HTTP Range', params: adminMusicParamsSchema, response: { 400: apiErrorSchema, 404: apiErrorSchema, 416: apiErrorSchema } },
    handler: async (request, reply) => {
      const track = await findTrackForStreaming(app, request.params.trackId)
      const object = await app.storage.stat(track.fileKey)
      if (!object) throw new HttpError(404, ADMIN_CONTENT_MSG.trackNotFound)
      return sendStoredFile(request, reply, { storage: app.storage, object, contentType: track.mimeType, cacheControl: 'private, no-cache' })
    },
  })
}
