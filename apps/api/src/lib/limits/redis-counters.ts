import { Redis } from 'ioredis'
import type { CounterHit, SharedCounterStore } from './shared-counters.js'

/** Every key this store writes starts with it. */
export const REDIS_KEY_NAMESPACE = 'sintonia:limite:'

/** How long one command may take before the hit is counted in this process instead (shared-counters.ts). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000
const REDIS_CONNECT_TIMEOUT_MS = 3_000

/**
 * One hit, atomically: the window's end is kept with its count in a hash, so the window follows the
 * caller's clock like the database store's (tests move it); the key also expires by Redis's own
 * clock when the window ends, so nothing is left behind.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'r'))
if resetAt and resetAt > now then
  return {redis.call('HINCRBY', KEYS[1], 'c', 1), string.format('%.0f', resetAt)}
end
resetAt = string.format('%.0f', now + window)
redis.call('HSET', KEYS[1], 'c', 1, 'r', resetAt)
redis.call('PEXPIRE', KEYS[1], window)
return {1, resetAt}
`

interface RedisWithHit extends Redis {
  sintoniaLimitHit(key: string, now: string, windowMs: string): Promise<[number, string]>
}

interface RedisLogger {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/** REDIS_URL without its password, for messages. */
export function maskedRedisUrl(url: string): string {
  return url.replace(/\/\/[^/]*@/, '//***@')
}

/**
 * Counters in Redis (REDIS_URL). Commands fail at once while the connection is down (no offline
 * queue) and after REDIS_COMMAND_TIMEOUT_MS when Redis does not answer, so a request never waits on
 * a lost Redis; the client reconnects by itself in the background.
 */
export class RedisCounterStore implements SharedCounterStore {
  readonly kind = 'redis' as const

  private constructor(private readonly redis: RedisWithHit) {}

  /**
   * Connects and checks Redis answers; throws a message naming REDIS_URL (without its password)
   * when it does not, so the server refuses to start rather than run with limits it cannot share.
   */
  static async connect(url: string, log: RedisLogger): Promise<RedisCounterStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    }) as RedisWithHit
    redis.defineCommand('sintoniaLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
    let lastError: Error | undefined
    let reportedDown = false
    /** Until connected, failures are the start's error message, not log lines. */
    let started = false
    // Without a listener ioredis prints every failed reconnection; one warning per outage is enough.
    redis.on('error', (error: Error) => {
      lastError = error
      if (redis.status === 'ready' || reportedDown) return
      reportedDown = true
      if (started) log.warn({ err: error.message, redis: maskedRedisUrl(url) }, 'limites: conexão com o Redis perdida; tentando de novo')
    })
    redis.on('ready', () => {
      if (reportedDown && started) log.info({ redis: maskedRedisUrl(url) }, 'limites: conexão com o Redis restabelecida')
      reportedDown = false
    })
    try {
      await redis.connect()
      await redis.ping()
    } catch (error) {
      redis.disconnect()
      const reason = lastError?.message ?? (error instanceof Error ? error.message : String(error))
      throw new Error(
        `não foi possível conectar ao Redis de REDIS_URL (${maskedRedisUrl(url)}): ${reason}. ` +
          'Corrija REDIS_URL ou deixe-a em branco para contar os limites no banco de dados.',
        { cause: error },
      )
    }
    started = true
    return new RedisCounterStore(redis)
  }

  async hit(key: string, windowMs: number, now: number): Promise<CounterHit> {
    const [count, resetAt] = await this.redis.sintoniaLimitHit(REDIS_KEY_NAMESPACE + key, String(now), String(windowMs))
    return { count: Number(count), resetAt: Number(resetAt) }
  }

  async prune(): Promise<void> {
    // Each key expires when its window ends.
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined)
    this.redis.disconnect()
  }
}
