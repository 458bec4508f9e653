/**
 * The programme editor of the admin area (docs/product/practice.md#admin-editor): list, read,
 * create, save, publish, delete, order; and the programmes' insights. Every write announces
 * 'programs_changed' after commit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminProgramInputSchema,
  adminProgramListSchema,
  adminProgramOrderSchema,
  adminProgramPublishSchema,
  adminProgramSchema,
  API,
  apiErrorSchema,
  coverAnswerSchema,
  MSG,
  programInsightsQuerySchema,
  programInsightsSchema,
} from '@sintonia/contract'
import { getProgramInsights } from './insights-service.js'
import { createProgram, deleteProgram, getAdminProgram, listAdminPrograms, orderPrograms, publishProgram, saveProgram, setProgramCover } from './programs-admin-service.js'
import { coverDeps, mediaDeps } from '../../lib/service-deps.js'
import { receiveMultipart } from '../../lib/uploads/receive-multipart.js'
import { COVER_FILE_RULE } from '../../lib/media/cover-images.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }
const uploadErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 503: apiErrorSchema }
const config = { access: 'admin' } as const
const tags = ['admin: programas']
const params = z.object({ programId: z.uuid({ error: MSG.validation.invalidUuid }) })

export const practiceRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db
  const announce = () => app.domainEvents.publish('programs_changed')

  app.get(
    API.practice.admin.programs,
    { config, schema: { tags, summary: 'Programas (rascunhos e publicados) na ordem dos ouvintes', response: { 200: adminProgramListSchema, ...errors } } },
    async () => listAdminPrograms(db()),
  )

  app.post(
    API.practice.admin.programs,
    {
      config,
      schema: { tags, summary: 'Cria um programa (rascunho, no fim da lista)', body: adminProgramInputSchema, response: { 201: adminProgramSchema, ...errors } },
    },
    async (request, reply) => {
      const program = await createProgram(db(), request.body)
      await announce()
      return reply.code(201).send(program)
    },
  )

  // Registered before '/:programId'; 'order' is not a UUID, so it could never match it anyway.
  app.put(
    API.practice.admin.order,
    {
      config,
      schema: { tags, summary: 'Nova ordem dos programas (todos, cada um uma vez)', body: adminProgramOrderSchema, response: { 200: adminProgramListSchema, ...errors } },
    },
    async (request) => {
      const list = await orderPrograms(db(), request.body.ids)
      await announce()
      return list
    },
  )

  app.get(
    API.practice.admin.insights,
    {
      config,
      schema: {
        tags,
        summary: 'Resultados por programa das inscrições feitas no período (datas de São Paulo)',
        querystring: programInsightsQuerySchema,
        response: { 200: programInsightsSchema, ...errors },
      },
    },
    async (request) => getProgramInsights(db(), request.query, app.clock.now()),
  )

  app.get(
    API.practice.admin.program(':programId'),
    { config, schema: { tags, summary: 'Um programa com seus dias e áudios', params, response: { 200: adminProgramSchema, ...errors } } },
    async (request) => getAdminProgram(db(), request.params.programId),
  )

  app.put(
    API.practice.admin.program(':programId'),
    {
      config,
      schema: {
        tags,
        summary: 'Salva o programa inteiro (um programa publicado precisa continuar completo)',
        params,
        body: adminProgramInputSchema,
        response: { 200: adminProgramSchema, ...errors },
      },
    },
    async (request) => {
      const program = await saveProgram(db(), request.params.programId, request.body, app.clock.now())
      await announce()
      return program
    },
  )

  app.post(
    API.practice.admin.publish(':programId'),
    {
      config,
      schema: {
        tags,
        summary: 'Publica (todos os dias com intenção e áudio) ou despublica',
        params,
        body: adminProgramPublishSchema,
        response: { 200: adminProgramSchema, ...errors },
      },
    },
    async (request) => {
      const program = await publishProgram(db(), request.params.programId, request.body.published)
      await announce()
      return program
    },
  )

  app.delete(
    API.practice.admin.program(':programId'),
    { config, schema: { tags, summary: 'Exclui o programa e suas inscrições', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteProgram(mediaDeps(app, request), request.params.programId)
      await announce()
      return reply.code(204).send(null)
    },
  )

  app.put(
    API.practice.admin.cover(':programId'),
    {
      config,
      schema: {
        tags,
        summary: 'Envia a capa do programa (multipart: file; JPEG, PNG ou WebP de pelo menos 480 × 480, verificado pelo conteúdo)',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: coverAnswerSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const coverImage = await setProgramCover(coverDeps(app), request.params.programId, await receiveMultipart(request, app.uploadTmpDir, { file: COVER_FILE_RULE }))
      await announce()
      return { coverImage }
    },
  )

  app.delete(
    API.practice.admin.cover(':programId'),
    { config, schema: { tags, summary: 'Remove a capa do programa (volta a arte gerada)', params, response: { 200: coverAnswerSchema, ...uploadErrors } } },
    async (request) => {
      const coverImage = await setProgramCover(coverDeps(app), request.params.programId, null)
      await announce()
      return { coverImage }
    },
  )
}
