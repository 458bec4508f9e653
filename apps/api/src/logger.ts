import type { FastifyServerOptions } from 'fastify'
import type { AppConfig } from './config.js'
import { redactPath } from './lib/http/request-log.js'

/**
 * A request logged as `{ req }` (by a library) shows its method and redacted path only: the query
 * string and some path segments are secrets (lib/http/request-log.ts).
 */
const serializers = {
  req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactPath(req.url) }),
}

/**
 * JSON logs in production, readable ones in development. Headers that carry credentials are
 * redacted so no sign-in token or webhook signature ever reaches a log line. Requests are logged
 * once each by lib/http/request-log.ts (the app disables Fastify's own pair of lines).
 */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const redact = {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["stripe-signature"]',
      'req.headers["x-sandbox-signature"]',
      'req.headers["asaas-access-token"]',
      'req.headers.access_token',
      'res.headers["set-cookie"]',
      '*.password',
      '*.newPassword',
      '*.token',
    ],
    censor: '[oculto]',
  }
  if (config.isProduction || config.env === 'test') return { level: config.logLevel, redact, serializers }
  return {
    level: config.logLevel,
    redact,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } },
  }
}
