import type { FastifyReply, FastifyRequest } from 'fastify'
import { CLIENT_IP_HEADER } from './create-auth.js'

/**
 * The request's headers as Web `Headers` for Better Auth. The client address header is always
 * ours (Fastify's `request.ip`, which trusts X-Forwarded-For only from TRUST_PROXY), never the
 * client's.
 */
export function toAuthHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.toLowerCase() === CLIENT_IP_HEADER) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, String(value))
  }
  if (request.ip) headers.set(CLIENT_IP_HEADER, request.ip)
  return headers
}

/** Copies the Set-Cookie headers Better Auth produced onto the reply. */
export function forwardSetCookies(reply: FastifyReply, source: Headers | null | undefined): void {
  const cookies = source?.getSetCookie() ?? []
  if (cookies.length === 0) return
  const existing = reply.getHeader('set-cookie')
  const previous = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)]
  reply.header('set-cookie', [...previous, ...cookies])
}

interface CookieDescriptor {
  name: string
  attributes: { path?: string | undefined; secure?: boolean | undefined; domain?: string | undefined }
}

/** Set-Cookie values that remove the sign-in cookies (after the sign-ins were deleted server-side). */
export function expiredSignInCookies(cookies: Record<'sessionToken' | 'sessionData' | 'dontRememberToken', CookieDescriptor>): string[] {
  return [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken].map(({ name, attributes }) =>
    [
      `${name}=`,
      'Max-Age=0',
      `Path=${attributes.path ?? '/'}`,
      ...(attributes.domain ? [`Domain=${attributes.domain}`] : []),
      'HttpOnly',
      'SameSite=Lax',
      ...(attributes.secure ? ['Secure'] : []),
    ].join('; '),
  )
}
