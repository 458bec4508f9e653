import type { FastifyPluginAsync } from 'fastify'
import { MSG } from '@sintonia/contract'
import { CLI_SIGNATURE_HEADER, verifyCliSignature } from '../../lib/cli-signature.js'
import { errorBody } from '../../lib/http/errors.js'
import { isDirectLoopback } from '../../lib/http/loopback.js'
import { AdminCreateError, adminCreateInputSchema, createOrPromoteAdmin, describeAdminCreate } from './admin-create.js'

/** Where `npm run admin:create` reaches a running server that owns the embedded database. */
export const INTERNAL_ADMIN_CREATE_PATH = '/api/internal/admin-create'

/**
 * The CLI's door into a running server (PGlite cannot be opened by a second process). Declared
 * 'public' for the guard, but it answers only a loopback caller whose body is signed with the
 * auth secret (HMAC-SHA256 of the raw body in `x-sintonia-cli`); to anyone else it is the same
 * 404 as a route that does not exist. Encapsulated: its raw-body parser affects no other route.
 */
export const internalAccountRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers()
  // Any content type is read as text, so a wrong one cannot produce a 415 that reveals the route.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post(INTERNAL_ADMIN_CREATE_PATH, {
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
      const parsed = adminCreateInputSchema.safeParse(json)
      if (!parsed.success) {
        return reply.code(400).send(errorBody(400, parsed.error.issues[0]?.message ?? MSG.generic.validation))
      }
      try {
        const result = await createOrPromoteAdmin({ db: app.database.db, auth: app.auth }, parsed.data)
        request.log.info({ outcome: result.outcome, userId: result.userId }, 'admin:create')
        return reply.send({ ...result, message: describeAdminCreate(result) })
      } catch (error) {
        if (error instanceof AdminCreateError) return reply.code(400).send(errorBody(400, error.message))
        throw error
      }
    },
  })
}
