import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { analyticsAcceptedSchema, analyticsBatchSchema, API } from '@sintonia/contract'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { recordEvents } from './analytics-service.js'

/** The signed-in user's id for analytics_events.user_id (null for visitors), from the sign-in cookie only. */
async function signedInUserId(request: FastifyRequest): Promise<string | null> {
  return (await request.signedInUser())?.id ?? null
}

export const insightsRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.insights.events,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.analytics },
      schema: {
        tags: ['analytics'],
        summary: 'Registra um lote de eventos de página (1 a 50) de uma sessão do navegador',
        description:
          'Chaves de eventData que parecem dados pessoais (e-mail, nome, telefone, CPF, senha…) são descartadas. occurredAt no futuro ou com mais de 24 h vira o horário do servidor.',
        body: analyticsBatchSchema,
        response: { 202: analyticsAcceptedSchema },
      },
    },
    async (request, reply) => {
      const accepted = await recordEvents(app.database.db, request.body, {
        userAgent: request.headers['user-agent'],
        userId: await signedInUserId(request),
        now: new Date(),
      })
      return reply.code(202).send({ accepted })
    },
  )
}
