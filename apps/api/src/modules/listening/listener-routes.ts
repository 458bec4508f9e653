/**
 * Listening routes of the listener area: listening records ("Repetições Hoje") and playlists.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  apiErrorSchema,
  listeningAcceptedSchema,
  listeningBatchSchema,
  listeningTodayQuerySchema,
  listeningTodaySchema,
  MSG,
  playlistAddAudioSchema,
  playlistCreateSchema,
  playlistListSchema,
  playlistSchema,
  playlistUpdateSchema,
  recentListeningSchema,
} from '@sintonia/contract'
import { currentUserId } from '../../lib/auth/current-user.js'
import { recentListening, recordEvents, repetitionsToday } from './service.js'
import { settlePractice } from '../practice/progress-service.js'
import { loggableError } from '../../lib/pg-errors.js'
import { z } from 'zod'
import { addAudio, createPlaylist, deletePlaylist, listPlaylists, removeAudio, updatePlaylistOf } from './playlists-service.js'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }

const listeningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.listening.events,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Registra reproduções e repetições em lote (ids do navegador: reenviar não duplica)',
        description:
          'Cada registro com horário implausível — mais de 15 minutos à frente do relógio do servidor, mais de 7 dias atrás ou de antes da criação da conta — é recusado sozinho e contado em refused; os demais valem (docs/product/practice.md#plausible-times).',
        body: listeningBatchSchema,
        response: { 200: listeningAcceptedSchema, ...errors },
      },
    },
    async (request) => {
      const userId = await currentUserId(request)
      const answer = await recordEvents(app.database.db, userId, request.body.events, app.clock.now())
      // The days these repetitions complete are settled now (docs/product/practice.md#when-a-day-counts-as-done).
      // The records are saved either way: a failure here is logged, and the next read settles again.
      if (answer.accepted > 0 && request.body.events.some((event) => event.kind === 'repetition')) {
        try {
          await settlePractice(app.database.db, userId, app.clock.now())
        } catch (error) {
          request.log.warn({ err: loggableError(error) }, 'practice not settled after listening events')
        }
      }
      return answer
    },
  )

  app.get(
    API.listening.today,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Repetições de hoje de um áudio, no fuso horário do ouvinte',
        querystring: listeningTodayQuerySchema,
        response: { 200: listeningTodaySchema, ...errors },
      },
    },
    async (request) => repetitionsToday(app.database.db, await currentUserId(request), request.query.audioId, request.query.tz, app.clock.now()),
  )

  app.get(
    API.listening.recent,
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['ouvinte'],
        summary: 'Continuar ouvindo: os áudios ouvidos por último, do mais recente ao mais antigo',
        response: { 200: recentListeningSchema, ...errors },
      },
    },
    async (request) => recentListening(app.database.db, await currentUserId(request)),
  )
}

const uuid = () => z.uuid({ error: MSG.validation.invalidUuid })
const playlistParams = z.object({ playlistId: uuid() })
const entryParams = z.object({ playlistId: uuid(), audioId: uuid() })
const config = { access: 'subscriber' } as const
const tags = ['playlists']

/**
 * A listener's own playlists, kept on the server (docs/product/listening.md#playlists-and-favourites);
 * another listener's playlist answers 404.
 */
const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db

  app.get(
    API.listening.playlists,
    { config, schema: { tags, summary: 'Playlists do ouvinte', response: { 200: playlistListSchema, ...errors } } },
    async (request) => ({ playlists: await listPlaylists(db(), await currentUserId(request)) }),
  )

  app.post(
    API.listening.playlists,
    {
      config,
      schema: {
        tags,
        summary: 'Cria uma playlist (idempotente pelo id gerado no navegador)',
        body: playlistCreateSchema,
        response: { 200: playlistSchema, 201: playlistSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { playlist, created } = await createPlaylist(db(), await currentUserId(request), request.body)
      return reply.code(created ? 201 : 200).send(playlist)
    },
  )

  app.patch(
    '/api/playlists/:playlistId',
    {
      config,
      schema: {
        tags,
        summary: 'Altera nome, descrição e/ou a lista ordenada de áudios',
        params: playlistParams,
        body: playlistUpdateSchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) => updatePlaylistOf(db(), await currentUserId(request), request.params.playlistId, request.body),
  )

  app.delete(
    '/api/playlists/:playlistId',
    { config, schema: { tags, summary: 'Exclui uma playlist', params: playlistParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deletePlaylist(db(), await currentUserId(request), request.params.playlistId)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/playlists/:playlistId/audios',
    {
      config,
      schema: {
        tags,
        summary: "Adiciona um áudio ao fim da playlist (409 'Áudio já está na playlist')",
        params: playlistParams,
        body: playlistAddAudioSchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) => addAudio(db(), await currentUserId(request), request.params.playlistId, request.body.audioId),
  )

  app.delete(
    '/api/playlists/:playlistId/audios/:audioId',
    {
      config,
      schema: { tags, summary: 'Remove um áudio da playlist', params: entryParams, response: { 200: playlistSchema, ...errors } },
    },
    async (request) => removeAudio(db(), await currentUserId(request), request.params.playlistId, request.params.audioId),
  )
}

/** Every route of this audience, registered by app.ts. */
export const listeningRoutesListener: FastifyPluginAsyncZod = async (app) => {
  await app.register(listeningRoutes)
  await app.register(playlistRoutes)
}
