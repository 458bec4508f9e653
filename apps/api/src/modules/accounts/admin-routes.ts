import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  adminUserIdParamsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  apiErrorSchema,
  banChangeSchema,
  complimentaryAccessSchema,
  roleChangeSchema,
  UNCLAIMED_MSG,
  unclaimedPurchaseListSchema,
  messageResponseSchema,
} from '@sintonia/contract'
import { z } from 'zod'
import { adminActor } from '../../plugins/signed-in.js'
import { changeBan, changeRole, grantComplimentary, listUnclaimed, listUsers, resendAccess } from './people-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }

export const accountRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database

  app.get(
    API.accounts.admin.users,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Busca ouvintes e admins por nome ou e-mail (20 por página) com a assinatura de cada um',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
    },
    async (request) => listUsers(db, request.query),
  )

  app.get(
    API.accounts.admin.unclaimedPurchases,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Pagamento sem conta: compras pagas cujo comprador ainda não ativou o acesso',
        response: { 200: unclaimedPurchaseListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return listUnclaimed(db)
    },
  )

  app.post(
    '/api/admin/users/unclaimed-purchases/:id/resend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reenviar acesso: manda um novo link de acesso para o e-mail da compra (auditado)',
        params: z.object({ id: z.uuid({ error: UNCLAIMED_MSG.notFound }) }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await resendAccess(db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, await adminActor(request), request.params.id)
      app.mailer.kick()
      return result
    },
  )

  app.post(
    '/api/admin/users/:userId/complimentary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Libera (ou estende) acesso cortesia por N dias',
        params: adminUserIdParamsSchema,
        body: complimentaryAccessSchema,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (request) => grantComplimentary(db, await adminActor(request), request.params.userId, request.body.days),
  )

  app.put(
    '/api/admin/users/:userId/role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Promove a administrador ou remove a função (nunca a própria)',
        params: adminUserIdParamsSchema,
        body: roleChangeSchema,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (request) => changeRole(db, await adminActor(request), request.params.userId, request.body.role),
  )

  app.put(
    '/api/admin/users/:userId/ban',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Suspende (encerrando as sessões) ou reativa uma conta',
        params: adminUserIdParamsSchema,
        body: banChangeSchema,
        response: { 200: adminUserResponseSchema, ...errors },
      },
    },
    async (request) => changeBan(db, await adminActor(request), request.params.userId, request.body),
  )
}
