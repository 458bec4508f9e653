import fp from 'fastify-plugin'

/**
 * Who may call a route. Every /api route must declare one in `config.access`; the app refuses to
 * start otherwise, so no route can be added without a decision. The guard that enforces the
 * declaration per request (sessions, roles, subscriptions) hooks in here.
 */
export type Access = 'public' | 'user' | 'subscriber' | 'admin'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
}

/** Routes registered by libraries (the OpenAPI UI) that are public by nature. */
const LIBRARY_PUBLIC_PREFIXES = ['/api/docs']

export const accessPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return
      const config = (route.config ??= {})
      if (config.access) return
      if (LIBRARY_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
        config.access = 'public'
        return
      }
      throw new Error(`A rota ${String(route.method)} ${route.url} não declara config.access`)
    })
  },
  { name: 'access' },
)
