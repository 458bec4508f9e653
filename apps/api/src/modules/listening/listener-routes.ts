import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  apiErrorSchema,
  listeningAcceptedSchema,
  listeningBatchSchema,
  listeningTodayQuerySchema,
  listeningTodaySchema,
} from '@sintonia/contract'
import { currentUserId } from '../catalogue/listener-session.js'
import { recordEvents, repetitionsToday } from './service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema }

export const listeningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.listener.listeningEvents,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Registra reproduções e repetições em lote (ids do navegador: reenviar não duplica)',
        body: listeningBatchSchema,
        response: { 200: listeningAcceptedSchema, ...errors },
      },
    },
    async (request) => recordEvents(app.database.db, await currentUserId(request), request.body.events),
  )

  app.get(
    API.listener.listeningToday,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Repetições de hoje de um áudio, no fuso horário do ouvinte',
        querystring: listeningTodayQuerySchema,
        response: { 200: listeningTodaySchema, ...errors },
      },
    },
    async (request) => repetitionsToday(app.database.db, await currentUserId(request), request.query.audioId, request.query.tz),
  )
}
