import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  adminFieldInputSchema,
  adminFieldOrderSchema,
  adminFieldParamsSchema,
  adminFieldResponseSchema,
  adminFieldUpdateSchema,
  apiErrorSchema,
  fieldListSchema,
} from '@sintonia/contract'
import { createField, editField, listFields, removeField, reorderFields } from './fields-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }
const tags = ['admin: campos']

export const adminFieldRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    API.adminContent.fields,
    { config: { access: 'admin' }, schema: { tags, summary: 'Campos com contagem de áudios, na ordem de exibição', response: { 200: fieldListSchema } } },
    async () => ({ fields: await listFields(db) }),
  )

  app.post(
    API.adminContent.fields,
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Cria um campo (vai para o fim da ordem)', body: adminFieldInputSchema, response: { 201: adminFieldResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const field = await createField(db, request.body)
      await app.domainEvents.publish('fields_changed')
      return reply.code(201).send({ field })
    },
  )

  // Registered before '/:fieldId' routes; 'order' is not a UUID so it could never match them anyway.
  app.put(
    API.adminContent.fieldOrder,
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Nova ordem de exibição (todos os campos, cada um uma vez)', body: adminFieldOrderSchema, response: { 200: fieldListSchema, ...errors } },
    },
    async (request) => {
      const fields = await reorderFields(db, request.body)
      await app.domainEvents.publish('fields_changed')
      return { fields }
    },
  )

  app.patch(
    API.adminContent.field(':fieldId'),
    {
      config: { access: 'admin' },
      schema: {
        tags,
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

  app.delete(
    API.adminContent.field(':fieldId'),
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Exclui um campo sem áudios (409 quando tem áudios)', params: adminFieldParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeField(db, request.params.fieldId)
      await app.domainEvents.publish('fields_changed')
      return reply.code(204).send(null)
    },
  )
}
