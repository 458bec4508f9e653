/**
 * Rendered sessions (docs/product/sessions.md): the manifest of a session and its stream. Declared
 * 'public' at the guard because the demo's session is public; every other session is for
 * subscribers (and admins), decided per request like the audio files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { API, apiErrorSchema, MEDIA_MSG, SESSION_BYTES_PER_MINUTE, sessionManifestSchema, sessionRequestSchema } from '@sintonia/contract'
import { isNotModified, parseRangeHeader } from '../../lib/http/byte-range.js'
import { redirectToMedia } from '../../lib/http/redirect-to-media.js'
import type { MediaStorage } from '../../lib/storage/media-storage.js'
import { refuseListening } from '../../plugins/audit.js'
import { listeningDenial } from '../catalogue/media-service.js'
import type { AudioRow } from '../catalogue/service.js'
import { readWhileRendering, untilAvailable, type RenderJob } from './renderer.js'
import { describeSession, openSessionStream, type Authorize, type SessionDeps } from './service.js'
import { RATE_LIMITS } from '../../lib/http/rate-limits.js'



// Any other text is simply a session that does not exist (404), checked by the service.
const keyParams = z.object({ key: z.string().max(100) })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema }

/** Subscribers and admins hear every session; anyone hears one made only of the public demo audio. */
function authorizeListener(request: FastifyRequest, deps: SessionDeps): Authorize {
  return async (audios: readonly AudioRow[]) => {
    const signedIn = await request.signedIn()
    const denial = await listeningDenial(deps.db, signedIn)
    // No denial means somebody signed in with access.
    if (!denial) return { access: 'listener', accountId: signedIn!.user.id }
    const [first] = audios
    const onlyDemo = first !== undefined && audios.every((audio) => audio.id === first.id) && first.id === (await deps.publicDemoId())
    if (!onlyDemo) await refuseListening(request, denial)
    return { access: 'demo', accountId: null }
  }
}

/** A session's bytes while it is rendered: Range and validators as for a stored file, the length known in advance. */
async function sendRendering(
  request: FastifyRequest,
  reply: FastifyReply,
  job: RenderJob,
  storage: MediaStorage,
  etag: string,
  cacheControl: string,
  stallTimeoutMs: number,
) {
  if (isNotModified(request.headers['if-none-match'], etag)) return reply.code(304).header('ETag', etag).header('Cache-Control', cacheControl).send()
  const ifRange = request.headers['if-range']
  const range = parseRangeHeader(ifRange && ifRange !== etag ? undefined : request.headers.range, job.bytes)
  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${job.bytes}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send({ statusCode: 416, error: 'Range Not Satisfiable', message: MEDIA_MSG.rangeNotSatisfiable })
  }
  const wanted = range.kind === 'range' ? range.range : { start: 0, end: job.bytes - 1 }
  // A listener who leaves while waiting stops waiting (and is no longer counted as listening).
  const left = new AbortController()
  reply.raw.once('close', () => left.abort())
  // A client that stops taking bytes is closed after a while, so its render can stop.
  // Under app.inject the socket is a stand-in without these.
  const socket = request.raw.socket as Partial<Pick<Socket, 'setTimeout' | 'removeListener' | 'destroy'>> | null
  if (socket && typeof socket.setTimeout === 'function') {
    const closeStalled = () => socket.destroy?.()
    socket.setTimeout(stallTimeoutMs, closeStalled)
    // A player asks for range after range on one kept-alive connection: each answer takes its own
    // listener back, or they pile up on the socket (and keep it closing on the stall of an old one).
    reply.raw.once('close', () => socket.removeListener?.('timeout', closeStalled))
  }
  // Nothing is answered before the render has the first byte wanted (or failed: 503).
  if (request.method !== 'HEAD') await untilAvailable(job, wanted.start, left.signal)
  reply.header('Accept-Ranges', 'bytes').header('ETag', etag).header('Cache-Control', cacheControl).header('Content-Type', 'audio/mpeg')
  if (range.kind === 'range') reply.code(206).header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${job.bytes}`)
  else reply.code(200)
  reply.header('Content-Length', wanted.end - wanted.start + 1)
  if (request.method === 'HEAD') return reply.send()
  return reply.send(readWhileRendering(job, storage, wanted, left.signal))
}

/**
 * `stallTimeoutMs` (SESSION_STALL_TIMEOUT_SECONDS): a socket that takes nothing of a session in
 * progress for this long is closed, so a stalled client does not keep its render alive (the render
 * stops RENDER_IDLE_STOP_MS after its last listener). A player that paused its download asks
 * again with a Range request when it needs more.
 */
export function sessionRoutes(deps: () => SessionDeps, stallTimeoutMs: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API.sessions.sessions,
      {
        config: { access: 'public', rateLimit: RATE_LIMITS.sessions },
        schema: {
          tags: ['ouvinte'],
          summary: 'Sessão: as repetições, as pausas e a música de fundo num único áudio contínuo (assinantes; a demonstração é pública)',
          body: sessionRequestSchema,
          response: { 200: sessionManifestSchema, ...errors },
        },
      },
      async (request) => describeSession(deps(), request.body, authorizeListener(request, deps())),
    )

    app.route({
      method: ['GET', 'HEAD'],
      url: API.sessions.audio(':key'),
      config: { access: 'public' },
      schema: {
        tags: ['mídia'],
        summary: 'O áudio de uma sessão (MP3) com HTTP Range e ETag, tocável enquanto é produzido',
        params: keyParams,
        response: { ...errors, 416: apiErrorSchema },
      },
      handler: async (request, reply) => {
        const stream = await openSessionStream(deps(), request.params.key, authorizeListener(request, deps()))
        // The key names the sound: the same key is always the same bytes, so it is the validator.
        const etag = `"${request.params.key}"`
        // A subscriber's session must never sit in a shared cache.
        const cacheControl = stream.access === 'demo' ? 'public, max-age=86400' : 'private, max-age=86400'
        // Once rendered, a session is a stored file like any audio: its bytes come from a signed address (ADR 021).
        if (stream.kind === 'stored') {
          return redirectToMedia(request, reply, { object: stream.object, contentType: 'audio/mpeg', playSeconds: (stream.object.size / SESSION_BYTES_PER_MINUTE) * 60 })
        }
        return sendRendering(request, reply, stream.job, app.storage, etag, cacheControl, stallTimeoutMs)
      },
    })
  }
}

