/**
 * The test clock's door (outside production only): browser journeys move a running server's "now"
 * to see a day unlock or a reminder fall due (docs/product/practice.md, e2e/support/server-clock.ts).
 * Like the admin CLI's door (modules/accounts/internal-routes.ts) it is declared 'public' for the
 * guard but answers only a loopback caller whose body is signed with the auth secret; to anyone
 * else — and in production, where it is not registered at all — it is the 404 of an unknown route.
 */
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { MSG } from '@sintonia/contract'
import { CLI_SIGNATURE_HEADER, verifyCliSignature } from '../../lib/cli-signature.js'
import { AdjustableClock } from '../../lib/clock.js'
import { errorBody } from '../../lib/http/errors.js'
import { isDirectLoopback } from '../../lib/http/loopback.js'

export const INTERNAL_CLOCK_PATH = '/api/internal/clock'

/** `{ now }` moves the clock there (it keeps ticking from it); `{ reset: true }` puts it back on real time. */
export const clockCommandSchema = z.union([z.object({ now: z.iso.datetime({ offset: true }) }).strict(), z.object({ reset: z.literal(true) }).strict()])
export type ClockCommand = z.infer<typeof clockCommandSchema>

export const practiceInternalRoutes: FastifyPluginAsync = async (app) => {
  const clock = app.clock
  if (app.config.isProduction || !(clock instanceof AdjustableClock)) return

  app.removeAllContentTypeParsers()
  // Any content type is read as text, so a wrong one cannot produce a 415 that reveals the route.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.post(INTERNAL_CLOCK_PATH, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : ''
      const signature = request.headers[CLI_SIGNATURE_HEADER]
      if (!isDirectLoopback(request) || !verifyCliSignature(app.config.secrets.auth, raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.code(404).send(errorBody(404, MSG.generic.routeNotFound))
      }
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        return reply.code(400).send(errorBody(400, MSG.generic.invalidJson))
      }
      const parsed = clockCommandSchema.safeParse(json)
      if (!parsed.success) return reply.code(400).send(errorBody(400, parsed.error.issues[0]?.message ?? MSG.generic.validation))
      if ('now' in parsed.data) clock.set(new Date(parsed.data.now))
      else clock.reset()
      request.log.info({ now: clock.now().toISOString() }, 'practice clock moved')
      return reply.send({ now: clock.now().toISOString() })
    },
  })
}
