/**
 * Reminders one listener cannot stall (outside review, round three): a listener's browsers are
 * capped (MAX_PUSH_DEVICES, the oldest replaced), and a scheduler pass claims every due reminder and
 * queues its e-mail before any push goes out, then pushes with bounded concurrency and a timeout.
 * Replayed as reported: 309 push subscriptions on an endpoint that accepts connections and never
 * answers, and another listener's e-mail reminder due at 23:57:36 local.
 */
import { createECDH, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, type PracticePreferences, type ReminderSettings } from '@sintonia/contract'
import { emailOutbox, pushSubscriptions, reminderDeliveries } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import type { EmailToSend } from '../../src/lib/mail/index.js'
import { createPushSender, PUSH_TIMEOUT_MS } from '../../src/modules/practice/push-sender.js'
import { createReminderScheduler, PUSH_CONCURRENCY, runDueReminders, type ReminderRunDeps } from '../../src/modules/practice/reminder-scheduler.js'
import { MAX_PUSH_DEVICES } from '../../src/modules/practice/reminders-service.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import type { Account } from '../helpers/auth.js'
import { callAs, subscriber } from '../helpers/callers.js'
import { startSilentServer, type SilentServer } from '../helpers/silent-server.js'
import { rememberSecret } from '../support/log-capture.js'

/** The push timeout of this test: shorter than production's PUSH_TIMEOUT_MS, so the replay runs in seconds. */
const TEST_PUSH_TIMEOUT_MS = 400
/**
 * How long the victim's e-mail may take once due. Generous for a loaded machine; before the fix it
 * took 309 pushes × the timeout (here 124 s; in production 309 × 10 s, past the 120-minute grace).
 */
const BOUND_MS = 10_000

const clock = new AdjustableClock()
const loggedErrors: unknown[] = []
const log = { info() {}, warn() {}, error: (obj: object, msg: string) => void loggedErrors.push({ ...obj, msg }) }

let ctx: TestContext
let silent: SilentServer
let deps: ReminderRunDeps
/** What the pass did, in order: `mail <to>` when an e-mail is queued. */
const events: string[] = []
const mailWaiters = new Map<string, () => void>()

beforeAll(async () => {
  silent = await startSilentServer()
  // The silent server is this test's push endpoint (PUSH_TEST_ORIGIN; otherwise only browsers' push services are contacted).
  ctx = await buildTestApp({ seed: true, clock, mailer: { autoDispatch: false }, env: { PUSH_TEST_ORIGIN: silent.origin } })
  const vapid = ctx.config.secrets.vapid!
  rememberSecret('VAPID_PRIVATE_KEY', vapid.privateKey)
  const mailer = {
    async enqueue(db: Parameters<typeof ctx.app.mailer.enqueue>[0], email: EmailToSend) {
      const queued = await ctx.app.mailer.enqueue(db, email)
      events.push(`mail ${email.to}`)
      mailWaiters.get(email.to)?.()
      return queued
    },
  }
  deps = {
    db: ctx.database.db,
    mailer,
    push: createPushSender({ publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: ctx.config.push.subject, timeoutMs: TEST_PUSH_TIMEOUT_MS, testOrigin: ctx.config.push.testOrigin }),
    publicUrl: ctx.config.publicUrl,
    log,
  }
})
afterAll(async () => {
  await ctx?.close()
  await silent?.close()
})

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]

async function setReminders(who: Account, reminders: Partial<ReminderSettings>) {
  const payload = { timeZone: 'America/Sao_Paulo', reminders: { enabled: true, time: '07:30', weekdays: EVERY_DAY, channels: ['push'], ...reminders } }
  const res = await callAs(ctx, who, { method: 'PUT', url: API.practice.preferences, payload })
  expect(res.statusCode, res.body).toBe(200)
}

/** A browser-like subscription (P-256 key, 16-byte auth secret) whose endpoint is on `origin`. */
function browserAt(origin: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { endpoint: `${origin}/push/${randomUUID()}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: ecdh.getPrivateKey().subarray(0, 16).toString('base64url') } }
}

const endpointsOf = async (who: Account) =>
  (await ctx.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.userId))).map((row) => row.endpoint).sort()
const deliveriesOf = (who: Account) => ctx.database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, who.userId))
const reminderMailsTo = (who: Account) =>
  ctx.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.kind, 'practice_reminder')))

/** Resolves when the pass queues an e-mail to `who`; rejects after `ms` so a stalled pass fails the test instead of hanging it. */
function mailQueuedFor(who: Account, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`o lembrete por e-mail de ${who.email} não saiu em ${ms} ms`)), ms)
    mailWaiters.set(who.email, () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/** `work`, failing after `ms` (a guard against a pass that never ends, not a measure). */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const guard = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: não terminou em ${ms} ms`)), ms)))
  try {
    return await Promise.race([work, guard])
  } finally {
    clearTimeout(timer)
  }
}

/** 309 subscriptions stored before the cap (written straight into the table), all on the silent server. */
async function storeLegacyBrowsers(who: Account, count: number) {
  const rows = Array.from({ length: count }, () => {
    const browser = browserAt(silent.origin)
    return { userId: who.userId, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth }
  })
  await ctx.database.db.insert(pushSubscriptions).values(rows)
}

describe('the browsers of one listener', () => {
  it(`are at most ${MAX_PUSH_DEVICES}: a 6th subscription replaces the oldest (through the real subscribe route)`, async () => {
    expect(MAX_PUSH_DEVICES).toBe(5)
    const ana = await subscriber(ctx)
    const bia = await subscriber(ctx)
    const biaBrowser = browserAt(silent.origin)
    expect((await callAs(ctx, bia, { method: 'POST', url: API.practice.pushSubscriptions, payload: biaBrowser })).statusCode).toBe(200)

    const browsers = Array.from({ length: 6 }, () => browserAt(silent.origin))
    for (const [index, browser] of browsers.slice(0, 5).entries()) {
      const res = await callAs(ctx, ana, { method: 'POST', url: API.practice.pushSubscriptions, payload: browser })
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as PracticePreferences).pushDevices).toBe(index + 1)
    }
    // The oldest browser renewing its keys is still one of the five; nothing is replaced.
    const renewed = { ...browserAt(silent.origin), endpoint: browsers[0]!.endpoint }
    expect(((await callAs(ctx, ana, { method: 'POST', url: API.practice.pushSubscriptions, payload: renewed })).json() as PracticePreferences).pushDevices).toBe(5)
    expect(await endpointsOf(ana)).toEqual(browsers.slice(0, 5).map((b) => b.endpoint).sort())

    const sixth = await callAs(ctx, ana, { method: 'POST', url: API.practice.pushSubscriptions, payload: browsers[5] })
    expect(sixth.statusCode, sixth.body).toBe(200)
    expect((sixth.json() as PracticePreferences).pushDevices).toBe(5)
    expect(await endpointsOf(ana)).toEqual(browsers.slice(1).map((b) => b.endpoint).sort())
    // Another listener's browser is left alone.
    expect(await endpointsOf(bia)).toEqual([biaBrowser.endpoint])
    // Subscribing never contacts the endpoint.
    expect(silent.connections).toBe(0)
  })
})

describe('a listener whose push endpoints never answer', () => {
  it('does not hold back another listener’s e-mail reminder, and the pass ends (one pass, both due)', async () => {
    expect(PUSH_TIMEOUT_MS).toBe(4_000)
    const staller = await subscriber(ctx)
    const victim = await subscriber(ctx)
    // Tuesdays only (2026-05-12), so the next test's passes leave them alone.
    await setReminders(staller, { time: '23:55', channels: ['push'], weekdays: [2] })
    await storeLegacyBrowsers(staller, 309)
    await setReminders(victim, { time: '23:57', channels: ['email'], weekdays: [2] })

    // 2026-05-12 (a Tuesday) 23:57:36 in São Paulo (UTC−3): both are due.
    const now = new Date('2026-05-13T02:57:36Z')
    clock.set(now)
    const requestsBefore = silent.requests
    const victimMail = mailQueuedFor(victim, BOUND_MS)
    const started = performance.now()
    const pass = runDueReminders(deps, now)
    await victimMail
    // Phase 1 queued the e-mail before any push was attempted.
    expect(silent.requests - requestsBefore).toBe(0)

    const result = await within(BOUND_MS, 'a passagem do agendador', pass)
    const tookMs = performance.now() - started
    expect(loggedErrors).toEqual([])
    // Only the five most recent of the 309 browsers were pushed to, all at once, each cut by the timeout.
    expect(silent.requests - requestsBefore).toBeGreaterThan(0)
    expect(silent.requests - requestsBefore).toBeLessThanOrEqual(MAX_PUSH_DEVICES)
    expect(MAX_PUSH_DEVICES).toBeLessThanOrEqual(PUSH_CONCURRENCY)
    expect(tookMs).toBeLessThan(BOUND_MS)
    expect(await endpointsOf(staller)).toHaveLength(MAX_PUSH_DEVICES)

    expect(result.sent.find((sent) => sent.userId === victim.userId)).toMatchObject({ localDate: '2026-05-12', channels: ['email'] })
    expect(await reminderMailsTo(victim)).toHaveLength(1)
    // The staller's reminder is spent (claimed once), though no push went through.
    expect(await deliveriesOf(staller)).toEqual([expect.objectContaining({ localDate: '2026-05-12', channels: [] })])
  })

  it('does not stop the scheduler from sending a reminder that falls due while its pass is pushing (as reported: due at 23:57:36)', async () => {
    const staller = await subscriber(ctx)
    const victim = await subscriber(ctx)
    await setReminders(staller, { time: '23:50', channels: ['push'] })
    await storeLegacyBrowsers(staller, 309)
    await setReminders(victim, { time: '23:57', channels: ['email'] })

    const scheduler = createReminderScheduler({ run: () => runDueReminders(deps, clock.now()), intervalMs: 50, log })
    // 2026-05-14 (a Thursday) 23:50 in São Paulo: only the staller is due; its pass reaches the silent endpoint.
    clock.set(new Date('2026-05-15T02:50:00Z'))
    const requestsBefore = silent.requests
    scheduler.start()
    try {
      await within(BOUND_MS, 'o primeiro push', silent.reached(requestsBefore + 1))
      // While that pass waits on the endpoint, the victim's reminder falls due.
      const victimMail = mailQueuedFor(victim, BOUND_MS)
      clock.set(new Date('2026-05-15T02:57:36Z'))
      const dueAt = performance.now()
      await victimMail
      expect(performance.now() - dueAt).toBeLessThan(BOUND_MS)
    } finally {
      await within(BOUND_MS, 'a parada do agendador', scheduler.stop())
    }
    expect(loggedErrors).toEqual([])
    expect(await reminderMailsTo(victim)).toHaveLength(1)
    expect(await deliveriesOf(victim)).toEqual([expect.objectContaining({ localDate: '2026-05-14', channels: ['email'] })])
    expect(silent.requests - requestsBefore).toBeLessThanOrEqual(MAX_PUSH_DEVICES)
  })
})
