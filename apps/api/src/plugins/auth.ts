import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { defaultDisplayName, type Role } from '@sintonia/contract'
import { AUTH_BASE_PATH, createAuth, type CreateAuthOptions, type SintoniaAuth } from '../lib/auth/create-auth.js'
import { translateAuthError } from '../lib/auth/errors.js'
import { forwardSetCookies, toAuthHeaders } from '../lib/auth/headers.js'
import { readSignedCookie } from '../lib/auth/signed-cookie.js'
import { errorBody } from '../lib/http/errors.js'
import { RATE_LIMITS } from '../lib/http/rate-limits.js'

/** The signed-in person as the rest of the API sees them. */
export interface SignedInUserInfo {
  id: string
  email: string
  displayName: string
  role: Role
  /** The person proved they read this mailbox (docs/product/accounts.md). */
  emailVerified: boolean
  /** Banned by an admin (and the ban has not expired). */
  banned: boolean
}

/**
 * A request's sign-in (docs/decisions/022-one-word-per-meaning.md): the person and Better Auth's
 * session row behind the cookie (`signIn`: its id and end).
 */
export interface SignInInfo {
  user: SignedInUserInfo
  signIn: { id: string; expiresAt: Date }
  /**
   * Whether the user has a subscription giving access now, when it was read with the sign-in (the
   * fast path reads both in one query); undefined otherwise — ask `hasListeningAccess`.
   */
  subscribed?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: SintoniaAuth
  }
  interface FastifyRequest {
    /** The sign-in behind the request's cookie, resolved once per request; null when anonymous. */
    signedIn(): Promise<SignInInfo | null>
    /** Shortcut for `(await signedIn())?.user ?? null`. */
    signedInUser(): Promise<SignedInUserInfo | null>
  }
}

/** The only Better Auth endpoints reachable over HTTP (everything else goes through the app's routes). */
export const EXPOSED_AUTH_PATHS = [`${AUTH_BASE_PATH}/get-session`] as const

/** Hop-by-hop and length headers are recomputed when the body is re-serialised for Better Auth. */
const DROPPED_REQUEST_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive']
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'])

/**
 * Sign-in tokens (Better Auth's session tokens) never leave the server in a body (get-session,
 * list-sessions and sign-in answer them in Better Auth): the HttpOnly cookie is the only carrier,
 * out of reach of page scripts.
 */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  )
}

export function isBanActive(banned: boolean | null | undefined, banExpires: Date | string | null | undefined, now = Date.now()): boolean {
  if (!banned) return false
  if (!banExpires) return true
  return new Date(banExpires).getTime() > now
}

type BetterAuthSession = NonNullable<Awaited<ReturnType<SintoniaAuth['api']['getSession']>>>

/** Better Auth's getSession answer as the rest of the API sees it (also used by the realtime socket's rechecks). */
export function toSignInInfo(response: BetterAuthSession): SignInInfo {
  const found = response.user as typeof response.user & {
    role?: string | null
    banned?: boolean | null
    banExpires?: Date | string | null
  }
  return {
    user: {
      id: found.id,
      email: found.email,
      displayName: found.name?.trim() || defaultDisplayName(found.email),
      role: found.role === 'admin' ? 'admin' : 'user',
      emailVerified: found.emailVerified === true,
      banned: isBanActive(found.banned, found.banExpires),
    },
    signIn: { id: response.session.id, expiresAt: new Date(response.session.expiresAt) },
  }
}

/** A sign-in as the accounts' repository reads it: Better Auth's session row, its user and the subscription rule. */
export interface SignInWithUserRow {
  signInId: string
  expiresAt: Date
  userId: string
  email: string
  emailVerified: boolean
  name: string | null
  role: string | null
  banned: boolean | null
  banExpires: Date | null
  subscribed: boolean
}

/**
 * What the accounts domain gives the auth wiring (app.ts passes it): the one-query sign-in lookup
 * and the e-mails Better Auth asks for. Infrastructure does not import the domain.
 */
export interface AuthPluginOptions extends Pick<CreateAuthOptions, 'sendResetPassword' | 'sendVerificationEmail' | 'onPasswordReset' | 'passwordHasher'> {
  findSignInWithUser(token: string): Promise<SignInWithUserRow | undefined>
}

/**
 * Better Auth (ADR 003): builds the instance from the configuration and database (`app.auth`),
 * mounts its handler at /api/auth/*, and resolves `request.signedIn()` / `signedInUser()`.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { config } = app
    const log = app.log.child({ module: 'auth' })
    const auth = createAuth({
      config,
      db: app.database.db,
      log,
      sendResetPassword: options.sendResetPassword,
      sendVerificationEmail: options.sendVerificationEmail,
      onPasswordReset: options.onPasswordReset,
      passwordHasher: options.passwordHasher,
    })
    app.decorate('auth', auth)

    const resolved = new WeakMap<FastifyRequest, Promise<SignInInfo | null>>()
    /** Cookies Better Auth set while resolving a sign-in (expiry refresh, expired-cookie removal). */
    const refreshedCookies = new WeakMap<FastifyRequest, Headers>()

    const authContext = await auth.$context
    const signInCookieName = authContext.authCookies.sessionToken.name
    const { expiresIn, updateAge } = authContext.sessionConfig

    /**
     * The common case without Better Auth's endpoint machinery (docs/performance.md): a correctly
     * signed cookie whose sign-in exists, has not expired and is not yet due for Better Auth's
     * sliding refresh. The same lookup getSession does (session row by token, joined to its user),
     * so a revoked sign-in or a ban counts on the very next request. Anything else — no sign-in,
     * expired (the cookie must be cleared), due for refresh (a new cookie must be set) — goes
     * through Better Auth.
     */
    async function fastSignIn(request: FastifyRequest): Promise<SignInInfo | undefined> {
      const token = readSignedCookie(request.headers.cookie, signInCookieName, config.secrets.auth)
      if (!token) return undefined
      const row = await options.findSignInWithUser(token)
      if (!row) return undefined
      const now = Date.now()
      const expiresAt = row.expiresAt.getTime()
      if (expiresAt <= now) return undefined
      if (expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return undefined
      return {
        user: {
          id: row.userId,
          email: row.email,
          displayName: row.name?.trim() || defaultDisplayName(row.email),
          role: row.role === 'admin' ? 'admin' : 'user',
          emailVerified: row.emailVerified,
          banned: isBanActive(row.banned, row.banExpires, now),
        },
        signIn: { id: row.signInId, expiresAt: row.expiresAt },
        subscribed: row.subscribed,
      }
    }

    async function resolveSignIn(request: FastifyRequest): Promise<SignInInfo | null> {
      // Anonymous requests cost nothing: no cookie, no lookup.
      if (!request.headers.cookie) return null
      const fast = await fastSignIn(request)
      if (fast) return fast
      const { headers, response } = await auth.api.getSession({ headers: toAuthHeaders(request), returnHeaders: true })
      // Only a live sign-in's refreshed cookie goes back. Better Auth clears the cookie of a sign-in
      // it no longer finds; a request sent with the old one while a password change was answered
      // would then erase the new sign-in the change just set (docs/product/accounts.md).
      if (response && headers.getSetCookie().length > 0) refreshedCookies.set(request, headers)
      return response ? toSignInInfo(response) : null
    }

    app.decorateRequest('signedIn', function (this: FastifyRequest) {
      let pending = resolved.get(this)
      if (!pending) {
        pending = resolveSignIn(this)
        resolved.set(this, pending)
      }
      return pending
    })
    app.decorateRequest('signedInUser', async function (this: FastifyRequest) {
      return (await this.signedIn())?.user ?? null
    })

    app.addHook('onSend', async (request, reply) => {
      const refreshed = refreshedCookies.get(request)
      // A route that set its own sign-in cookie (sign-in, sign-out) has the last word.
      if (refreshed && reply.getHeader('set-cookie') === undefined) forwardSetCookies(reply, refreshed)
    })

    // Better Auth's own HTTP endpoints are not exposed: every sign-in, sign-up, password, profile
    // and removal path is the app's own route (rate limits, field limits, portals, audit, LGPD),
    // which calls Better Auth on the server. Only reading one's own sign-in (get-session) stays reachable
    // (docs/security.md, "Better Auth's endpoints"); any other /api/auth/* path answers 404.
    app.route({
      method: 'GET',
      url: EXPOSED_AUTH_PATHS[0],
      config: { access: 'public', rateLimit: RATE_LIMITS.authHandler },
      schema: { tags: ['contas'], summary: 'Sessão atual (Better Auth), sem o token', hide: true },
      handler: async (request, reply) => {
        const headers = toAuthHeaders(request)
        for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name)
        const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null
        if (hasBody) headers.set('content-type', 'application/json')
        const webRequest = new Request(new URL(request.url, config.publicUrl), {
          method: request.method,
          headers,
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        })
        const response = await auth.handler(webRequest)
        const text = await response.text()
        forwardSetCookies(reply, response.headers)
        if (response.status >= 400) {
          let code: string | undefined
          try {
            code = (JSON.parse(text) as { code?: string }).code
          } catch {
            code = undefined
          }
          const { status, message } = translateAuthError(response.status, code)
          return reply.code(status).send(errorBody(status, message))
        }
        reply.code(response.status)
        response.headers.forEach((value, name) => {
          if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) reply.header(name, value)
        })
        if (text.length === 0) return reply.send(null)
        if (!/json/i.test(response.headers.get('content-type') ?? '')) return reply.send(text)
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          return reply.send(text)
        }
        return reply.send(JSON.stringify(withoutTokens(body)))
      },
    })
  },
  { name: 'auth' },
)
