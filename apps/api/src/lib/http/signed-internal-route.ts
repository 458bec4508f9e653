/**
 * A door for this machine's own tools into a running server (the admin CLI, the journeys' test
 * clock): declared 'public' for the guard, but it answers only a loopback caller whose raw body is
 * signed with the auth secret (HMAC-SHA256 in `x-sintonia-cli`, lib/cli-signature.ts); to anyone
 * else it is the same 404 as a route that does not exist. Register it inside its own plugin: the
 * raw-body parser it installs then affects no other route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { MSG } from '@sintonia/contract'
import { CLI_SIGNATURE_HEADER, verifyCliSignature } from '../cli-signature.js'
import { errorBody } from './errors.js'
import { isDirectLoopback } from './loopback.js'

export function registerSignedInternalRoute<S extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  input: S,
  handle: (body: z.output<S>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.removeAllContentTypeParsers()
  // Any content type is read as text, so a wrong one cannot produce a 415 that reveals the route.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post(path, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : ''
      const signature = request.headers[CLI_SIGNATURE_HEADER]
      if (!isDirectLoopback(request) || !verifyCliSignature(app.config.secrets.auth, raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.code(404).send(errorBody(404, MSG.generic.routeNotFound))
      }
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        return reply.code(400).send(errorBody(400, MSG.generic.invalidJson))
      }
      const parsed = input.safeParse(json)
      if (!parsed.success) return reply.code(400).send(errorBody(400, parsed.error.issues[0]?.message ?? MSG.generic.validation))
      return handle(parsed.data, request, reply)
    },
  })
}
