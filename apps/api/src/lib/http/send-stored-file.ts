import type { FastifyReply, FastifyRequest } from 'fastify'
import { MEDIA_MSG } from '@sintonia/contract'
import type { MediaStorage, StoredObject } from '../storage/media-storage.js'
import { entityTag, isNotModified, parseRangeHeader } from './byte-range.js'

export interface SendStoredFileOptions {
  storage: MediaStorage
  object: StoredObject
  contentType: string
  /** Cache-Control for this response; private media must not sit in shared caches. */
  cacheControl: string
  /** A validator of the content itself (a rendered session's key) instead of size and date. */
  etag?: string
}

/**
 * Streams a stored media object honouring Range, If-Range, If-None-Match and HEAD, so audio
 * elements can seek and resume without downloading the whole file.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, options: SendStoredFileOptions) {
  const { storage, object, contentType, cacheControl } = options
  const accelPrefix = request.server.config.mediaAccelRedirect
  if (accelPrefix) {
    // Behind nginx (MEDIA_ACCEL_REDIRECT): the request is authorised by now; nginx sends the bytes
    // from its internal location with sendfile and answers Range, validators and HEAD itself.
    const location = accelPrefix + object.key.split('/').map(encodeURIComponent).join('/')
    return reply
      .code(200)
      .header('X-Accel-Redirect', location)
      .header('Cache-Control', cacheControl)
      .header('Content-Type', contentType)
      .send()
  }
  const etag = options.etag ?? entityTag(object.size, object.lastModified)
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', object.lastModified.toUTCString())
    .header('Cache-Control', cacheControl)
    .header('Content-Type', contentType)

  if (isNotModified(request.headers['if-none-match'], etag)) {
    return reply.code(304).send()
  }

  const ifRange = request.headers['if-range']
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range
  const range = parseRangeHeader(rangeHeader, object.size)

  if (range.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${object.size}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send({ statusCode: 416, error: 'Range Not Satisfiable', message: MEDIA_MSG.rangeNotSatisfiable })
  }

  if (range.kind === 'range') {
    const { start, end } = range.range
    reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${object.size}`)
      .header('Content-Length', end - start + 1)
    if (request.method === 'HEAD') return reply.send()
    return reply.send(storage.read(object.key, range.range))
  }

  reply.code(200).header('Content-Length', object.size)
  if (request.method === 'HEAD') return reply.send()
  return reply.send(storage.read(object.key))
}
