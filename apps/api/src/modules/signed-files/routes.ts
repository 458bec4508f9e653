/**
 * The signed media path (docs/decisions/021-signed-media-urls.md): stored files read through an
 * address a media route signed after authorising the listener. The signature is the whole check —
 * no sign-in, no database — so this route costs what nginx's `secure_link` does; in production
 * nginx answers these addresses itself and the API never sees them (docs/deploy.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, MEDIA_MSG } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import { sendStoredFile } from '../../lib/http/send-stored-file.js'
import { checkSignedMediaUrl, SIGNED_FILES_PREFIX } from '../../lib/media/signed-media-url.js'
import { assertSafeKey } from '../../lib/storage/media-storage.js'

const querySchema = z.object({
  expires: z.string().max(20).optional(),
  md5: z.string().max(40).optional(),
})

/** By folder and extension, as nginx's `types` would: the folder tells a video's WebM from an audio's. */
const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  webm: 'audio/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webp: 'image/webp',
}

export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  if (key.startsWith('videos/') && ext === 'webm') return 'video/webm'
  return CONTENT_TYPES[ext] ?? 'application/octet-stream'
}

function keyOf(escapedKey: string): string | null {
  try {
    const key = escapedKey.split('/').map(decodeURIComponent).join('/')
    assertSafeKey(key)
    return key
  } catch {
    return null
  }
}

export const signedFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${SIGNED_FILES_PREFIX}*`,
    config: { access: 'public' },
    schema: {
      tags: ['mídia'],
      summary: 'Um arquivo de mídia por endereço assinado e com validade (HTTP Range, ETag, HEAD); sem sessão',
      querystring: querySchema,
      response: { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 416: apiErrorSchema },
    },
    handler: async (request, reply) => {
      // The path exactly as signed (still escaped), without its query.
      const path = request.url.split('?', 1)[0]!
      const nowMs = app.clock.now().getTime()
      const check = checkSignedMediaUrl(path, request.query, { secret: app.config.mediaUrls.secret, nowMs })
      if (check === 'invalid') throw new HttpError(403, MEDIA_MSG.signedUrlInvalid)
      if (check === 'expired') throw new HttpError(410, MEDIA_MSG.signedUrlExpired)
      const key = keyOf(path.slice(SIGNED_FILES_PREFIX.length))
      const object = key ? await app.storage.stat(key) : null
      if (!object) throw new HttpError(404, MEDIA_MSG.audioFileMissing)
      const maxAge = Math.max(0, Number(request.query.expires) - Math.floor(nowMs / 1000))
      // Whoever holds the address may read it until it expires: the browser may keep it that long, no shared cache.
      return sendStoredFile(request, reply, { storage: app.storage, object, contentType: contentTypeOfKey(object.key), cacheControl: `private, max-age=${maxAge}` })
    },
  })
}
