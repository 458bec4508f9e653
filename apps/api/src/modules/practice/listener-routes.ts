/**
 * The daily practice of the listener area (docs/product/practice.md): programmes, enrolment,
 * today, progress and the listener's practice preferences. Subscribers (and admins) only; "now"
 * is the app's clock.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  apiErrorSchema,
  enrolBodySchema,
  MSG,
  practicePreferencesSchema,
  practicePreferencesUpdateSchema,
  programDetailSchema,
  programEnrolmentAnswerSchema,
  programListSchema,
  progressSchema,
  todaySchema,
} from '@sintonia/contract'
import { currentUserId } from '../../lib/auth/current-user.js'
import { readPreferences, savePreferences } from './preferences-service.js'
import { enrol, feature, getProgram, leave, listPrograms, restart } from './programs-service.js'
import { getProgress } from './progress-service.js'
import { getToday } from './today-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }
const config = { access: 'subscriber' } as const
const tags = ['prática diária']
const programParams = z.object({ programId: z.uuid({ error: MSG.validation.invalidUuid }) })
const slugParams = z.object({ slug: z.string().min(1).max(200) })

export const practiceRoutesListener: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db
  const now = () => app.clock.now()

  app.get(
    API.practice.programs,
    { config, schema: { tags, summary: 'Programas publicados (posição, título) com a inscrição do ouvinte', response: { 200: programListSchema, ...errors } } },
    async (request) => listPrograms(db(), await currentUserId(request), now()),
  )

  app.get(
    API.practice.program(':slug'),
    {
      config,
      schema: { tags, summary: 'Um programa com todos os seus dias e o estado de cada um', params: slugParams, response: { 200: programDetailSchema, ...errors } },
    },
    async (request) => getProgram(db(), await currentUserId(request), request.params.slug, now()),
  )

  app.post(
    API.practice.enrolment(':programId'),
    {
      config,
      schema: {
        tags,
        summary: "Começar programa (409 'Você já está neste programa'); o primeiro, ou com featured, fica em destaque",
        params: programParams,
        body: enrolBodySchema,
        response: { 201: programEnrolmentAnswerSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await enrol(db(), await currentUserId(request), request.params.programId, request.body, now())),
  )

  app.delete(
    API.practice.enrolment(':programId'),
    {
      config,
      schema: { tags, summary: 'Sair do programa (os dias concluídos são apagados)', params: programParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await leave(db(), await currentUserId(request), request.params.programId)
      return reply.code(204).send(null)
    },
  )

  app.post(
    API.practice.restart(':programId'),
    {
      config,
      schema: { tags, summary: 'Recomeçar o programa a partir de hoje', params: programParams, response: { 200: programEnrolmentAnswerSchema, ...errors } },
    },
    async (request) => restart(db(), await currentUserId(request), request.params.programId, now()),
  )

  app.post(
    API.practice.featured(':programId'),
    {
      config,
      schema: { tags, summary: 'Põe o programa em destaque (o de "hoje")', params: programParams, response: { 200: programEnrolmentAnswerSchema, ...errors } },
    },
    async (request) => feature(db(), await currentUserId(request), request.params.programId, now()),
  )

  app.get(
    API.practice.today,
    { config, schema: { tags, summary: 'A prática de hoje: o programa em destaque, o dia, onde parou, a sequência', response: { 200: todaySchema, ...errors } } },
    async (request) => getToday(db(), await currentUserId(request), now()),
  )

  app.get(
    API.practice.progress,
    { config, schema: { tags, summary: 'Progresso: programas, minutos ouvidos, dias praticados, sequência', response: { 200: progressSchema, ...errors } } },
    async (request) => getProgress(db(), await currentUserId(request), now()),
  )

  app.get(
    API.practice.preferences,
    { config, schema: { tags, summary: 'Preferências da prática: fuso horário, sequência, lembretes', response: { 200: practicePreferencesSchema, ...errors } } },
    async (request) => readPreferences(db(), await currentUserId(request)),
  )

  app.put(
    API.practice.preferences,
    {
      config,
      schema: {
        tags,
        summary: 'Altera as preferências enviadas (fuso horário validado; lembretes guardados como enviados)',
        body: practicePreferencesUpdateSchema,
        response: { 200: practicePreferencesSchema, ...errors },
      },
    },
    async (request) => savePreferences(db(), await currentUserId(request), request.body),
  )
}
