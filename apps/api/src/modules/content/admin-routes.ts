/**
 * Content routes of the admin area: landing editor, landing videos, settings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminActiveVideoSchema,
  adminLandingSchema,
  adminLandingSaveQuerySchema,
  adminVideoLinkSchema,
  adminVideoParamsSchema,
  adminVideosSchema,
  adminVideoUpdateSchema,
  API,
  apiErrorSchema,
  generalSettingsResponseSchema,
  generalSettingsSchema,
  landingPageContentSchema,
} from '@sintonia/contract'
import {
  addVideoLink,
  editVideo,
  getAdminLanding,
  getVideos,
  removeVideo,
  saveLanding,
  setActiveVideo,
  uploadVideo,
} from './landing-admin-service.js'
import { adminActor } from '../../plugins/signed-in.js'
import { readGeneralSettings, saveGeneralSettings } from './settings-admin-service.js'
import { mediaDeps } from '../../lib/service-deps.js'
import { receiveMultipart } from '../../lib/uploads/receive-multipart.js'
import { THUMBNAIL_FILE_RULE, VIDEO_FILE_RULE } from '../../lib/uploads/accept.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema }

const adminLandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const landingTags = ['admin: página inicial']
  const videoTags = ['admin: vídeos']

  app.get(
    API.content.admin.landing,
    { config: { access: 'admin' }, schema: { tags: landingTags, summary: 'Conteúdo da landing page para edição (o padrão quando não há conteúdo válido salvo)', response: { 200: adminLandingSchema, ...errors } } },
    async () => getAdminLanding(db),
  )

  app.put(
    API.content.admin.landing,
    {
      config: { access: 'admin' },
      schema: {
        tags: landingTags,
        summary: 'Salva o conteúdo completo da landing page (validado: mensagens por campo)',
        description: "?versao= a versão que o editor carregou (updatedAt, ou 'padrao'): 409 quando outro administrador salvou depois, e nada muda.",
        querystring: adminLandingSaveQuerySchema,
        body: landingPageContentSchema,
        response: { 200: adminLandingSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveLanding(db, request.body, request.query.versao)
      await app.domainEvents.publish('content_changed')
      return saved
    },
  )

  app.get(
    API.content.admin.videos,
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Vídeos da landing page e o ativo', response: { 200: adminVideosSchema, ...errors } } },
    async () => getVideos(db),
  )

  app.post(
    API.content.admin.videos,
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Adiciona um vídeo por link (YouTube, player parceiro, HTML de incorporação ou HLS .m3u8)', body: adminVideoLinkSchema, response: { 201: adminVideosSchema, ...errors } } },
    async (request, reply) => {
      const content = await addVideoLink(db, request.body)
      await app.domainEvents.publish('videos_changed')
      return reply.code(201).send(content)
    },
  )

  app.post(
    API.content.admin.videoUpload,
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
      const content = await uploadVideo(mediaDeps(app, request), await receiveMultipart(request, app.uploadTmpDir, { file: VIDEO_FILE_RULE, thumbnail: THUMBNAIL_FILE_RULE }))
      await app.domainEvents.publish('videos_changed')
      return reply.code(201).send(content)
    },
  )

  app.put(
    API.content.admin.activeVideo,
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Define o vídeo ativo (null: nenhum)', body: adminActiveVideoSchema, response: { 200: adminVideosSchema, ...errors } } },
    async (request) => {
      const content = await setActiveVideo(db, request.body.videoId)
      await app.domainEvents.publish('videos_changed')
      return content
    },
  )

  app.patch(
    API.content.admin.video(':videoId'),
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
    API.content.admin.video(':videoId'),
    { config: { access: 'admin' }, schema: { tags: videoTags, summary: 'Exclui um vídeo (e o arquivo, se foi enviado)', params: adminVideoParamsSchema, response: { 200: adminVideosSchema, ...errors } } },
    async (request) => {
      const content = await removeVideo(mediaDeps(app, request), request.params.videoId)
      await app.domainEvents.publish('videos_changed')
      return content
    },
  )
}


const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    API.content.admin.settings,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Nome do produto, e-mail de suporte e prazo de garantia', response: { 200: generalSettingsResponseSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return readGeneralSettings(db)
    },
  )

  app.put(
    API.content.admin.settings,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Salva nome do produto, e-mail de suporte e prazo de garantia',
        body: generalSettingsSchema,
        response: { 200: generalSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveGeneralSettings(db, await adminActor(request), request.body)
      // The name and the guarantee appear on the landing, plan and payment pages.
      await app.domainEvents.publish('content_changed')
      return saved
    },
  )
}

/** Every route of this audience, registered by app.ts. */
export const contentRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminLandingRoutes)
  await app.register(adminSettingsRoutes)
}
