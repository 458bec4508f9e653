import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, demoSchema, fieldListSchema } from '@sintonia/contract'
import { sendCachedCatalogue } from '../../plugins/catalogue-cache.js'
import { getDemo, listPublicFields } from './service.js'

export const publicCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.publicFields,
    {
      // Field titles and counts are marketing content on the landing page (ARCHITECTURE §4).
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
    API.demo,
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
