import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { PRACTICE_MSG } from '@sintonia/contract'
import { startPushEndpoint, type PushEndpoint, type TestPushSubscription } from '../../apps/api/test/helpers/push-endpoint.js'
import { uniqueEmail } from '../support/accounts'
import { textOf } from '../support/mailbox'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { e2ePort } from '../support/run-paths'
import { screenshotBoth } from '../support/screenshots'
import { setServerClock } from '../support/server-clock'
import { onboardPaidBuyer } from '../support/subscriber'
import { mailSinkUrl } from '../playwright.config'

// The service worker stays on here: Web Push arrives through the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/**
 * Practice reminders end to end (docs/product/practice.md#reminders): a subscriber turns them on in
 * Minha conta; the server's scheduler (every second here, REMINDER_INTERVAL_SECONDS=1, with its
 * clock moved to the chosen time) sends a Web Push and/or an e-mail; the push becomes a
 * notification in the service worker that opens today's session; the e-mail's one-click link turns
 * e-mail reminders off without a login. Screenshots of the settings and of the unsubscribed page
 * at 360 and 1280 px go to e2e/.artifacts/screenshots.
 */
test.describe.configure({ mode: 'serial' })

const PASSWORD = 'senha-lembretes-1'
const PUSHER = { email: uniqueEmail('lembrete-push'), sessionId: `cs_e2e_lembrete_push_${Date.now().toString(36)}` }
const MAILED = { email: uniqueEmail('lembrete-email'), sessionId: `cs_e2e_lembrete_email_${Date.now().toString(36)}` }

let server: PreparedServer
let pushes: PushEndpoint
const url = (path: string) => `${server.baseURL}${path}`

test.beforeAll(async () => {
  pushes = await startPushEndpoint()
  server = await startPreparedServer(
    { paidCheckouts: [{ ...PUSHER, planCode: 'anual' }, { ...MAILED, planCode: 'anual' }] },
    // A scheduler pass every second; e-mail to this run's SMTP sink (e2e/support/mail-sink.ts); the
    // local push endpoint accepted besides the browsers' push services (test-only, ADR 024).
    {
      REMINDER_INTERVAL_SECONDS: '1',
      SMTP_URL: `smtp://127.0.0.1:${e2ePort + 1}`,
      MAIL_FROM: 'Sintonia <nao-responda@sintonia.test>',
      PUSH_TEST_ORIGIN: pushes.origin,
    },
  )
})
test.afterAll(async () => {
  await server?.stop()
  await pushes?.close()
})

/**
 * Headless Chromium cannot reach a real push service here, so the page's PushManager is replaced
 * by one that returns a subscription to the local push endpoint started by this test, with keys
 * the test generated (so it can decrypt what arrives). Everything on the server side is real: the
 * VAPID key, the subscription stored through the API, the scheduler, web-push's encryption and the
 * HTTP request to the endpoint.
 */
async function fakePushService(context: BrowserContext, subscription: TestPushSubscription) {
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null
    const made = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        current = null
        return true
      },
    } as unknown as PushSubscription
    PushManager.prototype.subscribe = async function subscribe() {
      current = made
      return made
    }
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current
    }
  }, subscription)
}

async function signIn(page: Page, checkout: { email: string; sessionId: string }) {
  await onboardPaidBuyer(page, server.baseURL, checkout, PASSWORD)
}

async function openReminderSettings(page: Page) {
  await page.goto(url('/minha-conta'))
  const section = page.getByRole('region', { name: 'Lembretes' })
  await expect(section.getByRole('switch', { name: 'Lembrete para praticar' })).toBeVisible()
  return section
}

test('Web Push: a reminder at the chosen time becomes a notification that opens today’s session', async ({ browser }) => {
  const context = await browser.newContext()
  await context.grantPermissions(['notifications'], { origin: server.baseURL })
  const browserSubscription = pushes.subscription()
  await fakePushService(context, browserSubscription)
  const page = await context.newPage()
  await signIn(page, PUSHER)

  // The server's clock well before 07:30 in São Paulo, so nothing is due while the settings are
  // saved, whatever the time of day the journey runs at.
  await setServerClock(server.baseURL, server.dataDir, new Date('2026-12-02T05:00:00Z'))
  // Enrolled on the server's date, not the real one: a day 1 enrolled on a later date would wait
  // for that date (docs/product/practice.md#day-states) and today's session would not open.
  // Today's session names a programme's day: follow the first programme.
  const enrolled = await page.evaluate(async () => {
    const list = (await (await fetch('/api/programs')).json()) as { programs: { id: string; title: string; daysCount: number }[] }
    const program = list.programs[0]!
    const res = await fetch(`/api/programs/${program.id}/enrolment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    return { status: res.status, title: program.title, daysCount: program.daysCount }
  })
  expect(enrolled.status).toBeLessThan(300)

  // The service worker must be in charge before the push manager is asked.
  await page.goto(url('/minha-conta'))
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  const section = await openReminderSettings(page)
  await screenshotBoth(page, 'lembretes-desligados')

  await section.getByRole('switch', { name: 'Lembrete para praticar' }).click()
  await section.getByLabel('Horário').fill('07:30')
  await expect(section.getByRole('checkbox', { name: /Notificação no aparelho/ })).toBeChecked()
  await expect(section.getByTestId('push-explanation')).toContainText('o navegador vai pedir permissão')
  await screenshotBoth(page, 'lembretes-configurar')
  await section.getByRole('button', { name: 'Salvar lembretes' }).click()
  await expect(section.getByRole('status').filter({ hasText: 'Pronto! Vamos lembrar você às 07:30 (todos os dias).' })).toBeVisible()
  await expect(section.getByText('Ativa em 1 aparelho.')).toBeVisible()
  await screenshotBoth(page, 'lembretes-salvos')

  // The server's clock a moment before 07:30 in São Paulo (the browser's zone, sent with the settings).
  expect(pushes.received(browserSubscription)).toHaveLength(0)
  await setServerClock(server.baseURL, server.dataDir, new Date('2026-12-02T10:29:58Z'))
  await expect.poll(() => pushes.received(browserSubscription).length, { timeout: 20_000, message: 'o lembrete não chegou ao serviço de push' }).toBe(1)
  const payload = pushes.decrypt(pushes.received(browserSubscription)[0]!) as { title: string; body: string; url: string; tag: string }
  expect(payload.title).toBe(PRACTICE_MSG.reminderTitle)
  expect(payload.body).toBe(PRACTICE_MSG.reminderBody(1, enrolled.daysCount, enrolled.title))
  expect(payload.url).toMatch(/^\/hoje\?lembrete=[0-9a-f-]{36}$/)

  // The push service's delivery to the browser, done through the DevTools protocol.
  const cdp = await context.newCDPSession(page)
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => registrations.push(...event.registrations))
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${server.baseURL}/` && !r.isDeleted)).toBe(true)
  const registration = registrations.find((r) => r.scopeURL === `${server.baseURL}/` && !r.isDeleted)!
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseURL, registrationId: registration.registrationId, data: JSON.stringify(payload) })

  const shown = async () =>
    page.evaluate(async () => {
      const notifications = await (await navigator.serviceWorker.ready).getNotifications()
      return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string } | null)?.url ?? null }))
    })
  await expect.poll(shown, { message: 'a notificação não apareceu' }).toHaveLength(1)
  expect((await shown())[0]).toEqual({ title: PRACTICE_MSG.reminderTitle, body: payload.body, tag: payload.tag, url: payload.url })

  // Opening it leads to today's session, which marks the reminder opened.
  const opened = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/practice\/reminders\/[^/]+\/opened$/.test(response.url()))
  await page.goto(url(payload.url))
  await expect(page).toHaveURL(/\/hoje\?lembrete=/)
  expect(await (await opened).json()).toEqual({ opened: true })
  await expect(page.getByRole('heading', { name: 'Sua prática de hoje' })).toBeVisible()
  await context.close()
})

test('E-mail: the reminder arrives with a one-click link that turns e-mail reminders off without a login', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, MAILED)
  // Midday in São Paulo: nothing is due while the settings are saved.
  await setServerClock(server.baseURL, server.dataDir, new Date('2026-12-03T15:00:00Z'))
  const section = await openReminderSettings(page)
  await section.getByRole('switch', { name: 'Lembrete para praticar' }).click()
  await section.getByLabel('Horário').fill('20:00')
  await section.getByRole('checkbox', { name: /Notificação no aparelho/ }).uncheck()
  await section.getByRole('checkbox', { name: /E-mail/ }).check()
  await expect(section.getByTestId('push-explanation')).toHaveCount(0)
  await section.getByRole('button', { name: 'Salvar lembretes' }).click()
  await expect(section.getByRole('status').filter({ hasText: 'Pronto! Vamos lembrar você às 20:00' })).toBeVisible()

  // 20:00 in São Paulo, on another day than the push journey's.
  await setServerClock(server.baseURL, server.dataDir, new Date('2026-12-03T22:59:58Z'))
  let raw = ''
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${mailSinkUrl}/messages`)).json()) as { raw: string }[]
        raw = messages.map((m) => m.raw).find((m) => m.includes(MAILED.email) && textOf(m).includes('/api/reminders/unsubscribe?token=')) ?? ''
        return raw !== ''
      },
      { timeout: 20_000, message: 'o lembrete por e-mail não chegou' },
    )
    .toBe(true)
  const headers = raw.replace(/\r\n/g, '\n').split('\n\n')[0]!.replace(/\n[ \t]+/g, ' ')
  expect(headers).toMatch(new RegExp(`^Subject: .*`, 'm'))
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
  const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1]
  const text = textOf(raw)
  const link = /https?:\/\/\S+\/api\/reminders\/unsubscribe\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0]
  expect(link).toBeDefined()
  expect(listUnsubscribe).toBe(link)
  expect(text).toMatch(/\/hoje\?lembrete=[0-9a-f-]{36}/)

  // The link works for anyone holding the e-mail: a fresh browser, no session.
  const stranger = await browser.newContext()
  const outside = await stranger.newPage()
  await outside.goto(link!)
  await expect(outside).toHaveURL(/\/lembretes\/cancelados$/)
  await expect(outside.getByRole('heading', { level: 1, name: 'Lembretes por e-mail cancelados' })).toBeVisible()
  await expect(outside.getByText(PRACTICE_MSG.unsubscribed)).toBeVisible()
  await screenshotBoth(outside, 'lembretes-cancelados')
  await outside.goto(url('/lembretes/cancelados?erro=1'))
  await expect(outside.getByRole('heading', { level: 1, name: 'Link inválido' })).toBeVisible()
  await screenshotBoth(outside, 'lembretes-link-invalido')
  await stranger.close()

  // Minha conta shows e-mail reminders off (no channel left: reminders off).
  const again = await openReminderSettings(page)
  await expect(again.getByRole('switch', { name: 'Lembrete para praticar' })).toHaveAttribute('aria-checked', 'false')
  await again.getByRole('switch', { name: 'Lembrete para praticar' }).click()
  await expect(again.getByRole('checkbox', { name: /E-mail/ })).not.toBeChecked()
  await context.close()
})
