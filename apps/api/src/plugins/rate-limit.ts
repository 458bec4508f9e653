import fp from 'fastify-plugin'
import rateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { MSG } from '@sintonia/contract'
import { HttpError } from '../lib/http/errors.js'
import { PostgresCounterStore } from '../lib/limits/postgres-counters.js'
import { RedisCounterStore } from '../lib/limits/redis-counters.js'
import { SharedLimits, type SharedLimitsOptions } from '../lib/limits/shared-counters.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters every instance shares (Redis with REDIS_URL, the database otherwise); ADR 020. */
    sharedLimits: SharedLimits
  }
}

/** Tests give the limits a clock and a key prefix of their own (buildApp's `rateLimits`). */
export type RateLimitPluginOptions = Pick<SharedLimitsOptions, 'now' | 'keyPrefix' | 'retryAfterFailureMs'>

/** How often each instance deletes the counters of ended windows (one indexed DELETE). */
export const PRUNE_COUNTERS_EVERY_MS = 5 * 60_000

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: unknown; url?: unknown } }

/**
 * @fastify/rate-limit's store over the shared counters: a route's counters are keyed by its method
 * and URL, as the plugin's in-memory store kept one map per route. Never answers an error: a failed
 * shared store falls back to this process's counters (SharedLimits).
 */
function countedStore(limits: SharedLimits): FastifyRateLimitStoreCtor {
  return class CountedStore implements FastifyRateLimitStore {
    private readonly scope: string

    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : ''
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      limits.hit(this.scope + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(1, hit.resetAt - limits.now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const route = routeOptions.routeInfo
      const scope = route?.url ? `${String(route.method)} ${String(route.url)}|` : ''
      return new CountedStore(scope)
    }
  }
}

/**
 * Per-route request limits (lib/http/rate-limits.ts), counted across every instance
 * (docs/decisions/020-shared-limits-across-instances.md): in Redis when REDIS_URL is set — the
 * server does not start if it cannot reach it — and in the database otherwise.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const log = app.log.child({ module: 'limits' })
    const store = app.config.redisUrl ? await RedisCounterStore.connect(app.config.redisUrl, log) : new PostgresCounterStore(app.database.db)
    const limits = new SharedLimits(store, { ...options, log })
    app.decorate('sharedLimits', limits)

    let timer: NodeJS.Timeout | undefined
    let pruning: Promise<void> = Promise.resolve()
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        pruning = pruning.then(() => limits.prune())
      }, PRUNE_COUNTERS_EVERY_MS).unref()
    })
    // preClose: before the database handle is closed by whoever owns it.
    app.addHook('preClose', async () => {
      clearInterval(timer)
      await pruning
    })
    app.addHook('onClose', async () => store.close())

    await app.register(rateLimit, {
      global: false,
      store: countedStore(limits),
      // The store never fails (it falls back to this process); should it, the request goes on rather than a 500.
      skipOnError: true,
      // request.ip honours TRUST_PROXY; IPv6 clients are grouped by /64 so one host cannot rotate addresses.
      keyGenerator: (request) => (request.ip ? normalizeIP(request.ip) : 'sem-ip'),
      // Thrown, so the errors plugin answers with the usual body (429, pt-BR message); Retry-After is set.
      errorResponseBuilder: () => new HttpError(429, MSG.generic.tooManyRequests),
    })
  },
  { name: 'rate-limit' },
)
