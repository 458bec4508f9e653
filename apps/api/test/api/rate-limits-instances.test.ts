/**
 * Request limits counted across API instances (docs/decisions/020-shared-limits-across-instances.md).
 * Two apps take turns answering one client, as behind a round-robin balancer: the client gets the
 * limit once, not once per instance — through PostgreSQL (two apps on one database) and through
 * Redis (REDIS_URL; each app on a database of its own, so only Redis can be what they share). The
 * limits' clock is controlled, so windows end without waiting. Redis is reached through a local TCP
 * proxy the tests cut and stall, to see what a request gets when Redis goes away.
 *
 * PostgreSQL: TEST_DATABASE_URL, else the local default if it answers. Redis: TEST_REDIS_URL, else
 * the local default if it answers. Either is skipped (with a notice) only when absent, never in CI.
 * The embedded default (PGlite, no Redis) always runs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { count, like } from 'drizzle-orm'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, MSG } from '@sintonia/contract'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js'
import { rateLimitCounters } from '../../src/db/schema/index.js'
import { RATE_LIMITS } from '../../src/lib/http/rate-limits.js'
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_KEY_NAMESPACE } from '../../src/lib/limits/redis-counters.js'
import { RETRY_SHARED_STORE_AFTER_MS } from '../../src/lib/limits/shared-counters.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { createTestDatabase } from '../helpers/database.js'
import { databaseUrlFor, postgresAnswers } from '../helpers/postgres-url.js'

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379'
const explicitPostgres = process.env.TEST_DATABASE_URL
const postgresUrl = explicitPostgres ?? DEFAULT_POSTGRES_URL
const explicitRedis = process.env.TEST_REDIS_URL
const redisUrl = explicitRedis ?? DEFAULT_REDIS_URL

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

const postgresAvailable = explicitPostgres !== undefined || (await postgresAnswers(postgresUrl))
const redisAvailable = explicitRedis !== undefined || (await redisAnswers(redisUrl))
for (const [available, what] of [
  [postgresAvailable, `nenhum PostgreSQL em ${DEFAULT_POSTGRES_URL}: os limites entre instâncias no PostgreSQL foram PULADOS. Rode com TEST_DATABASE_URL=postgres://…`],
  [redisAvailable, `nenhum Redis em ${DEFAULT_REDIS_URL}: os limites entre instâncias no Redis foram PULADOS. Rode com TEST_REDIS_URL=redis://…`],
] as const) {
  if (available) continue
  if (process.env.CI === 'true') throw new Error(`AVISO: ${what} Em CI ele é obrigatório.`)
  console.warn(`AVISO: ${what}`)
}

/** The limits' clock: stands still unless a test moves it. */
class LimitsClock {
  private at = Date.now()
  readonly now = () => this.at
  advance(ms: number) {
    this.at += ms
  }
}

interface Instance {
  app: App
  database: DatabaseHandle
  /** Log lines of this instance (JSON). */
  logs: string[]
}

const dataDirs: string[] = []
const started: Instance[] = []

async function startInstance(
  database: DatabaseHandle,
  options: { clock: LimitsClock; env?: Record<string, string>; keyPrefix?: string } = { clock: new LimitsClock() },
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-limits-'))
  dataDirs.push(dataDir)
  // One secret for every instance, as a deployment shares AUTH_SECRET.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'segredo-de-teste-compartilhado-0123456789', ...options.env })
  const logs: string[] = []
  const app = await buildApp({
    config,
    database,
    storage: new LocalDiskStorage(join(dataDir, 'media')),
    webRoot: join(dataDir, 'sem-web'),
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
    rateLimits: { now: options.clock.now, ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}) },
  })
  await app.ready()
  const instance = { app, database, logs }
  started.push(instance)
  return instance
}

afterAll(async () => {
  for (const instance of started) {
    await instance.app.close().catch(() => undefined)
    await instance.database.close().catch(() => undefined)
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

let leadCounter = 0
function postLead(instance: Instance, ip: string) {
  return instance.app.inject({
    method: 'POST',
    url: API.communication.leads,
    remoteAddress: ip,
    payload: { name: 'Pessoa de Teste', email: `limite.${process.pid}.${++leadCounter}@exemplo.com.br`, consent: true },
  })
}

function signIn(instance: Instance, ip: string) {
  return instance.app.inject({
    method: 'POST',
    url: API.accounts.signIn,
    remoteAddress: ip,
    payload: { email: `ninguem.${++leadCounter}@exemplo.com.br`, password: 'chute-errado', portal: 'user' },
  })
}

type Response = Awaited<ReturnType<typeof postLead>>

function expectTooManyRequests(res: Response, maxRetryAfter = 60) {
  expect(res.statusCode).toBe(429)
  expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MSG.generic.tooManyRequests })
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter)
}

/** Requests alternate A, B, A, B…: what a round-robin balancer does with one client. */
async function alternate(instances: [Instance, Instance], times: number, send: (instance: Instance) => Promise<Response>): Promise<Response[]> {
  const answers: Response[] = []
  for (let i = 0; i < times; i++) answers.push(await send(instances[i % 2]!))
  return answers
}

/** The cases both shared stores must pass, on a pair of instances sharing one limits clock. */
function sharedLimitCases(pair: () => { a: Instance; b: Instance; clock: LimitsClock }) {
  it(`allows one client ${RATE_LIMITS.leads.max} leads a minute across both instances: the next answers 429 in pt-BR with Retry-After, on either`, async () => {
    const { a, b } = pair()
    const ip = '203.0.113.10'
    const answers = await alternate([a, b], RATE_LIMITS.leads.max, (instance) => postLead(instance, ip))
    expect(answers.map((res) => res.statusCode)).toEqual(Array(RATE_LIMITS.leads.max).fill(201))
    // The 6th goes to B (A had 3, B 2): B knows of A's requests.
    expectTooManyRequests(await postLead(b, ip))
    expectTooManyRequests(await postLead(a, ip))
    // Another client is not affected, on either instance.
    expect((await postLead(a, '203.0.113.11')).statusCode).toBe(201)
    expect((await postLead(b, '203.0.113.11')).statusCode).toBe(201)
  })

  it(`allows ${RATE_LIMITS.signIn.max} sign-in attempts a minute across both instances, then 429`, async () => {
    const { a, b } = pair()
    const ip = '203.0.113.20'
    const answers = await alternate([a, b], RATE_LIMITS.signIn.max, (instance) => signIn(instance, ip))
    expect(answers.map((res) => res.statusCode)).toEqual(Array(RATE_LIMITS.signIn.max).fill(401))
    expectTooManyRequests(await signIn(a, ip))
    expectTooManyRequests(await signIn(b, ip))
  })

  it('counts simultaneous requests to both instances exactly', async () => {
    const { a, b } = pair()
    const ip = '203.0.113.30'
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => postLead(i % 2 ? b : a, ip)))
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(RATE_LIMITS.leads.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - RATE_LIMITS.leads.max)
  })

  it('opens a new window when the old one ends, on both instances', async () => {
    const { a, b, clock } = pair()
    const ip = '203.0.113.40'
    await alternate([a, b], RATE_LIMITS.leads.max, (instance) => postLead(instance, ip))
    expectTooManyRequests(await postLead(a, ip))
    clock.advance(RATE_LIMITS.leads.timeWindow - 1_000)
    const last = await postLead(b, ip)
    expectTooManyRequests(last, 1)
    expect(last.headers['retry-after']).toBe('1')
    clock.advance(1_000)
    const again = await alternate([b, a], RATE_LIMITS.leads.max, (instance) => postLead(instance, ip))
    expect(again.map((res) => res.statusCode)).toEqual(Array(RATE_LIMITS.leads.max).fill(201))
    expectTooManyRequests(await postLead(a, ip))
  })
}

describe.skipIf(!postgresAvailable)('limits across two instances on one PostgreSQL (no REDIS_URL)', () => {
  const databaseName = `sintonia_lim_${process.pid}_${randomBytes(3).toString('hex')}`
  const clock = new LimitsClock()
  let a: Instance
  let b: Instance

  async function admin$(query: string) {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    try {
      return await client.query(query)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    await admin$(`CREATE DATABASE ${databaseName}`)
    const migrator = await openDatabase({ databaseUrl: databaseUrlFor(postgresUrl, databaseName) })
    await migrator.migrate()
    await migrator.close()
    // Each instance has its own pool, as two processes would.
    a = await startInstance(await openDatabase({ databaseUrl: databaseUrlFor(postgresUrl, databaseName) }), { clock })
    b = await startInstance(await openDatabase({ databaseUrl: databaseUrlFor(postgresUrl, databaseName) }), { clock })
  })

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue
      await instance.app.close().catch(() => undefined)
      await instance.database.close().catch(() => undefined)
    }
    await admin$(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined)
  })

  it('counts in the database', () => {
    expect(a.app.sharedLimits.kind).toBe('postgres')
    expect(b.app.sharedLimits.kind).toBe('postgres')
  })

  sharedLimitCases(() => ({ a, b, clock }))

  it('keeps one row per route and client, and prunes rows whose window ended', async () => {
    const ip = '203.0.113.50'
    await alternate([a, b], 3, (instance) => postLead(instance, ip))
    const rows = await a.database.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, `%|${ip}`))
    expect(rows).toEqual([{ key: `POST ${API.communication.leads}|${ip}`, count: 3, expiresAt: expect.any(Date) }])
    expect(a.app.sharedLimits.isDegraded || b.app.sharedLimits.isDegraded).toBe(false)

    clock.advance(RATE_LIMITS.signIn.timeWindow + 1)
    await b.app.sharedLimits.prune()
    const [left] = await a.database.db.select({ n: count() }).from(rateLimitCounters)
    expect(Number(left!.n)).toBe(0)
  })

  it("drops B's cached landing page when A changes the landing (the cache listens to the bus)", async () => {
    await b.app.landingPageCache.getOrLoad('teste', async () => ({ html: '<p>antes</p>', br: Buffer.alloc(0), gzip: Buffer.alloc(0) }))
    expect(b.app.landingPageCache.size).toBe(1)
    await a.app.domainEvents.publish('content_changed')
    await vi.waitFor(() => expect(b.app.landingPageCache.size).toBe(0), { timeout: 5_000, interval: 20 })
  })
})

/** A TCP relay in front of Redis that the tests cut (connections refused) or stall (nothing answers). */
class RedisRelay {
  private server: net.Server | null = null
  private readonly sockets = new Set<net.Socket>()
  private stalled = false
  private held: Array<() => void> = []
  port = 0

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => undefined)
      }
      // While stalled, bytes are held back, not dropped: Redis answers late, in order, as a slow Redis would.
      const relay = (to: net.Socket) => (chunk: Buffer) => {
        if (this.stalled) this.held.push(() => to.write(chunk))
        else to.write(chunk)
      }
      client.on('data', relay(upstream))
      upstream.on('data', relay(client))
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.address() as net.AddressInfo).port
    this.server = server
  }

  /** Redis goes away: open connections drop, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.destroy()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Redis stops answering without closing anything (or answers again, late replies first). */
  stall(stalled: boolean) {
    this.stalled = stalled
    if (stalled) return
    const held = this.held
    this.held = []
    for (const write of held) write()
  }
}

describe.skipIf(!redisAvailable)('limits across two instances through Redis (REDIS_URL), each on a database of its own', () => {
  const target = new URL(redisUrl)
  const relay = new RedisRelay({ host: target.hostname, port: Number(target.port || 6379) })
  const relayedUrl = () => {
    const url = new URL(redisUrl)
    url.hostname = '127.0.0.1'
    url.port = String(relay.port)
    return url.toString()
  }
  /** This run's keys only: the Redis may be shared with other runs and other programs. */
  const keyPrefix = `teste-${process.pid}-${randomBytes(4).toString('hex')}:`
  const clock = new LimitsClock()
  let direct: Redis
  let a: Instance
  let b: Instance

  async function ownKeys(): Promise<string[]> {
    const keys: string[] = []
    let cursor = '0'
    do {
      const [next, batch] = await direct.scan(cursor, 'MATCH', `${REDIS_KEY_NAMESPACE}${keyPrefix}*`, 'COUNT', 1000)
      cursor = next
      keys.push(...batch)
    } while (cursor !== '0')
    return keys
  }

  beforeAll(async () => {
    direct = new Redis(redisUrl)
    await relay.start()
    const env = { REDIS_URL: relayedUrl() }
    a = await startInstance(await createTestDatabase(), { clock, env, keyPrefix })
    b = await startInstance(await createTestDatabase(), { clock, env, keyPrefix })
  })

  afterEach(() => relay.stall(false))

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue
      await instance.app.close().catch(() => undefined)
      await instance.database.close().catch(() => undefined)
    }
    await relay.cut()
    if (direct) {
      const keys = await ownKeys()
      if (keys.length > 0) await direct.del(...keys)
      direct.disconnect()
    }
  })

  it('counts in Redis, not in either database', async () => {
    expect(a.app.sharedLimits.kind).toBe('redis')
    expect(b.app.sharedLimits.kind).toBe('redis')
    const ip = '198.51.100.5'
    await alternate([a, b], 2, (instance) => postLead(instance, ip))
    const key = `${REDIS_KEY_NAMESPACE}${keyPrefix}POST ${API.communication.leads}|${ip}`
    expect(await direct.hget(key, 'c')).toBe('2')
    expect(await direct.pttl(key)).toBeGreaterThan(0)
    for (const instance of [a, b]) {
      const [rows] = await instance.database.db.select({ n: count() }).from(rateLimitCounters)
      expect(Number(rows!.n)).toBe(0)
    }
  })

  sharedLimitCases(() => ({ a, b, clock }))

  it('never answers 500 when Redis stops answering or goes away: each instance limits on its own until Redis is back', async () => {
    // Redis stalls: the request waits for the command timeout once, then the hit counts in this process.
    relay.stall(true)
    const startedAt = Date.now()
    expect((await postLead(a, '198.51.100.60')).statusCode).toBe(201)
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50)
    expect(a.app.sharedLimits.isDegraded).toBe(true)
    // Within the retry delay the next request does not wait on Redis at all.
    const quick = Date.now()
    expect((await postLead(a, '198.51.100.60')).statusCode).toBe(201)
    expect(Date.now() - quick).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS)
    relay.stall(false)

    // Redis goes away altogether.
    await relay.cut()
    clock.advance(RETRY_SHARED_STORE_AFTER_MS)
    const ip = '198.51.100.61'
    const onA = await Promise.all(Array.from({ length: RATE_LIMITS.leads.max }, () => postLead(a, ip)))
    expect(onA.map((res) => res.statusCode)).toEqual(Array(RATE_LIMITS.leads.max).fill(201))
    // A still refuses the client past the limit…
    expectTooManyRequests(await postLead(a, ip))
    // …while B, counting on its own, has not seen it yet: the limit is per instance during the outage.
    expect((await postLead(b, ip)).statusCode).toBe(201)
    expect(a.app.sharedLimits.isDegraded && b.app.sharedLimits.isDegraded).toBe(true)
    const warned = a.logs.filter((line) => line.includes('armazenamento compartilhado indisponível'))
    expect(warned).toHaveLength(1)

    // Redis is back (same address): after the retry delay both count in Redis again.
    await relay.start()
    await vi.waitFor(
      async () => {
        clock.advance(RETRY_SHARED_STORE_AFTER_MS)
        await a.app.sharedLimits.hit('sonda', 1_000)
        await b.app.sharedLimits.hit('sonda', 1_000)
        expect(a.app.sharedLimits.isDegraded || b.app.sharedLimits.isDegraded).toBe(false)
      },
      { timeout: 15_000, interval: 200 },
    )
    const back = '198.51.100.62'
    const shared = await alternate([a, b], RATE_LIMITS.leads.max, (instance) => postLead(instance, back))
    expect(shared.map((res) => res.statusCode)).toEqual(Array(RATE_LIMITS.leads.max).fill(201))
    expectTooManyRequests(await postLead(b, back))
    expect(a.logs.some((line) => line.includes('armazenamento compartilhado de volta'))).toBe(true)
  })

  it('refuses to start when REDIS_URL does not answer, naming it without its password', async () => {
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
    const port = (closed.address() as net.AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const database = await createTestDatabase()
    const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-limits-'))
    dataDirs.push(dataDir)
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: `redis://:senha-do-redis@127.0.0.1:${port}` })
      const building = buildApp({ config, database, storage: new LocalDiskStorage(join(dataDir, 'media')), webRoot: join(dataDir, 'sem-web') })
      const error = await building.then(
        () => null,
        (reason: unknown) => reason as Error,
      )
      expect(error?.message).toMatch(/^não foi possível conectar ao Redis de REDIS_URL \(redis:\/\/\*\*\*@127\.0\.0\.1:\d+\): .*ECONNREFUSED/)
      expect(error?.message).not.toContain('senha-do-redis')
    } finally {
      await database.close()
    }
  })
})

describe('limits on the embedded default (no REDIS_URL, no DATABASE_URL)', () => {
  const clock = new LimitsClock()
  let one: Instance

  beforeAll(async () => {
    // PGlite unless this run is on PostgreSQL (TEST_DATABASE_URL); the counters take the same path.
    one = await startInstance(await createTestDatabase(), { clock })
  })

  it('counts in the embedded database and refuses the 6th lead a minute, then opens a new window', async () => {
    if (!explicitPostgres) expect(one.database.engine).toBe('pglite')
    expect(one.app.sharedLimits.kind).toBe('postgres')
    const ip = '192.0.2.70'
    for (let i = 0; i < RATE_LIMITS.leads.max; i++) expect((await postLead(one, ip)).statusCode).toBe(201)
    expectTooManyRequests(await postLead(one, ip))
    const rows = await one.database.db.select().from(rateLimitCounters)
    expect(rows).toEqual([{ key: `POST ${API.communication.leads}|${ip}`, count: RATE_LIMITS.leads.max + 1, expiresAt: expect.any(Date) }])
    clock.advance(RATE_LIMITS.leads.timeWindow)
    expect((await postLead(one, ip)).statusCode).toBe(201)
    expect(one.app.sharedLimits.isDegraded).toBe(false)
  })
})
