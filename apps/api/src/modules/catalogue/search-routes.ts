import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, apiErrorSchema, searchQuerySchema, searchResponseSchema } from '@sintonia/contract'
import { sendCachedCatalogue } from '../../plugins/catalogue-cache.js'
import { search, searchCacheKey } from './search-service.js'

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.listener.search,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Busca campos (título, descrição) e áudios (título, tags), sem diferenciar acentos e maiúsculas',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    // Every subscriber gets the same results for a query until the catalogue changes.
    async (request, reply) =>
      sendCachedCatalogue(reply, searchCacheKey(request.query.q), async () => ({ results: await search(app.database.db, request.query.q) })),
  )
}
