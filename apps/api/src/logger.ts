import type { FastifyServerOptions } from 'fastify'
import type { AppConfig } from './config.js'

/**
 * JSON logs in production, readable ones in development. Headers that carry credentials are
 * redacted so no session token or webhook signature ever reaches a log line.
 */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const redact = {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["stripe-signature"]',
      'req.headers["x-sandbox-signature"]',
      'res.headers["set-cookie"]',
      '*.password',
      '*.newPassword',
      '*.token',
    ],
    censor: '[oculto]',
  }
  if (config.isProduction || config.env === 'test') return { level: config.logLevel, redact }
  return {
    level: config.logLevel,
    redact,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } },
  }
}
