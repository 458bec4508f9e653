/**
 * Push endpoints that reach inside (outside review, round three, low): a production server accepted
 * any https endpoint on a name and posted reminders to it — `https://localhost.:4443/x`,
 * `https://vm.:4443`, `https://metadata.google.internal/…`, `https://kubernetes.default.svc/api`, a
 * name resolving to 127.0.0.1. Now only the browsers' push services are accepted at subscribe
 * (pt-BR 400, nothing stored) and posted to at send time (a row stored before is skipped and
 * deleted, never contacted) — docs/decisions/024-push-services-allowlist.md.
 */
import { createECDH, randomUUID } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { API, PRACTICE_MSG, type PracticePreferences } from '@sintonia/contract'
import { ConfigError, loadConfig } from '../../src/config.js'
import { pushSubscriptions, reminderDeliveries } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import { pushSenderFromConfig } from '../../src/modules/practice/push-sender.js'
import { isPushServiceEndpoint } from '../../src/modules/practice/push-services.js'
import { runDueReminders, type ReminderRunDeps } from '../../src/modules/practice/reminder-scheduler.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { callAs, subscriber } from '../helpers/callers.js'
import { confirmationSent } from '../helpers/mailbox.js'
import { startSilentServer, type SilentServer } from '../helpers/silent-server.js'
import { rememberSecret } from '../support/log-capture.js'
import { changedTables, databaseChecksum } from './support/checksum.js'

const vapid = webpush.generateVAPIDKeys()
rememberSecret('VAPID_PRIVATE_KEY', vapid.privateKey)
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'segredo-de-producao-'.repeat(3),
  PUBLIC_URL: 'https://sintonia.exemplo.com.br',
  SANDBOX_WEBHOOK_SECRET: 'segredo-do-webhook-'.repeat(3),
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
}

const clock = new AdjustableClock()
let ctx: TestContext
let silent: SilentServer
let fetchSpy: MockInstance<typeof fetch>
/** Every address the process asked fetch for during the test. */
const fetched = () => fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)))

beforeAll(async () => {
  silent = await startSilentServer()
  ctx = await buildTestApp({ seed: true, clock, env: PRODUCTION_ENV })
  fetchSpy = vi.spyOn(globalThis, 'fetch')
})
afterAll(async () => {
  fetchSpy?.mockRestore()
  await ctx?.close()
  await silent?.close()
})

/** The endpoints of the report, and the same trick in its other spellings; none is a browser's push service. */
function insideEndpoints(): string[] {
  return [
    // As reported.
    'https://localhost.:4443/x',
    'https://vm.:4443',
    'https://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token',
    'https://kubernetes.default.svc/api',
    // Names resolving to 127.0.0.1, on a port where a server listens (and would count a contact).
    `https://localhost:${silent.port}/x`,
    `https://localhost.:${silent.port}/x`,
    `https://vm:${silent.port}/x`,
    // The local endpoint itself, with no PUSH_TEST_ORIGIN (never in production).
    `${silent.origin}/push/x`,
    // Addresses and near-misses of the allowed hosts.
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.7/push',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://fcm.googleapis.com./fcm/send/x',
    'https://fcm.googleapis.com.evil.example/fcm/send/x',
    'https://evil.example/fcm.googleapis.com/fcm/send/x',
    'https://usuario:senha@fcm.googleapis.com/fcm/send/x',
    'https://push.apple.com/x',
    'https://a.b.push.apple.com/x',
    'https://notify.windows.com/w/?token=x',
    'https://evil-notify.windows.com.example/w',
  ]
}

/** Browser-like keys (a P-256 point, 16 auth bytes) on `endpoint`: only the address can be wrong. */
function subscriptionOn(endpoint: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: ecdh.getPrivateKey().subarray(0, 16).toString('base64url') } }
}

const devicesOf = async (who: Account) => ((await callAs(ctx, who, { method: 'GET', url: API.practice.preferences })).json() as PracticePreferences).pushDevices

describe('push endpoints at subscribe (production)', () => {
  it('a name resolving to 127.0.0.1 is part of the replay', async () => {
    expect((await lookup('localhost', { family: 4 })).address).toBe('127.0.0.1')
  })

  it('refuses every endpoint of the report with a pt-BR 400, storing nothing and contacting nothing', async () => {
    const ana = await subscriber(ctx)
    await confirmationSent(ctx, ana.email)
    await devicesOf(ana) // the preferences row exists before the comparison starts
    const before = await databaseChecksum(ctx.database.db)
    for (const endpoint of insideEndpoints()) {
      const res = await callAs(ctx, ana, { method: 'POST', url: API.practice.pushSubscriptions, payload: subscriptionOn(endpoint) })
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json(), endpoint).toMatchObject({ message: expect.any(String) })
      // The addresses URL parsing accepts reach the rule; the others stop at the schema, both in pt-BR.
      if (URL.canParse(endpoint) && /^https?:/.test(endpoint)) expect(res.json().message, endpoint).toBe(PRACTICE_MSG.pushServiceNotAllowed)
    }
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(await devicesOf(ana)).toBe(0)
    expect(fetched()).toEqual([])
    expect(silent.connections).toBe(0)
  })

  it("accepts the browsers' push services as they hand out endpoints", async () => {
    const bia = await subscriber(ctx)
    const services = [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      `https://fcm.googleapis.com/wp/${randomUUID()}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://web.push.apple.com/${randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`,
    ]
    for (const endpoint of services) {
      const res = await callAs(ctx, bia, { method: 'POST', url: API.practice.pushSubscriptions, payload: subscriptionOn(endpoint) })
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(200)
    }
    expect(await devicesOf(bia)).toBe(services.length)
    // Subscribing never contacts the push service.
    expect(fetched()).toEqual([])
  })
})

describe('push endpoints at send time', () => {
  it('never contacts a row stored before the rule, and forgets it', async () => {
    const endpoints = insideEndpoints()
    const sender = pushSenderFromConfig(ctx.config)!
    // The sender itself refuses them, without a request.
    for (const endpoint of endpoints) {
      const row = subscriptionOn(endpoint)
      expect(await sender.send({ endpoint, p256dh: row.keys.p256dh, auth: row.keys.auth }, '{}'), endpoint).toMatchObject({ result: 'refused' })
    }

    // Rows written straight into the table, as stored before the rule: five per listener (the cap), each with push reminders due.
    const owners: Account[] = []
    for (let first = 0; first < endpoints.length; first += 5) {
      const who = await subscriber(ctx)
      const put = await callAs(ctx, who, {
        method: 'PUT',
        url: API.practice.preferences,
        payload: { timeZone: 'America/Sao_Paulo', reminders: { enabled: true, time: '07:30', weekdays: [0, 1, 2, 3, 4, 5, 6], channels: ['push'] } },
      })
      expect(put.statusCode, put.body).toBe(200)
      const rows = endpoints.slice(first, first + 5).map((endpoint) => ({ userId: who.userId, endpoint, ...subscriptionOn(endpoint).keys }))
      await ctx.database.db.insert(pushSubscriptions).values(rows)
      owners.push(who)
    }
    const ids = owners.map((who) => who.userId)
    expect(await ctx.database.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids))).toHaveLength(endpoints.length)

    const warnings: { pushHost?: string }[] = []
    const errors: unknown[] = []
    const deps: ReminderRunDeps = {
      db: ctx.database.db,
      mailer: ctx.app.mailer,
      push: sender,
      publicUrl: ctx.config.publicUrl,
      log: { info() {}, warn: (obj: object) => void warnings.push(obj), error: (obj: object) => void errors.push(obj) },
    }
    // 07:30 in São Paulo: every one of them is due.
    const now = new Date('2026-06-02T10:30:00Z')
    clock.set(now)
    const result = await runDueReminders(deps, now)

    expect(errors).toEqual([])
    expect(fetched()).toEqual([])
    expect(silent.connections).toBe(0)
    expect(await ctx.database.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids))).toEqual([])
    expect(warnings).toHaveLength(endpoints.length)
    // Push only, and nothing left to push to: nothing was claimed, as for a listener without a browser.
    expect(result.sent.filter((sent) => ids.includes(sent.userId))).toEqual([])
    for (const who of owners) expect(await ctx.database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, who.userId))).toEqual([])
  })
})

describe('PUSH_TEST_ORIGIN, the local push endpoint of tests and journeys', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'sintonia-push-origin-')), LOG_LEVEL: 'silent' }
  afterAll(() => rmSync(base.DATA_DIR, { recursive: true, force: true }))

  it('is refused at start in production', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, DATA_DIR: base.DATA_DIR, PUSH_TEST_ORIGIN: silent.origin })).toThrow(ConfigError)
    try {
      loadConfig({ ...PRODUCTION_ENV, DATA_DIR: base.DATA_DIR, PUSH_TEST_ORIGIN: silent.origin })
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^PUSH_TEST_ORIGIN: só para testes: não pode ser definido em produção/)])
    }
  })

  it('must be an origin, and admits that one origin only', () => {
    for (const value of ['127.0.0.1:4000', 'ftp://127.0.0.1:4000', `${silent.origin}/push`, `${silent.origin}?x=1`]) {
      expect(() => loadConfig({ ...base, PUSH_TEST_ORIGIN: value }), value).toThrow(ConfigError)
    }
    const config = loadConfig({ ...base, PUSH_TEST_ORIGIN: `${silent.origin}/` })
    expect(config.push.testOrigin).toBe(silent.origin)
    const origin = config.push.testOrigin
    expect(isPushServiceEndpoint(`${silent.origin}/push/1`, origin)).toBe(true)
    expect(isPushServiceEndpoint(`http://127.0.0.1:${silent.port + 1}/push/1`, origin)).toBe(false)
    expect(isPushServiceEndpoint(`http://localhost:${silent.port}/push/1`, origin)).toBe(false)
    expect(isPushServiceEndpoint(`https://127.0.0.1:${silent.port}/push/1`, origin)).toBe(false)
    expect(loadConfig(base).push.testOrigin).toBeUndefined()
  })
})
