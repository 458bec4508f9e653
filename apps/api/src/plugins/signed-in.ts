import type { FastifyRequest } from 'fastify'
import { MSG } from '@sintonia/contract'
import type { SignInInfo, SignedInUserInfo } from './auth.js'
import { HttpError } from '../lib/http/errors.js'

/** The sign-in of a route declared 'user' or above (the guard already refused anonymous callers). */
export async function requireSignedIn(request: FastifyRequest): Promise<SignInInfo> {
  const signedIn = await request.signedIn()
  if (!signedIn) throw new HttpError(401, MSG.generic.unauthorized)
  return signedIn
}

export async function requireSignedInUser(request: FastifyRequest): Promise<SignedInUserInfo> {
  return (await requireSignedIn(request)).user
}

/** Who acts and from where: every admin action is written to the audit log with it. */
export interface AdminActor {
  userId: string
  ip: string | null
}

/** The signed-in admin behind a request (the guard already checked the role). */
export async function adminActor(request: FastifyRequest): Promise<AdminActor> {
  const user = await requireSignedInUser(request)
  return { userId: user.id, ip: request.ip ?? null }
}
