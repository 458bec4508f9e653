import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  MSG,
  adminActiveVideoSchema,
  adminLandingSchema,
  adminVideoLinkSchema,
  adminVideoParamsSchema,
  adminVideoUpdateSchema,
  adminVideosSchema,
  apiErrorSchema,
  landingPageContentSchema,
} from '@sintonia/contract'
import { HttpError } from '../../plugins/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import {
  VIDEO_FILE_MIME,
  VIDEO_FILE_NAME,
  addVideoLink,
  editVideo,
  getAdminLanding,
  getVideos,
  removeVideo,
  saveLanding,
  setActiveVideo,
  uploadVideo,
} from './landing-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema }

export const adminLandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const landingTags = ['admin: página inicial']
  const videoTags = ['admin: vídeos']

  app.get(
    API.adminContent.landing,
    { config: { access: 'admin' }, schema: { tags: landingTags, summary: 'Conteúdo da landing page para edição (o padrão quando não há conteúdo válido salvo)', response: { 200: adminLandingSchema, ...errors } } },
    async () => getAdminLanding(db),
  )

  app.put(
    API.adminContent.landing,
    {
      config: { access: 'admin' },
      schema: { tags: landingTags, summary: 'Salva o conteúdo completo da landing page (validado: mensagens por campo)', body: landingPageContentSchema, response: { 200: adminLandingSchema, ...errors } },
    },
    async (request) => {
      const saved = await saveLanding(db, request.body)
      await app.domainEvents.publish('content_changed')
      return saved
    },
  )

  app.get(
    API.adminContent.videos,
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Vídeos da landing page e o ativo', response: { 200: adminVideosSchema, ...errors } } },
    async () => getVideos(db),
  )

  app.post(
    API.adminContent.videos,
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Adiciona um vídeo por link (YouTube, player parceiro, HTML de incorporação ou HLS .m3u8)', body: adminVideoLinkSchema, response: { 201: adminVideosSchema, ...errors } } },
    async (request, reply) => {
      const content = await addVideoLink(db, request.body)
      await app.domainEvents.publish('videos_changed')
      return reply.code(201).send(content)
    },
  )

  app.post(
    API.adminContent.videoUpload,
    {
      config: { access: 'admin' },
      schema: {
        tags: videoTags,
        summary: 'Envia um vídeo (multipart: file até 50 MB — MP4, MPEG, MOV, AVI, WebM —, thumbnail opcional, title)',
        consumes: ['multipart/form-data'],
        response: { 201: adminVideosSchema, ...errors },
      },
    },
    async (request, reply) => {
      const content = await uploadVideo(app, request)
      await app.domainEvents.publish('videos_changed')
      return reply.code(201).send(content)
    },
  )

  app.put(
    API.adminContent.activeVideo,
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Define o vídeo ativo (null: nenhum)', body: adminActiveVideoSchema, response: { 200: adminVideosSchema, ...errors } } },
    async (request) => {
      const content = await setActiveVideo(db, request.body.videoId)
      await app.domainEvents.publish('videos_changed')
      return content
    },
  )

  app.patch(
    API.adminContent.video(':videoId'),
    {
      config: { access: 'admin' },
      schema: { tags: videoTags, summary: 'Edita o título e os oito controles do player de um vídeo', params: adminVideoParamsSchema, body: adminVideoUpdateSchema, response: { 200: adminVideosSchema, ...errors } },
    },
    async (request) => {
      const content = await editVideo(db, request.params.videoId, request.body)
      await app.domainEvents.publish('videos_changed')
      return content
    },
  )

  app.delete(
    API.adminContent.video(':videoId'),
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Exclui um vídeo (e o arquivo, se foi enviado)', params: adminVideoParamsSchema, response: { 200: adminVideosSchema, ...errors } } },
    async (request) => {
      const content = await removeVideo(app, request, request.params.videoId)
      await app.domainEvents.publish('videos_changed')
      return content
    },
  )

  app.route({
    method: ['GET', 'HEAD'],
    url: API.videoFile(':name'),
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
