/**
 * Insights routes of the admin area: home counts, analytics, listening stats, financial, media validation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminOverviewSchema,
  advancedAnalyticsSchema,
  analyticsSummarySchema,
  API,
  apiErrorSchema,
  dateRangeQuerySchema,
  financialQuerySchema,
  financialSchema,
  listeningStatsSchema,
  validationReportSchema,
} from '@sintonia/contract'
import { countOverview } from './overview-repository.js'
import { getAdvancedAnalytics, getAnalyticsSummary, getFinancial, getListeningStats, runValidation } from './insights-service.js'

const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.insights.admin.overview,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Contagens da página inicial da administração',
        response: { 200: adminOverviewSchema },
      },
    },
    async () => ({ counts: await countOverview(app.database.db) }),
  )
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema }

/** Read-only admin views: analytics, listening stats, money and content health. */
const adminInsightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.access === 'admin') reply.header('Cache-Control', 'no-store')
  })

  app.get(
    API.insights.admin.analytics,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Analytics: total de eventos, usuários únicos, 10 tipos mais frequentes e ativos nas últimas 24 h',
        querystring: dateRangeQuerySchema,
        response: { 200: analyticsSummarySchema, ...errors },
      },
    },
    async (request) => getAnalyticsSummary(db, request.query),
  )

  app.get(
    API.insights.admin.analyticsAdvanced,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Analytics avançado: o mesmo resumo, funil (visita → lead → checkout → pago) e áudios mais ouvidos',
        querystring: dateRangeQuerySchema,
        response: { 200: advancedAnalyticsSchema, ...errors },
      },
    },
    async (request) => getAdvancedAnalytics(db, request.query),
  )

  app.get(
    API.insights.admin.listeningStats,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reproduções e repetições por dia, campo e áudio (padrão: últimos 30 dias)',
        querystring: dateRangeQuerySchema,
        response: { 200: listeningStatsSchema, ...errors },
      },
    },
    async (request) => getListeningStats(db, request.query),
  )

  app.get(
    API.insights.admin.financial,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Receita e reembolsos por mês, MRR, assinaturas ativas por plano, novas e encerradas por mês',
        querystring: financialQuerySchema,
        response: { 200: financialSchema, ...errors },
      },
    },
    async (request) => getFinancial(db, request.query.months),
  )

  app.get(
    API.insights.admin.validation,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Verifica campos, arquivos de áudio, música e vídeos da página inicial, conteúdo da página inicial, planos e demonstração',
        response: { 200: validationReportSchema, ...errors },
      },
    },
    async () => runValidation(db, app.storage),
  )
}

/** Every route of this audience, registered by app.ts. */
export const insightsRoutesAdmin: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminOverviewRoutes)
  await app.register(adminInsightRoutes)
}
