/**
 * Commerce routes of the admin area: plans and pricing, guarantee requests and refunds, a person's gifts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  adminIdParamsSchema,
  adminPlanResponseSchema,
  adminPlansResponseSchema,
  adminRefundsQuerySchema,
  adminRefundsResponseSchema,
  apiErrorSchema,
  guaranteeSettingSchema,
  planCodeParamsSchema,
  planDetailsSchema,
  planPricingSchema,
  refundDecisionResponseSchema,
  refundRejectSchema,
  guaranteeDaysSchema,
  adminUserGiftsSchema,
  adminUserIdParamsSchema,
  AUTH_MSG,
  GIFT_PATHS,
} from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { giftsOfPerson } from './gifts-service.js'
import { userEmailAndName } from './repository.js'
import { adminActor } from '../../plugins/signed-in.js'
import { listAdminPlans, savePlanDetails, savePlanPricing } from './plans-admin-service.js'
import { decideRefund, getGuaranteeSetting, listRefunds, saveGuaranteeSetting } from './guarantee-admin-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema }

const adminPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  /**
   * Plans and pricing changes reach open pages as plans_changed and content_changed
   * (docs/product/realtime-and-offline.md#realtime-events).
   */
  async function announce() {
    await app.domainEvents.publish('plans_changed')
    await app.domainEvents.publish('content_changed')
  }

  app.get(
    API.commerce.admin.plans,
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


const adminGuaranteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    API.commerce.admin.refunds,
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
    API.commerce.admin.guaranteeSetting,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Prazo de garantia em dias', response: { 200: guaranteeDaysSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return getGuaranteeSetting(db)
    },
  )

  app.put(
    API.commerce.admin.guaranteeSetting,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Altera o prazo de garantia (1 a 365 dias), mostrado igual em todas as páginas de plano e pagamento',
        body: guaranteeSettingSchema,
        response: { 200: guaranteeDaysSchema, ...errors },
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

const adminGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    GIFT_PATHS.adminUserGifts(':userId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Presentes de uma pessoa: os que ela comprou e os que recebeu (resgatados ou endereçados ao e-mail dela)',
        params: adminUserIdParamsSchema,
        response: { 200: adminUserGiftsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const person = await userEmailAndName(app.database.db, request.params.userId)
      if (!person) throw new HttpError(404, AUTH_MSG.userNotFound)
      return giftsOfPerson(app.database.db, { id: request.params.userId, email: person.email })
    },
  )
}

/** Every route of this audience, registered by app.ts. */
export const commerceRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminPlanRoutes)
  await app.register(adminGuaranteeRoutes)
  await app.register(adminGiftRoutes)
}
