import fp from 'fastify-plugin'
import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { MSG } from '@sintonia/contract'
import { isDatabaseUnavailable, isInvalidInputData, loggableError } from '../lib/pg-errors.js'
import { errorBody, HttpError } from '../lib/http/errors.js'


/** Fastify's own error codes for bad requests, with the message a person should see. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MSG.generic.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MSG.generic.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MSG.generic.badRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MSG.generic.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MSG.generic.payloadTooLarge },
  FST_ERR_BAD_URL: { status: 400, message: MSG.generic.badRequest },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: MSG.generic.badRequest },
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message ?? MSG.validation.invalidValue,
        }))
        const first = issues[0]
        const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : MSG.generic.validation
        return reply.code(400).send(errorBody(400, message, issues))
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.issues))
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined
      if (known) return reply.code(known.status).send(errorBody(known.status, known.message))
      if (isInvalidInputData(error)) {
        request.log.warn({ err: loggableError(error) }, 'input refused by the database')
        return reply.code(400).send(errorBody(400, MSG.generic.badRequest))
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: loggableError(error) }, 'database unavailable')
        return reply.code(503).header('Retry-After', '5').send(errorBody(503, MSG.generic.databaseUnavailable))
      }
      const status = error.statusCode ?? 500
      if (status === 429) return reply.code(429).send(errorBody(429, MSG.generic.tooManyRequests))
      if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        // Debug: the request's own line already says 4xx (one info line per request).
        request.log.debug({ err: loggableError(error) }, 'request refused')
        return reply.code(status).send(errorBody(status, MSG.generic.badRequest))
      }
      request.log.error({ err: loggableError(error) }, 'unhandled error')
      return reply.code(500).send(errorBody(500, MSG.generic.internal))
    })
  },
  { name: 'errors' },
)
