import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, adminOverviewSchema } from '@sintonia/contract'
import { PAST_DUE_GRACE_DAYS } from '../commerce/subscriptions-service.js'
import { countOverview } from './overview-repository.js'

export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.adminContent.overview,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Contagens da página inicial da administração',
        response: { 200: adminOverviewSchema },
      },
    },
    async () => ({ counts: await countOverview(app.database.db, PAST_DUE_GRACE_DAYS) }),
  )
}
