/**
 * The contract's text rule (contract/common/text-input.ts) applied to every request the API
 * validates: a NUL character in any string — or key — of the body, the query or the path
 * parameters is refused with 400 and MSG.validation.invalidCharacters before validation and
 * before the handler, so it never reaches the database (PostgreSQL refuses NUL in text and jsonb,
 * which surfaced as database errors in the log). Multipart text fields get the same rule where
 * they are read (lib/uploads/receive-multipart.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { findInvalidText, TEXT_INPUT_MSG } from '@sintonia/contract'
import { HttpError } from './errors.js'

/** The request's parts the route validates; a route that declares no schema for a part (a raw webhook body, a signed internal door) keeps it as it is. */
function partsToCheck(request: FastifyRequest): { name: string; value: unknown }[] {
  const schema = request.routeOptions.schema
  if (!schema) return []
  const parts: { name: string; value: unknown }[] = []
  if (schema.params) parts.push({ name: 'params', value: request.params })
  if (schema.querystring) parts.push({ name: 'querystring', value: request.query })
  if (schema.body) parts.push({ name: 'body', value: request.body })
  return parts
}

/** The 400 for a refused text at `path` (a field name, or '' for the part itself). */
export function invalidTextError(path: string): HttpError {
  return new HttpError(400, TEXT_INPUT_MSG.invalidCharacters, [{ path, message: TEXT_INPUT_MSG.invalidCharacters }])
}

/** Call once on the root instance, before the routes: the hook then runs for every route. */
export function installTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of partsToCheck(request)) {
      const path = findInvalidText(part.value)
      if (path !== null) throw invalidTextError(path)
    }
  })
}
