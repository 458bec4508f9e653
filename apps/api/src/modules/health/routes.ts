import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, healthSchema, type Health } from '@sintonia/contract'

const PING_TIMEOUT_MS = 2_000
const VERSION = process.env.npm_package_version ?? '0.0.0'

async function databaseIsUp(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)
  })
  try {
    return await Promise.race([ping().then(() => true), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: API.health,
    // The browser's connectivity check (HEAD, 5 s timeout) and load balancers use this.
    config: { access: 'public' },
    schema: {
      tags: ['saúde'],
      summary: 'Saúde do serviço e do banco de dados',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_request, reply) => {
      const up = await databaseIsUp(() => app.database.ping())
      const body: Health = {
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      }
      return reply.code(up ? 200 : 503).header('Cache-Control', 'no-store').send(body)
    },
  })
}
