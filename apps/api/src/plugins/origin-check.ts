import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { MSG } from '@sintonia/contract'
import { auditRefusal } from './audit.js'
import { HttpError } from './errors.js'

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The origins a browser page of this site sends: PUBLIC_URL's, and the request's own host (dev proxy, direct access). */
function allowedOrigins(request: FastifyRequest, publicOrigin: string): string[] {
  const own = request.host ? `${request.protocol}://${request.host}` : null
  return own ? [publicOrigin, own.toLowerCase()] : [publicOrigin]
}

export function isWebSocketHandshake(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers.upgrade?.toLowerCase() === 'websocket'
}

/**
 * CSRF defence in depth (on top of SameSite=Lax cookies): a mutating /api request, or a WebSocket
 * handshake, that carries an Origin header must come from this site. Requests without Origin (curl, server-to-server,
 * payment webhooks) pass: browsers always send Origin on cross-site POST/PUT/PATCH/DELETE.
 */
export const originCheckPlugin = fp(
  async (app) => {
    const publicOrigin = new URL(app.config.publicUrl).origin.toLowerCase()
    app.addHook('onRequest', async (request) => {
      // A WebSocket handshake is a GET, but browsers send cookies with it from any site (no CORS
      // for WebSockets), so it gets the same check as a mutating request.
      if (!MUTATING_METHODS.has(request.method) && !isWebSocketHandshake(request)) return
      if (!request.url.startsWith('/api')) return
      const origin = request.headers.origin
      if (origin === undefined) return
      if (allowedOrigins(request, publicOrigin).includes(origin.toLowerCase())) return
      await auditRefusal(request, { action: 'origin_denied', reason: 'origin', actorUserId: null, details: { origin: origin.slice(0, 200) } })
      throw new HttpError(403, MSG.generic.originNotAllowed)
    })
  },
  { name: 'origin-check', dependencies: ['audit'] },
)
