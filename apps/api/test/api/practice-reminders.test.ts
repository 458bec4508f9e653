/**
 * Practice reminders (docs/product/practice.md#reminders): due at the listener's chosen local time
 * on chosen weekdays, within the grace window, never for a finished day nor without access; Web
 * Push to a local push endpoint (decrypted here), e-mail through the outbox with a one-click
 * unsubscribe, a gone push endpoint forgotten, the opening recorded once.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, PRACTICE_MSG, REMINDER_GRACE_MINUTES, type PracticePreferences, type ReminderSettings } from '@sintonia/contract'
import { emailOutbox, programEnrolments, pushSubscriptions, reminderDeliveries, subscriptions } from '../../src/db/schema/index.js'
import { AdjustableClock } from '../../src/lib/clock.js'
import type { MailTransport, OutboxMessage } from '../../src/lib/mail/index.js'
import { pushSenderFromConfig } from '../../src/modules/practice/push-sender.js'
import { dueReminderDate, runDueReminders, type ReminderRunDeps } from '../../src/modules/practice/reminder-scheduler.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { nextIp, type Account } from '../helpers/auth.js'
import { catalogueAudios, repetitions, seedProgram, sendEvents } from '../helpers/practice.js'
import { startPushEndpoint, type PushEndpoint, type TestPushSubscription } from '../helpers/push-endpoint.js'
import { callAs, subscriber } from '../helpers/callers.js'
import { rememberSecret } from '../support/log-capture.js'

const clock = new AdjustableClock()
const delivered: OutboxMessage[] = []
const recordingTransport: MailTransport = {
  name: 'gravador',
  async send(message) {
    delivered.push(message)
  },
}
/** The scheduler's error log: a pass that fails for a listener says so here (checked after each pass). */
const loggedErrors: unknown[] = []
const log = { info() {}, warn() {}, error: (obj: object, msg: string) => void loggedErrors.push({ ...obj, msg }) }

let ctx: TestContext
let pushes: PushEndpoint
let deps: ReminderRunDeps
let audioA: string
let audioB: string

beforeAll(async () => {
  pushes = await startPushEndpoint()
  ctx = await buildTestApp({ seed: true, clock, mailer: { transport: recordingTransport, autoDispatch: false }, env: { PUSH_TEST_ORIGIN: pushes.origin } })
  rememberSecret('VAPID_PRIVATE_KEY', ctx.config.secrets.vapid?.privateKey)
  deps = { db: ctx.database.db, mailer: ctx.app.mailer, push: pushSenderFromConfig(ctx.config), publicUrl: ctx.config.publicUrl, log }
  const audios = await catalogueAudios(ctx)
  audioA = audios[0]!.id
  audioB = audios[1]!.id
})
afterAll(async () => {
  await ctx?.close()
  await pushes?.close()
})

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]

async function setReminders(who: Account, reminders: Partial<ReminderSettings>, timeZone = 'America/Sao_Paulo'): Promise<PracticePreferences> {
  const payload = { timeZone, reminders: { enabled: true, time: '07:30', weekdays: EVERY_DAY, channels: ['push'], ...reminders } }
  const res = await callAs(ctx, who, { method: 'PUT', url: API.practice.preferences, payload })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function subscribeBrowser(who: Account): Promise<TestPushSubscription> {
  const subscription = pushes.subscription()
  const res = await callAs(ctx, who, { method: 'POST', url: API.practice.pushSubscriptions, payload: subscription })
  expect(res.statusCode, res.body).toBe(200)
  return subscription
}

/** A scheduler pass at `iso`, as the timer would run it; returns what it sent to `who`. */
async function passAt(iso: string, who?: Account) {
  const now = new Date(iso)
  clock.set(now)
  const result = await runDueReminders(deps, now)
  expect(loggedErrors).toEqual([])
  return who ? result.sent.filter((sent) => sent.userId === who.userId) : result.sent
}

const deliveriesOf = (who: Account) => ctx.database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, who.userId))
const preferencesOf = async (who: Account): Promise<PracticePreferences> => (await callAs(ctx, who, { method: 'GET', url: API.practice.preferences })).json()

describe('the VAPID key and the browsers that receive push reminders', () => {
  it("answers the server's public key to a subscriber, and keeps a browser once per endpoint", async () => {
    const ana = await subscriber(ctx)
    const key = await callAs(ctx, ana, { method: 'GET', url: API.practice.pushKey })
    expect(key.statusCode).toBe(200)
    expect(key.json()).toEqual({ publicKey: ctx.config.secrets.vapid?.publicKey })
    expect(key.body).not.toContain(ctx.config.secrets.vapid!.privateKey)

    const subscription = pushes.subscription()
    const first = await callAs(ctx, ana, { method: 'POST', url: API.practice.pushSubscriptions, payload: subscription })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual(await preferencesOf(ana))
    expect((first.json() as PracticePreferences).pushDevices).toBe(1)
    // The same browser again (new keys after the browser renewed them) is still one device.
    const renewed = { ...pushes.subscription(), endpoint: subscription.endpoint }
    const again = await callAs(ctx, ana, { method: 'POST', url: API.practice.pushSubscriptions, payload: renewed })
    expect((again.json() as PracticePreferences).pushDevices).toBe(1)
    const [row] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))
    expect(row?.p256dh).toBe(renewed.keys.p256dh)

    const removed = await callAs(ctx, ana, { method: 'DELETE', url: API.practice.pushSubscriptions, payload: { endpoint: subscription.endpoint } })
    expect(removed.statusCode).toBe(200)
    expect((removed.json() as PracticePreferences).pushDevices).toBe(0)
  })

  it('refuses keys no browser makes, and callers without access', async () => {
    const bia = await subscriber(ctx)
    const good = pushes.subscription()
    for (const keys of [
      { p256dh: 'curta', auth: good.keys.auth },
      { p256dh: good.keys.p256dh, auth: Buffer.alloc(8).toString('base64url') },
      { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: good.keys.auth },
    ]) {
      const res = await callAs(ctx, bia, { method: 'POST', url: API.practice.pushSubscriptions, payload: { endpoint: good.endpoint, keys } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message: PRACTICE_MSG.pushEndpointInvalid })
    }
    const notUrl = await callAs(ctx, bia, { method: 'POST', url: API.practice.pushSubscriptions, payload: { endpoint: 'ftp://x', keys: good.keys } })
    expect(notUrl.statusCode).toBe(400)
    expect((await preferencesOf(bia)).pushDevices).toBe(0)

    expect((await callAs(ctx, null, { method: 'GET', url: API.practice.pushKey })).statusCode).toBe(401)
    expect((await callAs(ctx, null, { method: 'POST', url: API.practice.pushSubscriptions, payload: good })).statusCode).toBe(401)
  })
})

describe('when a reminder is due', () => {
  it("goes out at the chosen time in the listener's time zone, not before, once, and the push reads as the notification", async () => {
    const carla = await subscriber(ctx)
    await setReminders(carla, { time: '07:30' }, 'America/Sao_Paulo')
    const browser = await subscribeBrowser(carla)

    // 2026-03-10 (a Tuesday) 07:29 in São Paulo (UTC−3).
    expect(await passAt('2026-03-10T10:29:00Z', carla)).toEqual([])
    expect(pushes.received(browser)).toHaveLength(0)

    const [sent] = await passAt('2026-03-10T10:30:00Z', carla)
    expect(sent).toMatchObject({ userId: carla.userId, localDate: '2026-03-10', channels: ['push'] })
    const received = pushes.received(browser)
    expect(received).toHaveLength(1)
    expect(received[0]!.headers.authorization).toMatch(/^vapid t=.+, k=/)
    expect(Number(received[0]!.headers.ttl)).toBeGreaterThan(0)
    expect(pushes.decrypt(received[0]!)).toEqual({
      title: PRACTICE_MSG.reminderTitle,
      body: PRACTICE_MSG.reminderBodyFree,
      url: `/hoje?lembrete=${sent!.deliveryId}`,
      tag: 'lembrete-2026-03-10',
    })

    // Later passes the same day send nothing more.
    expect(await passAt('2026-03-10T10:31:00Z', carla)).toEqual([])
    expect(await passAt('2026-03-10T11:45:00Z', carla)).toEqual([])
    expect(pushes.received(browser)).toHaveLength(1)
    expect(await deliveriesOf(carla)).toEqual([expect.objectContaining({ localDate: '2026-03-10', channels: ['push'], openedAt: null })])

    // The next day, again at 07:30 local.
    expect(await passAt('2026-03-11T10:29:59Z', carla)).toEqual([])
    expect(await passAt('2026-03-11T10:30:00Z', carla)).toHaveLength(1)
    expect(pushes.received(browser)).toHaveLength(2)
  })

  it('reads the time in the zone of each listener', async () => {
    const tokyo = await subscriber(ctx)
    await setReminders(tokyo, { time: '07:30' }, 'Asia/Tokyo')
    await subscribeBrowser(tokyo)
    // 10:30 UTC is 19:30 in Tokyo: not due; 22:30 UTC the day before is 07:30 there.
    expect(await passAt('2026-03-12T10:30:00Z', tokyo)).toEqual([])
    expect(await passAt('2026-03-12T22:30:00Z', tokyo)).toMatchObject([{ localDate: '2026-03-13' }])
  })

  it("names the programme's day in the body, and is never sent for a day already done", async () => {
    const program = await seedProgram(ctx, { title: 'Respirar em 3 dias', days: [{ items: [{ audioId: audioA, repetitions: 2 }] }, { items: [{ audioId: audioB, repetitions: 1 }] }, { items: [{ audioId: audioA, repetitions: 1 }] }] })
    const dani = await subscriber(ctx)
    const edu = await subscriber(ctx)
    for (const who of [dani, edu]) {
      await setReminders(who, { time: '18:00' })
      await ctx.database.db.insert(programEnrolments).values({ userId: who.userId, programId: program.id, enrolledOn: '2026-03-14', featured: true })
    }
    const daniBrowser = await subscribeBrowser(dani)
    const eduBrowser = await subscribeBrowser(edu)
    // Edu listens to day 1 in the afternoon (São Paulo), before his reminder time; the player sends
    // the records as they happen (a time after the server's clock is recorded as the clock's).
    clock.set(new Date('2026-03-14T17:05:00Z'))
    await sendEvents(ctx, edu, repetitions(audioA, 2, new Date('2026-03-14T17:00:00Z')))

    const sent = await passAt('2026-03-14T21:00:00Z') // 18:00 in São Paulo
    expect(sent.filter((s) => s.userId === edu.userId)).toEqual([])
    expect(pushes.received(eduBrowser)).toHaveLength(0)
    expect(await deliveriesOf(edu)).toEqual([])
    const daniSent = sent.find((s) => s.userId === dani.userId)
    expect(pushes.decrypt(pushes.received(daniBrowser)[0]!)).toMatchObject({ body: PRACTICE_MSG.reminderBody(1, 3, 'Respirar em 3 dias') })
    expect((await deliveriesOf(dani))[0]).toMatchObject({ id: daniSent?.deliveryId, programId: program.id })

    // Still within the window, Edu's day stays done: nothing later either.
    expect(await passAt('2026-03-14T22:30:00Z', edu)).toEqual([])
  })

  it('without a programme, something practised today counts as done', async () => {
    const fabi = await subscriber(ctx)
    await setReminders(fabi, { time: '09:00' })
    await subscribeBrowser(fabi)
    clock.set(new Date('2026-03-16T11:05:00Z'))
    await sendEvents(ctx, fabi, repetitions(audioB, 1, new Date('2026-03-16T11:00:00Z'))) // 08:00 local
    expect(await passAt('2026-03-16T12:00:00Z', fabi)).toEqual([])
    // The next day nothing was practised yet: due.
    expect(await passAt('2026-03-17T12:00:00Z', fabi)).toHaveLength(1)
  })

  it('is not sent when reminders are off, on a weekday not chosen, nor to a listener without access', async () => {
    const gabi = await subscriber(ctx)
    await setReminders(gabi, { enabled: false, time: '08:00' })
    await subscribeBrowser(gabi)
    const hugo = await subscriber(ctx)
    // Mondays and Wednesdays only; 2026-03-17 is a Tuesday, 2026-03-18 a Wednesday.
    await setReminders(hugo, { time: '08:00', weekdays: [1, 3] })
    await subscribeBrowser(hugo)
    const ines = await subscriber(ctx)
    await setReminders(ines, { time: '08:00' })
    await subscribeBrowser(ines)
    await ctx.database.db.update(subscriptions).set({ status: 'expired', currentPeriodEnd: new Date(Date.now() - 86_400_000) }).where(eq(subscriptions.userId, ines.userId))

    const tuesday = await passAt('2026-03-17T11:00:00Z')
    const wednesday = await passAt('2026-03-18T11:00:00Z')
    expect(tuesday.filter((s) => [gabi.userId, hugo.userId, ines.userId].includes(s.userId))).toEqual([])
    expect(wednesday.filter((s) => [gabi.userId, ines.userId].includes(s.userId))).toEqual([])
    expect(wednesday.filter((s) => s.userId === hugo.userId)).toHaveLength(1)
  })

  it(`still goes out when missed by less than ${REMINDER_GRACE_MINUTES} minutes (a server that was down), and is skipped after`, async () => {
    const juca = await subscriber(ctx)
    const lia = await subscriber(ctx)
    await setReminders(juca, { time: '07:00' })
    await subscribeBrowser(juca)
    // The server comes back 30 minutes late for Juca…
    expect(await passAt('2026-03-19T10:30:00Z', juca)).toHaveLength(1)
    await setReminders(lia, { time: '07:00' })
    await subscribeBrowser(lia)
    // …and 3 hours late for Lia: her reminder of that day is skipped, later passes too.
    expect(await passAt('2026-03-20T13:00:00Z', lia)).toEqual([])
    expect(await passAt('2026-03-20T13:01:00Z', lia)).toEqual([])
    expect(await deliveriesOf(lia)).toEqual([])
    // The window ends at its last minute.
    const candidate = { timeZone: 'America/Sao_Paulo', reminderTime: '07:00', reminderWeekdays: EVERY_DAY, lastDeliveryDate: null }
    expect(dueReminderDate(candidate, new Date('2026-03-20T11:59:00Z'))).toBe('2026-03-20')
    expect(dueReminderDate(candidate, new Date('2026-03-20T12:00:00Z'))).toBeNull()
    // …and at the local midnight: a 23:30 reminder is not sent for yesterday after 00:00.
    const late = { ...candidate, reminderTime: '23:30' }
    expect(dueReminderDate(late, new Date('2026-03-21T02:45:00Z'))).toBe('2026-03-20')
    expect(dueReminderDate(late, new Date('2026-03-21T03:15:00Z'))).toBeNull()
  })
})

describe('push endpoints', () => {
  it('claims nothing for push-only reminders with no browser to push to (nothing could go out)', async () => {
    const quim = await subscriber(ctx)
    await setReminders(quim, { time: '05:00' })
    expect(await passAt('2026-03-21T08:00:00Z', quim)).toEqual([])
    expect(await deliveriesOf(quim)).toEqual([])
    // Once a browser is there, the same day's reminder still goes out within the window.
    const browser = await subscribeBrowser(quim)
    expect(await passAt('2026-03-21T08:30:00Z', quim)).toHaveLength(1)
    expect(pushes.received(browser)).toHaveLength(1)
  })

  it('forgets a browser whose push endpoint answers 410 (or 404), and keeps one that failed for another reason', async () => {
    const marta = await subscriber(ctx)
    await setReminders(marta, { time: '06:00' })
    const gone = await subscribeBrowser(marta)
    const notFound = await subscribeBrowser(marta)
    const busy = await subscribeBrowser(marta)
    pushes.answer(gone, 410)
    pushes.answer(notFound, 404)
    pushes.answer(busy, 503)
    expect((await preferencesOf(marta)).pushDevices).toBe(3)

    const [sent] = await passAt('2026-03-21T09:00:00Z', marta)
    expect(pushes.received(gone)).toHaveLength(1)
    expect(pushes.received(notFound)).toHaveLength(1)
    expect(pushes.received(busy)).toHaveLength(1)
    // No channel went out, and the reminder of the day is spent (one per day, ever).
    expect(sent?.channels).toEqual([])
    const left = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, marta.userId))
    expect(left.map((row) => row.endpoint)).toEqual([busy.endpoint])
    expect((await preferencesOf(marta)).pushDevices).toBe(1)
  })
})

describe('the e-mail reminder', () => {
  async function reminderMailsTo(who: Account) {
    return ctx.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.kind, 'practice_reminder')))
  }

  it('goes to the outbox with a one-click unsubscribe link and headers; the link turns e-mail reminders off', async () => {
    const nina = await subscriber(ctx)
    await setReminders(nina, { time: '20:00', channels: ['email'] })
    const [sent] = await passAt('2026-03-22T23:00:00Z', nina) // 20:00 in São Paulo
    expect(sent?.channels).toEqual(['email'])

    const [mail] = await reminderMailsTo(nina)
    expect(mail).toMatchObject({ subject: PRACTICE_MSG.reminderEmailSubject, status: 'pending' })
    expect(mail!.textBody).toContain(`${ctx.config.publicUrl}/hoje?lembrete=${sent!.deliveryId}`)
    const link = /https?:\/\/\S+\/api\/reminders\/unsubscribe\?token=[A-Za-z0-9_%-]+/.exec(mail!.textBody)?.[0]
    expect(link).toBeDefined()
    expect(mail!.htmlBody).toContain(link!.replace(/&/g, '&amp;'))
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

    // The transport gets the headers (SMTP adds them to the message).
    await ctx.app.mailer.dispatchPending()
    const out = delivered.find((message) => message.id === mail!.id)
    expect(out?.headers).toEqual(mail!.headers)

    // A person clicks the link: no login, lands on the confirmation page.
    const click = await ctx.app.inject({ method: 'GET', url: link!.slice(ctx.config.publicUrl.length), remoteAddress: nextIp() })
    expect(click.statusCode).toBe(303)
    expect(click.headers.location).toBe('/lembretes/cancelados')
    expect((await preferencesOf(nina)).reminders).toMatchObject({ enabled: false, channels: [] })

    // No more e-mail reminders.
    expect(await passAt('2026-03-23T23:00:00Z', nina)).toEqual([])
    expect(await reminderMailsTo(nina)).toHaveLength(1)
  })

  it("keeps push reminders on when only e-mail is cancelled, and answers a mail app's one-click POST", async () => {
    const olga = await subscriber(ctx)
    await setReminders(olga, { time: '20:00', channels: ['push', 'email'] })
    const browser = await subscribeBrowser(olga)
    await passAt('2026-03-24T23:00:00Z', olga)
    const [mail] = await reminderMailsTo(olga)
    const path = /\/api\/reminders\/unsubscribe\?token=[A-Za-z0-9_%-]+/.exec(mail!.textBody)![0]

    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextIp(),
    })
    expect(oneClick.statusCode).toBe(200)
    expect(oneClick.json()).toEqual({ message: PRACTICE_MSG.unsubscribed })
    expect((await preferencesOf(olga)).reminders).toMatchObject({ enabled: true, channels: ['push'] })
    // A second click changes nothing and is still fine.
    expect((await ctx.app.inject({ method: 'POST', url: path, remoteAddress: nextIp() })).statusCode).toBe(200)

    const [next] = await passAt('2026-03-25T23:00:00Z', olga)
    expect(next?.channels).toEqual(['push'])
    expect(pushes.received(browser)).toHaveLength(2)
    expect(await reminderMailsTo(olga)).toHaveLength(1)
  })

  it('an unknown or malformed link: the page says so (GET), the one-click answers 404', async () => {
    const unknown = `${API.practice.unsubscribe}?token=nao-existe`
    const get = await ctx.app.inject({ method: 'GET', url: unknown, remoteAddress: nextIp() })
    expect(get.statusCode).toBe(303)
    expect(get.headers.location).toBe('/lembretes/cancelados?erro=1')
    const empty = await ctx.app.inject({ method: 'GET', url: API.practice.unsubscribe, remoteAddress: nextIp() })
    expect(empty.headers.location).toBe('/lembretes/cancelados?erro=1')
    const post = await ctx.app.inject({ method: 'POST', url: unknown, remoteAddress: nextIp() })
    expect(post.statusCode).toBe(404)
    expect(post.json()).toMatchObject({ message: PRACTICE_MSG.unsubscribeInvalid })
  })

  it('the unsubscribe link is rate-limited per address like the other public routes', async () => {
    const ip = nextIp()
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await ctx.app.inject({ method: 'GET', url: `${API.practice.unsubscribe}?token=x${i}`, remoteAddress: ip })).statusCode)
    expect(statuses.slice(0, 20).every((status) => status === 303)).toBe(true)
    expect(statuses[20]).toBe(429)
  })
})

describe('opening a reminder', () => {
  it("is recorded once, for the listener's own reminder only", async () => {
    const paulo = await subscriber(ctx)
    const rita = await subscriber(ctx)
    await setReminders(paulo, { time: '12:00' })
    await subscribeBrowser(paulo)
    const [sent] = await passAt('2026-03-26T15:00:00Z', paulo)
    const url = API.practice.reminderOpened(sent!.deliveryId)

    clock.set(new Date('2026-03-26T15:05:00Z'))
    const first = await callAs(ctx, paulo, { method: 'POST', url })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ opened: true })
    clock.set(new Date('2026-03-26T16:00:00Z'))
    expect((await callAs(ctx, paulo, { method: 'POST', url })).json()).toEqual({ opened: false })
    const [row] = await deliveriesOf(paulo)
    // The first opening's time (the clock keeps ticking from 15:05), not the second's.
    expect(row!.openedAt!.getTime() - Date.parse('2026-03-26T15:05:00Z')).toBeGreaterThanOrEqual(0)
    expect(row!.openedAt!.getTime() - Date.parse('2026-03-26T15:05:00Z')).toBeLessThan(60_000)

    const other = await callAs(ctx, rita, { method: 'POST', url })
    expect(other.statusCode).toBe(404)
    expect(other.json()).toMatchObject({ message: PRACTICE_MSG.reminderNotFound })
    expect((await callAs(ctx, paulo, { method: 'POST', url: API.practice.reminderOpened(crypto.randomUUID()) })).statusCode).toBe(404)
    expect((await callAs(ctx, paulo, { method: 'POST', url: API.practice.reminderOpened('nao-e-um-id') })).statusCode).toBe(400)
    expect((await callAs(ctx, null, { method: 'POST', url })).statusCode).toBe(401)
  })
})
