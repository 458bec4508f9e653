import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { AUTH_MSG, MSG } from '@sintonia/contract'
import type { SignInInfo } from './auth.js'
import { auditRefusal } from './audit.js'
import { HttpError } from '../lib/http/errors.js'

/**
 * Who may call a route. Every /api route must declare one in `config.access`; the app refuses to
 * start otherwise, so no route can be added without a decision. The guard below enforces the
 * declaration on every request, on the server:
 *
 * - `public`: anyone.
 * - `user`: any signed-in account that is not banned (listeners and admins alike: the product's
 *   "only role 'user' counts in the listener area" is the web's redirect of admins to /admin).
 * - `subscriber`: role 'user' with an active subscription (`hasListeningAccess`), or an admin —
 *   admins may check the content they manage without subscribing.
 * - `admin`: role 'admin'.
 *
 * Anonymous → 401; banned → 403 with AUTH_MSG.banned; signed in but not enough → 403. Every denial
 * is audited (action 'access_denied'; repeats folded into one row per minute, plugins/audit.ts),
 * which never fails the request.
 */
export type Access = 'public' | 'user' | 'subscriber' | 'admin'

export interface DeclaredRoute {
  method: string
  url: string
  access: Access
  /** The route validates a request body (the bad-input suite sends malformed bodies to each). */
  takesBody: boolean
  /** The body's zod schema as declared (the mass-assignment suite inspects its keys). */
  bodySchema?: unknown
  /** The zod schema of the success answer, 200, 201 or 202 (the contract test checks it is the endpoint's own). */
  okSchema?: unknown
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order (the route-access matrix test walks it). */
    accessTable: DeclaredRoute[]
  }
}

/** Routes registered by libraries (the OpenAPI UI) that are public by nature. */
const LIBRARY_PUBLIC_PREFIXES = ['/api/docs']

type DenialReason = 'anonymous' | 'banned' | 'role' | 'no_subscription'

interface Denial {
  status: 401 | 403
  message: string
  reason: DenialReason
  actorUserId: string | null
}

/** The commerce rule "who has access now", handed over by app.ts (infrastructure does not import the domain). */
export interface AccessPluginOptions {
  hasListeningAccess(signedIn: SignInInfo): Promise<boolean>
}

async function decide(request: FastifyRequest, access: Exclude<Access, 'public'>, rules: AccessPluginOptions): Promise<Denial | null> {
  const signedIn = await request.signedIn()
  if (!signedIn) return { status: 401, message: MSG.generic.unauthorized, reason: 'anonymous', actorUserId: null }
  const { user } = signedIn
  if (user.banned) return { status: 403, message: AUTH_MSG.banned, reason: 'banned', actorUserId: user.id }
  if (access === 'user') return null
  if (user.role === 'admin') return null
  if (access === 'admin') return { status: 403, message: MSG.generic.forbidden, reason: 'role', actorUserId: user.id }
  if (await rules.hasListeningAccess(signedIn)) return null
  return { status: 403, message: AUTH_MSG.subscriptionRequired, reason: 'no_subscription', actorUserId: user.id }
}

export const accessPlugin = fp<AccessPluginOptions>(
  async (app, options) => {
    const table: DeclaredRoute[] = []
    app.decorate('accessTable', table)

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return
      const config = (route.config ??= {})
      if (!config.access) {
        if (LIBRARY_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) config.access = 'public'
        else throw new Error(`A rota ${String(route.method)} ${route.url} não declara config.access`)
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      const takesBody = Boolean(route.schema?.body)
      const bodySchema: unknown = route.schema?.body
      const responses = route.schema?.response as Record<string, unknown> | undefined
      const okSchema: unknown = responses?.[200] ?? responses?.[201] ?? responses?.[202]
      for (const method of methods) table.push({ method: String(method), url: route.url, access: config.access, takesBody, bodySchema, okSchema })
    })

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access
      if (!access || access === 'public') return
      const denial = await decide(request, access, options)
      if (!denial) return
      await auditRefusal(request, { action: 'access_denied', reason: denial.reason, actorUserId: denial.actorUserId, details: { required: access } })
      throw new HttpError(denial.status, denial.message)
    })
  },
  { name: 'access', dependencies: ['audit'] },
)
