import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  adminAudioListQuerySchema,
  adminAudioListSchema,
  adminAudioParamsSchema,
  adminAudioResponseSchema,
  adminAudioUpdateSchema,
  apiErrorSchema,
} from '@sintonia/contract'
import { createAudio, editAudio, listAdminAudios, removeAudio, replaceAudioFile } from './audios-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema }
const tags = ['admin: áudios']

export const adminAudioRoutes: FastifyPluginAsyncZod = async (app) => {
  // The field list shows counts and the landing grid too: audio changes announce both.
  const announce = async () => {
    await app.domainEvents.publish('audios_changed')
    await app.domainEvents.publish('fields_changed')
  }

  app.get(
    API.adminContent.audios,
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Áudios (opcionalmente de um campo) com o título do campo', querystring: adminAudioListQuerySchema, response: { 200: adminAudioListSchema, ...errors } },
    },
    async (request) => ({ audios: await listAdminAudios(app, request.query.fieldId) }),
  )

  app.post(
    API.adminContent.audios,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Envia um áudio (multipart: file, title, description, fieldId, tags em JSON, isDemo); tipo verificado pelo conteúdo, duração lida do arquivo',
        consumes: ['multipart/form-data'],
        response: { 201: adminAudioResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const audio = await createAudio(app, request)
      await announce()
      return reply.code(201).send({ audio })
    },
  )

  app.patch(
    API.adminContent.audio(':audioId'),
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Edita título, descrição, campo, tags e demonstração (só uma demonstração por vez)',
        params: adminAudioParamsSchema,
        body: adminAudioUpdateSchema,
        response: { 200: adminAudioResponseSchema, ...errors },
      },
    },
    async (request) => {
      const audio = await editAudio(app, request.params.audioId, request.body)
      await announce()
      return { audio }
    },
  )

  app.put(
    API.adminContent.audioFile(':audioId'),
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Substitui o arquivo de um áudio (multipart: file)',
        consumes: ['multipart/form-data'],
        params: adminAudioParamsSchema,
        response: { 200: adminAudioResponseSchema, ...errors },
      },
    },
    async (request) => {
      const audio = await replaceAudioFile(app, request, request.params.audioId)
      await announce()
      return { audio }
    },
  )

  app.delete(
    API.adminContent.audio(':audioId'),
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Exclui um áudio e seu arquivo', params: adminAudioParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeAudio(app, request, request.params.audioId)
      await announce()
      return reply.code(204).send(null)
    },
  )
}
