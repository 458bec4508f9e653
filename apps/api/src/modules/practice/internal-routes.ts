/**
 * The test clock's door (outside production only): browser journeys move a running server's "now"
 * to see a day unlock or a reminder fall due (docs/product/practice.md, e2e/support/server-clock.ts).
 * Like the admin CLI's door (modules/accounts/internal-routes.ts) it is declared 'public' for the
 * guard but answers only a loopback caller whose body is signed with the auth secret; to anyone
 * else — and in production, where it is not registered at all — it is the 404 of an unknown route.
 */
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { AdjustableClock } from '../../lib/clock.js'
import { registerSignedInternalRoute } from '../../lib/http/signed-internal-route.js'

export const INTERNAL_CLOCK_PATH = '/api/internal/clock'

/** `{ now }` moves the clock there (it keeps ticking from it); `{ reset: true }` puts it back on real time. */
export const clockCommandSchema = z.union([z.object({ now: z.iso.datetime({ offset: true }) }).strict(), z.object({ reset: z.literal(true) }).strict()])
export type ClockCommand = z.infer<typeof clockCommandSchema>

export const practiceInternalRoutes: FastifyPluginAsync = async (app) => {
  const clock = app.clock
  if (app.config.isProduction || !(clock instanceof AdjustableClock)) return

  registerSignedInternalRoute(app, INTERNAL_CLOCK_PATH, clockCommandSchema, async (command, request, reply) => {
    if ('now' in command) clock.set(new Date(command.now))
    else clock.reset()
    request.log.info({ now: clock.now().toISOString() }, 'practice clock moved')
    return reply.send({ now: clock.now().toISOString() })
  })
}
