import type { FastifyRequest } from 'fastify'
import { MSG } from '@sintonia/contract'
import type { AuthSessionInfo, SessionUserInfo } from './auth.js'
import { HttpError } from '../lib/http/errors.js'

/** The session of a route declared 'user' or above (the guard already refused anonymous callers). */
export async function requireSession(request: FastifyRequest): Promise<AuthSessionInfo> {
  const session = await request.authSession()
  if (!session) throw new HttpError(401, MSG.generic.unauthorized)
  return session
}

export async function requireSessionUser(request: FastifyRequest): Promise<SessionUserInfo> {
  return (await requireSession(request)).user
}

/** Who acts and from where: every admin action is written to the audit log with it. */
export interface AdminActor {
  userId: string
  ip: string | null
}

/** The signed-in admin behind a request (the guard already checked the role). */
export async function adminActor(request: FastifyRequest): Promise<AdminActor> {
  const user = await requireSessionUser(request)
  return { userId: user.id, ip: request.ip ?? null }
}
