import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { MSG } from '@sintonia/contract'
import { auditRefusal } from './audit.js'
import { HttpError } from '../lib/http/errors.js'

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The origins a browser page of this site sends: PUBLIC_URL's, and the request's own host (dev proxy, direct access). */
function allowedOrigins(request: FastifyRequest, publicOrigin: string): string[] {
  const own = request.host ? `${request.protocol}://${request.host}` : null
  return own ? [publicOrigin, own.toLowerCase()] : [publicOrigin]
}

/**
 * A request path as a router could read it: percent-decoded (up to three times), backslashes as
 * slashes, repeated slashes collapsed, dot segments resolved, lower-cased. Used to decide whether a
 * path is under /api when no route matched it; over-inclusive on purpose.
 */
export function normalisedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '/'
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path)
    } catch {
      break
    }
  }
  const segments: string[] = []
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`.toLowerCase()
}

/**
 * Under /api, decided as the router decides: by the matched route's pattern (find-my-way decodes
 * `/%61pi/…` into `/api/…`), or, for a path no route serves, by its normalised form.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url
  return (route !== undefined && route.startsWith('/api')) || normalisedPath(request.url).startsWith('/api')
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
      if (!isApiRequest(request)) return
      const origin = request.headers.origin
      if (origin === undefined) return
      if (allowedOrigins(request, publicOrigin).includes(origin.toLowerCase())) return
      await auditRefusal(request, { action: 'origin_denied', reason: 'origin', actorUserId: null, details: { origin: origin.slice(0, 200) } })
      throw new HttpError(403, MSG.generic.originNotAllowed)
    })
  },
  { name: 'origin-check', dependencies: ['audit'] },
)
