import type { FastifyInstance } from 'fastify'
import { MSG } from '@sintonia/contract'
import { HttpError } from './errors.js'

/** No request body of the app nests deeper than a few levels; 32 leaves room and stops abuse. */
export const MAX_JSON_DEPTH = 32

/**
 * True when the JSON text nests arrays and objects deeper than `max`. One pass over the text, no
 * recursion; brackets inside strings do not count. Malformed text is left to the parser.
 */
export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c) i++ // backslash: the next character is escaped
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true
    } else if (code === 0x7d || code === 0x5d) {
      depth--
    }
  }
  return false
}

/**
 * Replaces the root JSON parser (call before any plugin is registered, so every scope inherits it):
 * a body nested deeper than MAX_JSON_DEPTH is refused with 400 before it is parsed, because code
 * that walks a parsed body recursively (validation, re-serialisation) overflowed the stack and
 * answered 500 on 5,000 nested brackets. Otherwise Fastify's own parser, with its
 * `__proto__`/`constructor` refusals.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (jsonNestingExceeds(text)) {
      done(new HttpError(400, MSG.generic.badRequest), undefined)
      return
    }
    parse(request, text, done)
  })
}
