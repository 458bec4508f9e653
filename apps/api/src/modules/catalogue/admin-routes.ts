/**
 * Catalogue routes of the admin area: fields, audios and background music (uploads streamed and checked by content).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADMIN_CONTENT_MSG,
  adminAudioListQuerySchema,
  adminAudioListSchema,
  adminAudioParamsSchema,
  adminAudioResponseSchema,
  adminAudioUpdateSchema,
  adminFieldInputSchema,
  adminFieldOrderSchema,
  adminFieldParamsSchema,
  adminFieldResponseSchema,
  adminFieldUpdateSchema,
  adminMusicListSchema,
  adminMusicParamsSchema,
  adminMusicResponseSchema,
  adminMusicUpdateSchema,
  API,
  apiErrorSchema,
  coverAnswerSchema,
  fieldListSchema,
  musicVolumeSchema,
} from '@sintonia/contract'
import { createField, editField, listFields, removeField, reorderFields } from './fields-admin-service.js'
import { createAudio, editAudio, listAdminAudios, removeAudio, replaceAudioFile } from './audios-admin-service.js'
import { HttpError } from '../../lib/http/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { createTrack, editTrack, findTrackForStreaming, getMusicAdmin, removeTrack, setVolume } from './music-admin-service.js'
import { coverDeps, mediaDeps } from '../../lib/service-deps.js'
import { receiveMultipart } from '../../lib/uploads/receive-multipart.js'
import { AUDIO_FILE_RULE } from '../../lib/uploads/accept.js'
import { COVER_FILE_RULE } from '../../lib/media/cover-images.js'
import { setAudioCover, setFieldCover } from './covers-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 503: apiErrorSchema }
const fieldTags = ['admin: campos']

const adminFieldRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    API.catalogue.admin.fields,
    { config: { access: 'admin' }, schema: { tags: fieldTags, summary: 'Campos com contagem de áudios, na ordem de exibição', response: { 200: fieldListSchema } } },
    async () => ({ fields: await listFields(db) }),
  )

  app.post(
    API.catalogue.admin.fields,
    {
      config: { access: 'admin' },
      schema: { tags: fieldTags, summary: 'Cria um campo (vai para o fim da ordem)', body: adminFieldInputSchema, response: { 201: adminFieldResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const field = await createField(db, request.body)
      await app.domainEvents.publish('fields_changed')
      return reply.code(201).send({ field })
    },
  )

  // Registered before '/:fieldId' routes; 'order' is not a UUID so it could never match them anyway.
  app.put(
    API.catalogue.admin.fieldOrder,
    {
      config: { access: 'admin' },
      schema: { tags: fieldTags, summary: 'Nova ordem de exibição (todos os campos, cada um uma vez)', body: adminFieldOrderSchema, response: { 200: fieldListSchema, ...errors } },
    },
    async (request) => {
      const fields = await reorderFields(db, request.body)
      await app.domainEvents.publish('fields_changed')
      return { fields }
    },
  )

  app.patch(
    API.catalogue.admin.field(':fieldId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: fieldTags,
        summary: 'Edita título, descrição e ícone de um campo',
        params: adminFieldParamsSchema,
        body: adminFieldUpdateSchema,
        response: { 200: adminFieldResponseSchema, ...errors },
      },
    },
    async (request) => {
      const field = await editField(db, request.params.fieldId, request.body)
      await app.domainEvents.publish('fields_changed')
      return { field }
    },
  )

  app.put(
    API.catalogue.admin.fieldCover(':fieldId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: fieldTags,
        summary: 'Envia a capa de um campo (multipart: file; JPEG, PNG ou WebP de pelo menos 480 × 480, verificado pelo conteúdo)',
        consumes: ['multipart/form-data'],
        params: adminFieldParamsSchema,
        response: { 200: coverAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const coverImage = await setFieldCover(coverDeps(app), request.params.fieldId, await receiveMultipart(request, app.uploadTmpDir, { file: COVER_FILE_RULE }))
      await app.domainEvents.publish('fields_changed')
      return { coverImage }
    },
  )

  app.delete(
    API.catalogue.admin.fieldCover(':fieldId'),
    {
      config: { access: 'admin' },
      schema: { tags: fieldTags, summary: 'Remove a capa de um campo (volta a arte gerada)', params: adminFieldParamsSchema, response: { 200: coverAnswerSchema, ...errors } },
    },
    async (request) => {
      const coverImage = await setFieldCover(coverDeps(app), request.params.fieldId, null)
      await app.domainEvents.publish('fields_changed')
      return { coverImage }
    },
  )

  app.delete(
    API.catalogue.admin.field(':fieldId'),
    {
      config: { access: 'admin' },
      schema: { tags: fieldTags, summary: 'Exclui um campo sem áudios (409 quando tem áudios)', params: adminFieldParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeField(mediaDeps(app, request), request.params.fieldId)
      await app.domainEvents.publish('fields_changed')
      return reply.code(204).send(null)
    },
  )
}

const audioTags = ['admin: áudios']

const adminAudioRoutes: FastifyPluginAsyncZod = async (app) => {
  // The field list shows counts and the landing grid too: audio changes announce both.
  const announce = async () => {
    await app.domainEvents.publish('audios_changed')
    await app.domainEvents.publish('fields_changed')
  }

  app.get(
    API.catalogue.admin.audios,
    {
      config: { access: 'admin' },
      schema: { tags: audioTags, summary: 'Áudios (opcionalmente de um campo) com o título do campo', querystring: adminAudioListQuerySchema, response: { 200: adminAudioListSchema, ...errors } },
    },
    async (request) => ({ audios: await listAdminAudios(mediaDeps(app), request.query.fieldId) }),
  )

  app.post(
    API.catalogue.admin.audios,
    {
      config: { access: 'admin' },
      schema: {
        tags: audioTags,
        summary: 'Envia um áudio (multipart: file, title, description, fieldId, tags em JSON, isDemo, transcript); tipo verificado pelo conteúdo, duração lida do arquivo',
        consumes: ['multipart/form-data'],
        response: { 201: adminAudioResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const audio = await createAudio(mediaDeps(app, request), await receiveMultipart(request, app.uploadTmpDir, { file: AUDIO_FILE_RULE }))
      await announce()
      return reply.code(201).send({ audio })
    },
  )

  app.patch(
    API.catalogue.admin.audio(':audioId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: audioTags,
        summary: 'Edita título, descrição, campo, tags, demonstração (só uma demonstração por vez) e transcrição (texto simples; vazia remove)',
        params: adminAudioParamsSchema,
        body: adminAudioUpdateSchema,
        response: { 200: adminAudioResponseSchema, ...errors },
      },
    },
    async (request) => {
      const audio = await editAudio(mediaDeps(app), request.params.audioId, request.body)
      await announce()
      return { audio }
    },
  )

  app.put(
    API.catalogue.admin.audioFile(':audioId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: audioTags,
        summary: 'Substitui o arquivo de um áudio (multipart: file)',
        consumes: ['multipart/form-data'],
        params: adminAudioParamsSchema,
        response: { 200: adminAudioResponseSchema, ...errors },
      },
    },
    async (request) => {
      const audio = await replaceAudioFile(mediaDeps(app, request), await receiveMultipart(request, app.uploadTmpDir, { file: AUDIO_FILE_RULE }), request.params.audioId)
      await announce()
      return { audio }
    },
  )

  app.put(
    API.catalogue.admin.audioCover(':audioId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: audioTags,
        summary: 'Envia a capa de um áudio (multipart: file; JPEG, PNG ou WebP de pelo menos 480 × 480, verificado pelo conteúdo)',
        consumes: ['multipart/form-data'],
        params: adminAudioParamsSchema,
        response: { 200: coverAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const coverImage = await setAudioCover(coverDeps(app), request.params.audioId, await receiveMultipart(request, app.uploadTmpDir, { file: COVER_FILE_RULE }))
      await announce()
      return { coverImage }
    },
  )

  app.delete(
    API.catalogue.admin.audioCover(':audioId'),
    {
      config: { access: 'admin' },
      schema: { tags: audioTags, summary: 'Remove a capa de um áudio (volta a arte gerada)', params: adminAudioParamsSchema, response: { 200: coverAnswerSchema, ...errors } },
    },
    async (request) => {
      const coverImage = await setAudioCover(coverDeps(app), request.params.audioId, null)
      await announce()
      return { coverImage }
    },
  )

  app.delete(
    API.catalogue.admin.audio(':audioId'),
    {
      config: { access: 'admin' },
      schema: { tags: audioTags, summary: 'Exclui um áudio e seu arquivo', params: adminAudioParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeAudio(mediaDeps(app, request), request.params.audioId)
      await announce()
      return reply.code(204).send(null)
    },
  )
}

const musicTags = ['admin: música de fundo']

const adminMusicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.catalogue.admin.music,
    { config: { access: 'admin' }, schema: { tags: musicTags, summary: 'Todas as faixas (mais novas primeiro) e o volume global', response: { 200: adminMusicListSchema, ...errors } } },
    async () => getMusicAdmin(mediaDeps(app)),
  )

  app.post(
    API.catalogue.admin.music,
    {
      config: { access: 'admin' },
      schema: {
        tags: musicTags,
        summary: 'Envia uma faixa (multipart: file, title, tags em JSON, isActive)',
        consumes: ['multipart/form-data'],
        response: { 201: adminMusicResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const track = await createTrack(mediaDeps(app, request), await receiveMultipart(request, app.uploadTmpDir, { file: AUDIO_FILE_RULE }))
      await app.domainEvents.publish('music_changed')
      return reply.code(201).send({ track })
    },
  )

  app.put(
    API.catalogue.admin.musicVolume,
    { config: { access: 'admin' }, schema: { tags: musicTags, summary: 'Volume global da música de fundo (0 a 100)', body: musicVolumeSchema, response: { 200: musicVolumeSchema, ...errors } } },
    async (request) => {
      const saved = await setVolume(mediaDeps(app), request.body.volumePercentage)
      await app.domainEvents.publish('music_changed')
      return saved
    },
  )

  app.patch(
    API.catalogue.admin.musicTrack(':trackId'),
    {
      config: { access: 'admin' },
      schema: { tags: musicTags, summary: 'Ativa/desativa, renomeia ou muda as musicTags de uma faixa', params: adminMusicParamsSchema, body: adminMusicUpdateSchema, response: { 200: adminMusicResponseSchema, ...errors } },
    },
    async (request) => {
      const track = await editTrack(mediaDeps(app), request.params.trackId, request.body)
      await app.domainEvents.publish('music_changed')
      return { track }
    },
  )

  app.delete(
    API.catalogue.admin.musicTrack(':trackId'),
    { config: { access: 'admin' }, schema: { tags: musicTags, summary: 'Exclui uma faixa e seu arquivo', params: adminMusicParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeTrack(mediaDeps(app, request), request.params.trackId)
      await app.domainEvents.publish('music_changed')
      return reply.code(204).send(null)
    },
  )

  app.route({
    method: ['GET', 'HEAD'],
    url: API.catalogue.admin.musicFile(':trackId'),
    config: { access: 'admin' },
    schema: { tags: musicTags, summary: 'Arquivo de uma faixa, ativa ou não (para ouvir na administração), com HTTP Range', params: adminMusicParamsSchema, response: { 400: apiErrorSchema, 404: apiErrorSchema, 416: apiErrorSchema } },
    handler: async (request, reply) => {
      const track = await findTrackForStreaming(mediaDeps(app), request.params.trackId)
      const object = await app.storage.stat(track.fileKey)
      if (!object) throw new HttpError(404, ADMIN_CONTENT_MSG.trackNotFound)
      return sendStoredFile(request, reply, { storage: app.storage, object, contentType: track.mimeType, cacheControl: 'private, no-cache' })
    },
  })
}

/** Every route of this audience, registered by app.ts. */
export const catalogueRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminFieldRoutes)
  await app.register(adminAudioRoutes)
  await app.register(adminMusicRoutes)
}
