import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, apiErrorSchema, searchQuerySchema, searchResponseSchema } from '@sintonia/contract'
import { search } from './service.js'

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
    async (request) => ({ results: await search(app.database.db, request.query.q) }),
  )
}
