import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { DOMAIN_EVENTS_CHANNEL } from '../../src/plugins/domain-events.js'
import type { TestContext } from '../helpers/app.js'
import { admin } from '../helpers/auth.js'
import { databaseUrlFor, postgresAnswers } from '../helpers/postgres-url.js'
import { openSocket, type TestSocket } from '../helpers/realtime.js'

/**
 * Two API processes' worth of app on ONE PostgreSQL database (ADR 005): an event published on
 * one reaches WebSocket clients of the other, presence crosses instances, and a dropped LISTEN
 * connection comes back. PGlite cannot be shared between instances, so this needs a server:
 * TEST_DATABASE_URL when set (CI's PostgreSQL pass — a connection failure there fails the test),
 * otherwise the local default if it answers; only without any reachable PostgreSQL, and never in
 * CI, is it skipped (with a printed notice).
 */
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const explicitUrl = process.env.TEST_DATABASE_URL
const serverUrl = explicitUrl ?? DEFAULT_URL

const available = explicitUrl !== undefined || (await postgresAnswers(serverUrl))
if (!available) {
  const notice = `AVISO: nenhum PostgreSQL em ${DEFAULT_URL}: o teste de duas instâncias (realtime-instances) foi PULADO. Rode com TEST_DATABASE_URL=postgres://… para prová-lo.`
  if (process.env.CI === 'true') throw new Error(`${notice} Em CI ele é obrigatório.`)
  console.warn(notice)
}

interface Instance {
  app: App
  database: DatabaseHandle
  url: string
  ctx: TestContext
}

const databaseName = `sintonia_rt_${process.pid}_${randomBytes(3).toString('hex')}`
const dataDirs: string[] = []
const sockets: TestSocket[] = []
let a: Instance
let b: Instance

async function admin$(query: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await client.query(query)
  } finally {
    await client.end()
  }
}

async function startInstance(): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-rt-'))
  dataDirs.push(dataDir)
  // One secret for both, as a deployment shares AUTH_SECRET: a sign-in made on A is valid on B.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: 'segredo-de-teste-compartilhado-0123456789' })
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName) })
  const app = await buildApp({ config, database, storage: new LocalDiskStorage(join(dataDir, 'media')), webRoot: join(dataDir, 'sem-web') })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const ctx = { app, database: { ...database, url: undefined }, storage: undefined, config, dataDir } as unknown as TestContext
  return { app, database, url, ctx }
}

async function connect(instance: Instance, cookie?: string): Promise<TestSocket> {
  const socket = await openSocket(instance.url, cookie ? { cookie } : {})
  sockets.push(socket)
  return socket
}

describe.skipIf(!available)('realtime across two API instances on one PostgreSQL', () => {
  beforeAll(async () => {
    await admin$(`CREATE DATABASE ${databaseName}`)
    const migrator = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName) })
    await migrator.migrate()
    await migrator.close()
    a = await startInstance()
    b = await startInstance()
  })

  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate()
    for (const instance of [a, b]) {
      if (!instance) continue
      await instance.app.close().catch(() => undefined)
      await instance.database.close().catch(() => undefined)
    }
    await admin$(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined)
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  it('delivers an event published on instance A to a WebSocket client of instance B', async () => {
    const onB = await connect(b)
    const onA = await connect(a)
    const started = Date.now()
    await a.app.domainEvents.publish('content_changed')
    await expect(onB.next('event')).resolves.toEqual({ type: 'event', name: 'content_changed' })
    expect(Date.now() - started).toBeLessThan(2_000)
    // …and the publishing instance's own clients get it too.
    await expect(onA.next('event')).resolves.toEqual({ type: 'event', name: 'content_changed' })

    await b.app.domainEvents.publish('plans_changed')
    await expect(onA.next('event', (m) => m.name === 'plans_changed')).resolves.toBeDefined()
  })

  it('shows an admin on A and an admin on B to each other, and forgets an instance that shuts down', async () => {
    const ana = await admin(a.ctx)
    const bruno = await admin(a.ctx)
    const anaOnA = await connect(a, ana.cookie)
    anaOnA.send({ type: 'join', channel: 'admin-sync' })
    await anaOnA.next('presence')
    // Bruno signed in through A; his cookie works on B (same database, same secret).
    const brunoOnB = await connect(b, bruno.cookie)
    brunoOnB.send({ type: 'join', channel: 'admin-sync' })
    const seenByBruno = await brunoOnB.next('presence', (m) => m.admins.length === 2)
    expect(seenByBruno.admins.map((x) => x.id)).toEqual([ana.userId, bruno.userId])
    const seenByAna = await anaOnA.next('presence', (m) => m.admins.length === 2)
    expect(seenByAna.admins.map((x) => x.id).sort()).toEqual([ana.userId, bruno.userId].sort())

    await a.app.close()
    await expect(anaOnA.closed).resolves.toMatchObject({ code: 1001 })
    const afterShutdown = await brunoOnB.next('presence', (m) => m.admins.length === 1)
    expect(afterShutdown.admins.map((x) => x.id)).toEqual([bruno.userId])
    await a.database.close()
    a = await startInstance()
  })

  it('closing the database while a LISTEN is still connecting ends it instead of waiting forever', async () => {
    for (let round = 0; round < 5; round++) {
      const handle = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName) })
      // Refused ('banco de dados fechado') or, if it won the race, ended again at once.
      const listening = handle.notifications.listen(DOMAIN_EVENTS_CHANNEL, () => undefined).then(
        (stop) => stop(),
        () => undefined,
      )
      const closed = handle.close().then(() => 'closed')
      const timeout = new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000).unref())
      await expect(Promise.race([closed, timeout])).resolves.toBe('closed')
      await listening
    }
  })

  it('listens again after the LISTEN connection is killed, tells clients to resync, and keeps delivering', async () => {
    const onB = await connect(b)
    const killed = await admin$(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = '${databaseName}' AND query ILIKE 'LISTEN%${DOMAIN_EVENTS_CHANNEL}%'`,
    )
    // One LISTEN connection per instance (A and B), each held out of its pool.
    expect(killed.rowCount).toBe(2)
    await expect(onB.next('resync', () => true, 10_000)).resolves.toEqual({ type: 'resync' })
    await a.app.domainEvents.publish('music_changed')
    await expect(onB.next('event', (m) => m.name === 'music_changed')).resolves.toBeDefined()
    const health = await b.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
  })
})
