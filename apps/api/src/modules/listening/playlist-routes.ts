import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API,
  MSG,
  apiErrorSchema,
  playlistAddAudioSchema,
  playlistCreateSchema,
  playlistListSchema,
  playlistSchema,
  playlistUpdateSchema,
} from '@sintonia/contract'
import { currentUserId } from '../catalogue/listener-session.js'
import { addAudio, createPlaylist, deletePlaylist, listPlaylists, removeAudio, updatePlaylistOf } from './playlists-service.js'

const uuid = () => z.uuid({ error: MSG.validation.invalidUuid })
const playlistParams = z.object({ playlistId: uuid() })
const entryParams = z.object({ playlistId: uuid(), audioId: uuid() })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema }
const config = { access: 'subscriber' } as const
const tags = ['playlists']

/** A listener's own playlists (ARCHITECTURE §7); another listener's playlist answers 404. */
export const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db

  app.get(
    API.listener.playlists,
    { config, schema: { tags, summary: 'Playlists do ouvinte', response: { 200: playlistListSchema, ...errors } } },
    async (request) => ({ playlists: await listPlaylists(db(), await currentUserId(request)) }),
  )

  app.post(
    API.listener.playlists,
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
