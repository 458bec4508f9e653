import type { FastifyPluginAsync } from 'fastify'
import { errorBody } from '../../lib/http/errors.js'
import { registerSignedInternalRoute } from '../../lib/http/signed-internal-route.js'
import { AdminCreateError, adminCreateInputSchema, createOrPromoteAdmin, describeAdminCreate } from './admin-create.js'

/** Where `npm run admin:create` reaches a running server that owns the embedded database. */
export const INTERNAL_ADMIN_CREATE_PATH = '/api/internal/admin-create'

/**
 * The CLI's door into a running server (PGlite cannot be opened by a second process): loopback
 * only, its body signed with the auth secret (lib/http/signed-internal-route.ts).
 */
export const internalAccountRoutes: FastifyPluginAsync = async (app) => {
  registerSignedInternalRoute(app, INTERNAL_ADMIN_CREATE_PATH, adminCreateInputSchema, async (input, request, reply) => {
    try {
      const result = await createOrPromoteAdmin({ db: app.database.db, auth: app.auth }, input)
      request.log.info({ outcome: result.outcome, userId: result.userId }, 'admin:create')
      return reply.send({ ...result, message: describeAdminCreate(result) })
    } catch (error) {
      if (error instanceof AdminCreateError) return reply.code(400).send(errorBody(400, error.message))
      throw error
    }
  })
}
