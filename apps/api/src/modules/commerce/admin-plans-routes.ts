import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ADMIN_API,
  adminPlanResponseSchema,
  adminPlansResponseSchema,
  apiErrorSchema,
  planCodeParamsSchema,
  planDetailsSchema,
  planPricingSchema,
} from '@sintonia/contract'
import { adminActor } from '../accounts/admin-routes.js'
import { listAdminPlans, savePlanDetails, savePlanPricing } from './plans-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }

export const adminPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  /** Spec §4 admin saves: plans and pricing changes reach open pages as plans_changed and content_changed. */
  async function announce() {
    await app.domainEvents.publish('plans_changed')
    await app.domainEvents.publish('content_changed')
  }

  app.get(
    ADMIN_API.plans,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Todos os planos (ativos e inativos) com promoção e preço atual', response: { 200: adminPlansResponseSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return { plans: await listAdminPlans(db) }
    },
  )

  app.put(
    '/api/admin/plans/:code/pricing',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Preço original e promoção de um plano (desconto 1–100%, fim no futuro)',
        params: planCodeParamsSchema,
        body: planPricingSchema,
        response: { 200: adminPlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const plan = await savePlanPricing(db, await adminActor(request), request.params.code, request.body)
      await announce()
      return { plan }
    },
  )

  app.put(
    '/api/admin/plans/:code/details',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Nome, descrição, duração, economia, destaque, ativo e ordem de um plano',
        params: planCodeParamsSchema,
        body: planDetailsSchema,
        response: { 200: adminPlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const plan = await savePlanDetails(db, await adminActor(request), request.params.code, request.body)
      await announce()
      return { plan }
    },
  )
}
