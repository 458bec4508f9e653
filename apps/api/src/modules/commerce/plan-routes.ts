import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, plansResponseSchema } from '@sintonia/contract'
import { listPublicPlans } from './plans-service.js'

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.plans,
    {
      // Plans and their prices are marketing content of the landing and /assinatura.
      config: { access: 'public' },
      schema: {
        tags: ['planos'],
        summary: 'Planos de assinatura ativos, na ordem de exibição, com o preço atual (promoção aplicada enquanto válida)',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({ plans: await listPublicPlans(app.database.db) }),
  )
}
