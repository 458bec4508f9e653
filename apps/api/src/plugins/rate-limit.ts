import fp from 'fastify-plugin'
import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import { MSG } from '@sintonia/contract'
import { HttpError } from '../lib/http/errors.js'


export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      // request.ip honours TRUST_PROXY; IPv6 clients are grouped by /64 so one host cannot rotate addresses.
      keyGenerator: (request) => (request.ip ? normalizeIP(request.ip) : 'sem-ip'),
      // Thrown, so the errors plugin answers with the usual body (429, pt-BR message); Retry-After is set.
      errorResponseBuilder: () => new HttpError(429, MSG.generic.tooManyRequests),
    })
  },
  { name: 'rate-limit' },
)
