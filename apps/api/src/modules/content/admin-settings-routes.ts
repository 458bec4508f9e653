import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_SETTINGS_API, apiErrorSchema, generalSettingsResponseSchema, generalSettingsSchema } from '@sintonia/contract'
import { adminActor } from '../accounts/admin-routes.js'
import { readGeneralSettings, saveGeneralSettings } from './settings-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema }

export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    ADMIN_SETTINGS_API.general,
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
    ADMIN_SETTINGS_API.general,
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
