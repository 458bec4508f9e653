import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, apiErrorSchema, subscriptionStateSchema } from '@sintonia/contract'
import { requireSessionUser } from '../accounts/session.js'
import { getSubscriptionState } from './subscriptions-service.js'

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.subscription.check,
    {
      config: { access: 'user' },
      schema: {
        tags: ['assinatura'],
        summary: 'Estado da assinatura de quem está logado (check-subscription)',
        description:
          "subscribed segue a regra única do servidor (ativa e dentro do período, ou past_due até 3 dias após o fim). subscription_status é 'none' para quem nunca assinou.",
        response: { 200: subscriptionStateSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireSessionUser(request)
      reply.header('Cache-Control', 'no-store')
      return getSubscriptionState(app.database.db, user.id)
    },
  )
}
