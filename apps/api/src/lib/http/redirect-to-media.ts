import type { FastifyReply, FastifyRequest } from 'fastify'
import { expiryFor, signMediaUrl } from '../media/signed-media-url.js'
import type { MediaStorage, StoredObject } from '../storage/media-storage.js'

export interface MediaAddressOptions {
  object: StoredObject
  contentType: string
  /** How long the object plays (s), when known: its address outlives a whole listen (ADR 021). */
  playSeconds?: number | null
}

export interface MediaAddressDeps {
  storage: MediaStorage
  mediaUrls: { secret: string; lifetimeSeconds: number }
  now: () => Date
}

/** A signed, expiring address of a stored object and when it stops answering. */
export interface MediaAddress {
  url: string
  expiresAt: Date
}

/**
 * The short-lived address the bytes of an authorised listen come from
 * (docs/decisions/021-signed-media-urls.md): the object store's presigned URL, or the API's own
 * signed path that nginx (or the API, without a database round trip) answers. It lives the
 * configured lifetime beyond the length of what it plays, its expiry rounded up to 5 minutes.
 */
export async function signedMediaAddress(deps: MediaAddressDeps, options: MediaAddressOptions): Promise<MediaAddress> {
  const nowMs = deps.now().getTime()
  const expires = expiryFor(nowMs, deps.mediaUrls.lifetimeSeconds + Math.ceil(Math.max(0, options.playSeconds ?? 0)))
  const presigned = await deps.storage.presignGet(options.object.key, { expiresInSeconds: expires - Math.floor(nowMs / 1000), contentType: options.contentType })
  return { url: presigned ?? signMediaUrl(options.object.key, { secret: deps.mediaUrls.secret, expires }), expiresAt: new Date(expires * 1000) }
}

/** This instance's address maker: its storage, key, lifetime and clock. */
export function mediaAddressDepsOf(app: FastifyRequest['server']): MediaAddressDeps {
  return { storage: app.storage, mediaUrls: app.config.mediaUrls, now: () => app.clock.now() }
}

/**
 * The answer of a media route once the request is authorised: a redirect to the object's signed
 * address. A player follows it once and asks its ranges of the new address; the redirect itself
 * is never stored, so each new open is authorised again.
 */
export async function redirectToMedia(request: FastifyRequest, reply: FastifyReply, options: MediaAddressOptions): Promise<FastifyReply> {
  const { url } = await signedMediaAddress(mediaAddressDepsOf(request.server), options)
  return reply.code(302).header('Location', url).header('Cache-Control', 'private, no-store').send()
}
