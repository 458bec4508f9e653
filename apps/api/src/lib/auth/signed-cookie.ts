import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Reads a cookie signed the way Better Auth signs its sign-in cookie, `session_token`
 * (better-call's format: the URL-encoded `<value>.<base64 HMAC-SHA256 of value>`), and returns the
 * value only when the signature matches. Like better-call, the first cookie of that name counts
 * and a malformed one is ignored.
 *
 * Why our own reader: resolving a sign-in through Better Auth's endpoint costs ~2 ms of CPU per
 * request (endpoint context, WebCrypto key import and verify on the thread pool, adapter
 * transforms), which capped every subscriber route (docs/performance.md). The same check with
 * node:crypto's synchronous HMAC costs microseconds. Every API test signs in through Better Auth
 * and reads with this, so a format change there fails the suite.
 */
export function readSignedCookie(cookieHeader: string | undefined, name: string, secret: string): string | null {
  if (!cookieHeader) return null
  const raw = cookieValue(cookieHeader, name)
  if (raw === null) return null
  const value = safeDecode(raw)
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const signed = value.slice(0, dot)
  const signature = value.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const expected = createHmac('sha256', secret).update(signed).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? signed : null
}

/** The raw value of the first cookie called `name` in a Cookie header, or null. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() !== name) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    return value
  }
  return null
}

function safeDecode(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
