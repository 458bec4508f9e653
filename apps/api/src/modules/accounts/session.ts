import type { FastifyRequest } from 'fastify'
import { MSG } from '@sintonia/contract'
import type { AuthSessionInfo, SessionUserInfo } from '../../plugins/auth.js'
import { HttpError } from '../../lib/http/errors.js'

/** The session of a route declared 'user' or above (the guard already refused anonymous callers). */
export async function requireSession(request: FastifyRequest): Promise<AuthSessionInfo> {
  const session = await request.authSession()
  if (!session) throw new HttpError(401, MSG.generic.unauthorized)
  return session
}

export async function requireSessionUser(request: FastifyRequest): Promise<SessionUserInfo> {
  return (await requireSession(request)).user
}
