import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Longer paths are cut: a 15 KB random path must not become a 15 KB log line. */
export const MAX_LOGGED_PATH = 200
export const REDACTED = '[oculto]'

/**
 * Path segments that are secrets: whoever reads the log must not be able to open the page.
 * Each rule is the segments that precede the secret one (compared decoded and lower-cased, so
 * `/%73andbox/checkout/…`, which the router serves as the same page, is redacted too).
 */
const SECRET_AFTER: readonly (readonly string[])[] = [
  // The sandbox's hosted checkout (`/sandbox/checkout/:id`, `/:id/pay`, `/:id/pix`): the id pays.
  ['sandbox', 'checkout'],
  // The sandbox's customer portal (`/sandbox/portal/:id`, `/:id/:action`): the id manages a subscription.
  ['sandbox', 'portal'],
  // Better Auth's reset link callback (`/api/auth/reset-password/:token`).
  ['api', 'auth', 'reset-password'],
  // A gift link (`/presente/:token`, `/api/gifts/link/:token/…`): the token redeems the gift.
  ['presente'],
  ['api', 'gifts', 'link'],
]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/**
 * A long run of token characters with a digit or a capital is treated as a secret wherever it
 * appears (a later route's token); route words (`request-password-reset`) and UUIDs are not.
 */
const isTokenLike = (segment: string) => /^[A-Za-z0-9_-]{20,}$/.test(segment) && /[0-9A-Z]/.test(segment) && !UUID.test(segment)

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The request target as it may be logged: the path only (the query string carries reset tokens,
 * checkout ids and claim links), secret segments replaced by `[oculto]`, cut to 200
 * characters.
 */
export function redactPath(url: string | undefined): string {
  if (!url) return '/'
  const end = url.search(/[?#]/)
  const path = end === -1 ? url : url.slice(0, end)
  const segments = path.split('/')
  const decoded = segments.map((segment) => decodeSegment(segment).toLowerCase())
  // Non-empty decoded segments before index i, for the rules above (duplicate slashes ignored).
  const seen: string[] = []
  const out = segments.map((segment, i) => {
    const secretHere =
      segment !== '' &&
      (SECRET_AFTER.some((rule) => rule.length === seen.length && rule.every((part, k) => seen[k] === part)) ||
        isTokenLike(decodeSegment(segment)))
    if (decoded[i] !== '') seen.push(decoded[i]!)
    return secretHere ? REDACTED : segment
  })
  const redacted = out.join('/') || '/'
  return redacted.length > MAX_LOGGED_PATH ? `${redacted.slice(0, MAX_LOGGED_PATH)}…` : redacted
}

/**
 * Requests logged at debug instead of info when they succeed: files of the web build (a page
 * load fetches dozens) and the health check (every open tab polls it, so do load balancers).
 */
function isRoutine(request: FastifyRequest, status: number): boolean {
  if (status >= 400) return false
  const route = request.routeOptions.url
  return route === '/*' || route === '/api/health'
}

/** pino's level numbers: a line at `level` is written when the logger's level is at or below it. */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 }
const writes = (logger: FastifyBaseLogger, level: 'debug' | 'info') => (LEVEL_VALUES[logger.level] ?? Infinity) <= LEVEL_VALUES[level]!

function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode
  const level = isRoutine(request, status) ? 'debug' : 'info'
  // Production logs warnings only: no line is built (nor its path redacted) for nobody to read.
  if (!writes(request.log, level)) return
  const line: Record<string, unknown> = { method: request.method, path: redactPath(request.url), status, ms: Math.round(reply.elapsedTime * 10) / 10 }
  // The client went away before the whole answer was written (an audio seek, a closed tab).
  if (!reply.raw.writableFinished) line.incomplete = true
  request.log[level](line, 'request')
}

/**
 * One log line per request, written when the answer is done: method, redacted path, status,
 * duration and (from the request's logger) its id. Replaces Fastify's "incoming request" and
 * "request completed" pair, which logged the whole URL; the app is built with
 * `disableRequestLogging: true`.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply))
}

/** The line of an upgraded WebSocket handshake: its reply is hijacked, so onResponse never runs. */
export function logUpgrade(request: FastifyRequest): void {
  request.log.info({ method: request.method, path: redactPath(request.url), status: 101 }, 'request')
}
