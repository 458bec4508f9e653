/**
 * Two API instances on ONE PostgreSQL database run the reminder scheduler at the same moment
 * (docs/decisions/018-reminder-scheduler.md): each reminder is claimed by exactly one of them, so
 * every listener gets exactly one delivery row, one push and one e-mail. PGlite cannot be shared
 * between processes, so this needs a server: TEST_DATABASE_URL when set, otherwise the local
 * default if it answers; skipped (with a notice) only without any PostgreSQL, never in CI.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, DEFAULT_PLAN_BENEFITS, PRACTICE_MSG } from '@sintonia/contract'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js'
import { emailOutbox, plans, reminderDeliveries } from '../../src/db/schema/index.js'
import { DEFAULT_PLANS } from '../../src/seed/default-plans.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { LocalDiskStorage } from '../../src/lib/storage/local-disk-storage.js'
import { pushSenderFromConfig } from '../../src/modules/practice/push-sender.js'
import { runDueReminders, type ReminderRunDeps } from '../../src/modules/practice/reminder-scheduler.js'
import type { TestContext } from '../helpers/app.js'
import { type Account } from '../helpers/auth.js'
import { databaseUrlFor, postgresAnswers } from '../helpers/postgres-url.js'
import { startPushEndpoint, type PushEndpoint, type TestPushSubscription } from '../helpers/push-endpoint.js'
import { callAs, subscriber } from '../helpers/callers.js'
import { rememberSecret } from '../support/log-capture.js'

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const explicitUrl = process.env.TEST_DATABASE_URL
const serverUrl = explicitUrl ?? DEFAULT_URL

const available = explicitUrl !== undefined || (await postgresAnswers(serverUrl))
if (!available) {
  const notice = `AVISO: nenhum PostgreSQL em ${DEFAULT_URL}: o teste de lembretes com duas instâncias (practice-reminders-instances) foi PULADO. Rode com TEST_DATABASE_URL=postgres://… para prová-lo.`
  if (process.env.CI === 'true') throw new Error(`${notice} Em CI ele é obrigatório.`)
  console.warn(notice)
}

interface Instance {
  app: App
  database: DatabaseHandle
  deps: ReminderRunDeps
  ctx: TestContext
}

const databaseName = `sintonia_rem_${process.pid}_${randomBytes(3).toString('hex')}`
const dataDirs: string[] = []
// A deployment shares its VAPID pair (and AUTH_SECRET) between instances.
const vapid = webpush.generateVAPIDKeys()
rememberSecret('VAPID_PRIVATE_KEY', vapid.privateKey)
const clock = new AdjustableClock()
const silent = { info() {}, warn() {}, error() {} }
let a: Instance
let b: Instance
let pushes: PushEndpoint

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
  const dataDir = mkdtempSync(join(tmpdir(), 'sintonia-rem-'))
  dataDirs.push(dataDir)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'segredo-de-teste-compartilhado-0123456789',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_TEST_ORIGIN: pushes.origin,
  })
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName) })
  const app = await buildApp({ config, database, storage: new LocalDiskStorage(join(dataDir, 'media')), webRoot: join(dataDir, 'sem-web'), clock, mailer: { autoDispatch: false } })
  await app.ready()
  const ctx = { app, database: { ...database, url: undefined }, storage: undefined, config, dataDir } as unknown as TestContext
  const deps = { db: database.db, mailer: app.mailer, push: pushSenderFromConfig(config), publicUrl: config.publicUrl, log: silent }
  return { app, database, deps, ctx }
}

describe.skipIf(!available)('reminders with two API instances on one PostgreSQL', () => {
  beforeAll(async () => {
    await admin$(`CREATE DATABASE ${databaseName}`)
    const migrator = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName) })
    await migrator.migrate()
    // The plans a subscription refers to (the demo catalogue itself is not needed here).
    await migrator.db
      .insert(plans)
      .values(DEFAULT_PLANS.map((plan) => ({ ...plan, benefits: [...DEFAULT_PLAN_BENEFITS], originalPriceCents: plan.priceCents, currency: 'BRL', isActive: true, hasPromotion: false })))
    await migrator.close()
    pushes = await startPushEndpoint()
    a = await startInstance()
    b = await startInstance()
  })

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue
      await instance.app.close().catch(() => undefined)
      await instance.database.close().catch(() => undefined)
    }
    await pushes?.close()
    await admin$(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined)
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  it('sends each due reminder exactly once while both instances run the scheduler at the same moments', async () => {
    const listeners: { who: Account; browser: TestPushSubscription }[] = []
    for (let i = 0; i < 6; i++) {
      // Accounts made through either instance: they share the database.
      const ctx = i % 2 === 0 ? a.ctx : b.ctx
      const who = await subscriber(ctx)
      const put = await callAs(ctx, who, {
        method: 'PUT',
        url: API.practice.preferences,
        payload: { timeZone: 'America/Sao_Paulo', reminders: { enabled: true, time: '07:30', weekdays: [0, 1, 2, 3, 4, 5, 6], channels: ['push', 'email'] } },
      })
      expect(put.statusCode, put.body).toBe(200)
      const browser = pushes.subscription()
      expect((await callAs(ctx, who, { method: 'POST', url: API.practice.pushSubscriptions, payload: browser })).statusCode).toBe(200)
      listeners.push({ who, browser })
    }
    // Both instances answer the same key, the one the browsers subscribed with.
    for (const instance of [a, b]) {
      const key = await callAs(instance.ctx, listeners[0]!.who, { method: 'GET', url: API.practice.pushKey })
      expect(key.json()).toEqual({ publicKey: vapid.publicKey })
    }

    // Several rounds from 07:30 local on (10:30 UTC), both instances' passes started together.
    const claimed: string[] = []
    for (const minute of [30, 30, 31, 32, 45]) {
      const now = new Date(`2026-04-07T10:${minute}:00Z`)
      clock.set(now)
      const [onA, onB] = await Promise.all([runDueReminders(a.deps, now), runDueReminders(b.deps, now)])
      claimed.push(...onA.sent.map((s) => `A ${s.userId}`), ...onB.sent.map((s) => `B ${s.userId}`))
    }

    const ids = listeners.map((l) => l.who.userId)
    expect(claimed).toHaveLength(listeners.length)
    expect(new Set(claimed.map((c) => c.slice(2)))).toEqual(new Set(ids))
    const rows = await a.database.db.select().from(reminderDeliveries).where(inArray(reminderDeliveries.userId, ids))
    expect(rows).toHaveLength(listeners.length)
    for (const { who, browser } of listeners) {
      const row = rows.find((r) => r.userId === who.userId)
      expect(row).toMatchObject({ localDate: '2026-04-07', channels: ['push', 'email'] })
      const received = pushes.received(browser)
      expect(received, who.email).toHaveLength(1)
      expect(pushes.decrypt(received[0]!)).toMatchObject({ title: PRACTICE_MSG.reminderTitle, url: `/hoje?lembrete=${row!.id}` })
      const mails = await a.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, who.email))
      expect(mails.filter((mail) => mail.kind === 'practice_reminder')).toHaveLength(1)
    }
  })
})
