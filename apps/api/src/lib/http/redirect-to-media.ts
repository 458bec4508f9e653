import type { FastifyReply, FastifyRequest } from 'fastify'
import { expiryFor, signMediaUrl } from '../media/signed-media-url.js'
import type { StoredObject } from '../storage/media-storage.js'

export interface MediaRedirectOptions {
  object: StoredObject
  contentType: string
  /** How long the object plays (s), when known: its address outlives a whole listen (ADR 021). */
  playSeconds?: number | null
}

/**
 * The answer of a media route once the request is authorised (docs/decisions/021-signed-media-urls.md):
 * a redirect to a short-lived address the bytes come from — the object store's presigned URL, or
 * the API's own signed path that nginx (or the API, without a database round trip) answers. A
 * player follows it once and asks its ranges of the new address; the redirect itself is never
 * stored, so each new open is authorised again.
 */
export async function redirectToMedia(request: FastifyRequest, reply: FastifyReply, options: MediaRedirectOptions): Promise<FastifyReply> {
  const { storage, config, clock } = request.server
  const nowMs = clock.now().getTime()
  const expires = expiryFor(nowMs, config.mediaUrls.lifetimeSeconds + Math.ceil(Math.max(0, options.playSeconds ?? 0)))
  const presigned = await storage.presignGet(options.object.key, { expiresInSeconds: expires - Math.floor(nowMs / 1000), contentType: options.contentType })
  const location = presigned ?? signMediaUrl(options.object.key, { secret: config.mediaUrls.secret, expires })
  return reply.code(302).header('Location', location).header('Cache-Control', 'private, no-store').send()
}
