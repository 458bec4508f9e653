import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, landingResponseSchema } from '@sintonia/contract'
import { getLanding } from './landing-service.js'

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.landing,
    {
      config: { access: 'public' },
      schema: {
        tags: ['landing'],
        summary: 'Conteúdo público da landing page (com fallback para o conteúdo padrão)',
        response: { 200: landingResponseSchema },
      },
    },
    async () => getLanding(app.database.db),
  )
}
