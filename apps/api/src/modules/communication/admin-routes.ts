import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  adminLeadsQuerySchema,
  adminLeadsResponseSchema,
  adminOutboxQuerySchema,
  adminOutboxResponseSchema,
  apiErrorSchema,
  campaignAudienceQuerySchema,
  campaignAudienceSchema,
  campaignCreatedSchema,
  campaignCreateSchema,
  campaignsResponseSchema,
  outboxMessageParamsSchema,
  outboxMessageResponseSchema,
} from '@sintonia/contract'
import { adminActor } from '../../plugins/signed-in.js'
import { countAudience, exportLeadsCsv, getOutboxMessage, listLeads, listOutbox, listRecentCampaigns, sendCampaign } from './campaigns-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }

export const communicationRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const noStore = { 'Cache-Control': 'no-store' }

  app.get(
    API.communication.admin.leads,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Leads, mais recentes primeiro, com filtros por interesse e período (20 por página)',
        querystring: adminLeadsQuerySchema,
        response: { 200: adminLeadsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listLeads(db, request.query)
    },
  )

  app.get(
    API.communication.admin.leadsCsv,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Exporta os leads filtrados em CSV (UTF-8 com BOM, separador ;) para Excel',
        querystring: adminLeadsQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportLeadsCsv(db, request.query)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
        .send(csv)
    },
  )

  app.get(
    API.communication.admin.campaignAudience,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Quantas pessoas um segmento alcança agora',
        querystring: campaignAudienceQuerySchema,
        response: { 200: campaignAudienceSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { recipients: await countAudience(db, request.query.segment, request.query.interest) }
    },
  )

  app.get(
    API.communication.admin.campaigns,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Campanhas recentes com a situação dos e-mails (pendentes, enviados, com falha)',
        response: { 200: campaignsResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore)
      return { campaigns: await listRecentCampaigns(db) }
    },
  )

  app.post(
    API.communication.admin.campaigns,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Envia um e-mail a um segmento, em segundo plano, com situação por destinatário',
        description: "202: a campanha e um e-mail por destinatário ficam na caixa de saída; 409 quando o segmento não tem ninguém.",
        body: campaignCreateSchema,
        response: { 202: campaignCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await sendCampaign({ db, mailer: app.mailer }, await adminActor(request), request.body)
      return reply.code(202).send(result)
    },
  )

  app.get(
    API.communication.admin.outbox,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Caixa de saída de e-mails, mais recentes primeiro, com filtros por situação, tipo e campanha',
        querystring: adminOutboxQuerySchema,
        response: { 200: adminOutboxResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listOutbox(db, request.query)
    },
  )

  app.get(
    API.communication.admin.outboxMessage(':messageId'),
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Um e-mail da caixa de saída, com o texto (links com token mascarados)',
        params: outboxMessageParamsSchema,
        response: { 200: outboxMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { message: await getOutboxMessage(db, request.params.messageId) }
    },
  )
}
