import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADMIN_API,
  adminIdParamsSchema,
  adminRefundsQuerySchema,
  adminRefundsResponseSchema,
  apiErrorSchema,
  guaranteeSettingSchema,
  refundDecisionResponseSchema,
  refundRejectSchema,
} from '@sintonia/contract'
import { adminActor } from '../accounts/admin-routes.js'
import { decideRefund, getGuaranteeSetting, listRefunds, saveGuaranteeSetting } from './guarantee-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema }

export const adminGuaranteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    ADMIN_API.refunds,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Pedidos de reembolso (garantia): pendentes, decididos ou todos, com valor pago e se estão no prazo',
        querystring: adminRefundsQuerySchema,
        response: { 200: adminRefundsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return listRefunds(db, request.query.status)
    },
  )

  app.post(
    '/api/admin/refunds/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Aprova: reembolsa no provedor, encerra a assinatura e avisa por e-mail',
        params: adminIdParamsSchema,
        response: { 200: refundDecisionResponseSchema, ...errors },
      },
    },
    async (request) => decideRefund({ db, payments: app.payments }, await adminActor(request), request.params.id, { approve: true }),
  )

  app.post(
    '/api/admin/refunds/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Recusa com motivo (obrigatório); a assinatura continua e o assinante recebe o motivo',
        params: adminIdParamsSchema,
        body: refundRejectSchema,
        response: { 200: refundDecisionResponseSchema, ...errors },
      },
    },
    async (request) => decideRefund({ db, payments: app.payments }, await adminActor(request), request.params.id, { approve: false, reason: request.body.reason }),
  )

  app.get(
    ADMIN_API.guaranteeSetting,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Prazo de garantia em dias', response: { 200: z.object({ days: z.number().int() }), ...errors } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return getGuaranteeSetting(db)
    },
  )

  app.put(
    ADMIN_API.guaranteeSetting,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Altera o prazo de garantia (1 a 365 dias), mostrado igual em todas as páginas de plano e pagamento',
        body: guaranteeSettingSchema,
        response: { 200: z.object({ days: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const saved = await saveGuaranteeSetting(db, await adminActor(request), request.body.days)
      // The guarantee is shown on the plan and payment pages.
      await app.domainEvents.publish('content_changed')
      return saved
    },
  )
}
