import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, leadCreatedSchema, leadCreateSchema } from '@sintonia/contract'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { createLead } from './leads-service.js'

export const communicationRoutesPublic: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.communication.leads,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.leads },
      schema: {
        tags: ['leads'],
        summary: 'Inscrição na lista (/inscricao): grava o lead com consentimento e envia o e-mail de boas-vindas',
        description:
          'Responde 201 com { id, name, email }; 409 se o e-mail já está na lista; 503 se não foi possível verificar o e-mail; 400 para dados inválidos; 429 acima do limite por IP.',
        body: leadCreateSchema,
        response: { 201: leadCreatedSchema },
      },
    },
    async (request, reply) => {
      const lead = await createLead({ db: app.database.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log }, request.body)
      return reply.code(201).send(lead)
    },
  )
}
