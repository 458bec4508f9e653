import type { FastifyRequest } from 'fastify'
import { MSG } from '@sintonia/contract'
import { HttpError } from '../http/errors.js'

/** The signed-in user's id on a route the access guard already let through (never anonymous there). */
export async function currentUserId(request: FastifyRequest): Promise<string> {
  const user = await request.signedInUser()
  if (!user) throw new HttpError(401, MSG.generic.unauthorized)
  return user.id
}
