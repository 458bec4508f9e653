/**
 * The check-ins after a practice and the Diário (docs/product/practice.md#check-ins-and-the-diario).
 * Subscribers (and admins) write and read their own; the CSV of one's practice is for any
 * signed-in listener, so a subscription that ended never keeps a person from their own notes.
 * Every id is looked up with the caller's own id: another listener's check-in is a 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  apiErrorSchema,
  CHECK_IN_CSV_FILENAME,
  checkInCreateSchema,
  checkInListQuerySchema,
  checkInListSchema,
  checkInParamsSchema,
  checkInSchema,
  checkInUpdateSchema,
  checkInWeekQuerySchema,
  checkInWeekSchema,
} from '@sintonia/contract'
import { currentUserId } from '../../lib/auth/current-user.js'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'
import { checkInsCsv, checkInWeek, createCheckIn, deleteCheckIn, listCheckIns, updateCheckIn } from './check-ins-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema }
const config = { access: 'subscriber' } as const
const tags = ['prática diária']
const noStore = { 'Cache-Control': 'no-store' }

export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db
  const now = () => app.clock.now()

  app.get(
    API.practice.checkIns,
    {
      config,
      schema: { tags, summary: 'Diário: os registros do ouvinte, mais recentes primeiro (before/limit)', querystring: checkInListQuerySchema, response: { 200: checkInListSchema, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return listCheckIns(db(), await currentUserId(request), request.query)
    },
  )

  app.post(
    API.practice.checkIns,
    {
      config: { ...config, rateLimit: RATE_LIMITS.checkIns },
      schema: {
        tags,
        summary: 'Registro depois de uma prática: humor antes/depois (1 a 5), nota (até 500 caracteres), o áudio ou o dia do programa',
        description: '429 acima de 30 por minuto por IP.',
        body: checkInCreateSchema,
        response: { 201: checkInSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCheckIn(db(), await currentUserId(request), request.body, now())),
  )

  app.get(
    API.practice.checkInWeek,
    {
      config,
      schema: {
        tags,
        summary: 'A semana (7 dias até end, hoje por padrão): segundos ouvidos e humor médio por dia',
        querystring: checkInWeekQuerySchema,
        response: { 200: checkInWeekSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return checkInWeek(db(), await currentUserId(request), request.query, now())
    },
  )

  app.get(
    API.practice.checkInsCsv,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Exporta a prática do ouvinte em CSV (UTF-8 com BOM, separador ;): dia, minutos, prática, humores, nota',
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await checkInsCsv(db(), await currentUserId(request))
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${CHECK_IN_CSV_FILENAME}"`)
        .send(csv)
    },
  )

  app.patch(
    API.practice.checkIn(':checkInId'),
    {
      config,
      schema: { tags, summary: 'Altera os humores ou a nota de um registro seu', params: checkInParamsSchema, body: checkInUpdateSchema, response: { 200: checkInSchema, ...errors } },
    },
    async (request) => updateCheckIn(db(), await currentUserId(request), request.params.checkInId, request.body),
  )

  app.delete(
    API.practice.checkIn(':checkInId'),
    {
      config,
      schema: { tags, summary: 'Apaga um registro seu', params: checkInParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteCheckIn(db(), await currentUserId(request), request.params.checkInId)
      return reply.code(204).send(null)
    },
  )
}
