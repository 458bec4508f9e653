import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Browser, type Page } from '@playwright/test'
import type { FieldList } from '@sintonia/contract'
import { createAdmin, signInAsAdmin } from '../support/accounts'
import { ALONE } from '../support/alone'
import { initialJsOf } from '../support/initial-js'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Realtime sync (docs/product/realtime-and-offline.md#what-each-event-refreshes, docs/realtime.md):
 * what an admin saves reaches pages open in other browsers without a reload. Each person is a
 * separate browser context.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const checkout = { email: `tempo-real-${stamp}@exemplo.com`, sessionId: `cs_e2e_tempo_real_${stamp}` }
const ana = { email: `ana-${stamp}@exemplo.com`, password: 'senha-admin-ana-1', name: 'Ana Tempo Real' }
const bruno = { email: `bruno-${stamp}@exemplo.com`, password: 'senha-admin-bruno-1', name: 'Bruno Presença' }
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }] })
  await createAdmin(ana.email, ana.password, server.dataDir, ana.name)
  await createAdmin(bruno.email, bruno.password, server.dataDir, bruno.name)
})
test.afterAll(async () => {
  await server?.stop()
})

async function adminPage(browser: Browser, account: { email: string; password: string }, path = '/admin'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL })
  const page = await context.newPage()
  await signInAsAdmin(page, account, server.baseURL)
  // The admin bar's status turns live once the socket is up.
  await expect(page.locator('[data-realtime-state="connected"]')).toBeVisible()
  if (path !== '/admin') await page.goto(path)
  return page
}

/** A page-lifetime marker: still there later means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __semRecarregar: boolean }).__semRecarregar = true))
}
async function wasReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __semRecarregar?: boolean }).__semRecarregar !== true)
}

// Measured against real time (the 2 s promise): it runs with the journeys run alone (support/alone.ts).
test("an admin renames a field and the listener's dashboard shows the new name within 2 s, without a reload", { tag: ALONE }, async ({ browser }) => {
  test.setTimeout(120_000)
  const listenerContext = await browser.newContext({ baseURL: server.baseURL })
  const listener = await listenerContext.newPage()
  const socketOpened = listener.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/realtime'))
  await onboardPaidBuyer(listener, server.baseURL, checkout, 'senha-do-ouvinte-1')
  // The page's socket (opened anonymously, then again with the new session cookie).
  await socketOpened

  const { fields } = (await (await listener.request.get(`${server.baseURL}/api/fields`)).json()) as FieldList
  const field = fields[0]!
  const grid = listener.getByRole('region', { name: 'Campos' })
  await expect(grid.getByRole('link', { name: new RegExp(field.title) })).toBeVisible()
  await markPage(listener)

  const admin = await adminPage(browser, ana, '/admin/fields')
  const newTitle = `Campo renomeado ${stamp}`
  await admin.getByRole('button', { name: `Editar ${field.title}` }).click()
  const dialog = admin.getByRole('dialog', { name: 'Editar campo' })
  await dialog.getByLabel('Título').fill(newTitle)
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click()
  const savedAt = Date.now()
  await expect(dialog).toBeHidden()

  await expect(grid.getByRole('link', { name: new RegExp(newTitle) })).toBeVisible({ timeout: 2_000 })
  expect(Date.now() - savedAt).toBeLessThan(2_000)
  await expect(grid.getByRole('link', { name: new RegExp(`^${field.title}`) })).toHaveCount(0)
  expect(await wasReloaded(listener)).toBe(false)
  await admin.context().close()
  await listenerContext.close()
})

test('the landing page updates its hero after an admin saves the landing content', async ({ browser }) => {
  test.setTimeout(120_000)
  const visitorContext = await browser.newContext({ baseURL: server.baseURL })
  const visitor = await visitorContext.newPage()
  const socketOpened = visitor.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/realtime'))
  await visitor.goto('/')
  await socketOpened
  const hero = visitor.getByRole('heading', { level: 1 })
  await expect(hero).toBeVisible()
  await markPage(visitor)

  const admin = await adminPage(browser, ana, '/admin/landing')
  const newTitle = `Sua mente em sintonia ${stamp}`
  const heroSection = admin.locator('#secao-hero')
  await heroSection.getByRole('textbox', { name: /^Título/ }).first().fill(newTitle)
  await admin.getByRole('button', { name: 'Salvar alterações' }).first().click()

  // The landing content is cached for 5 minutes; the event bypasses that cache.
  await expect(hero).toContainText(newTitle, { timeout: 5_000 })
  expect(await wasReloaded(visitor)).toBe(false)
  await admin.context().close()
  await visitorContext.close()
})

test('admins in the admin area see each other on the admin home, and the list shrinks when one leaves', async ({ browser }) => {
  test.setTimeout(120_000)
  const anaPage = await adminPage(browser, ana)
  const presence = anaPage.getByTestId('admin-presence')
  await expect(presence.getByText(ana.name)).toBeVisible()
  await expect(presence.getByText('você', { exact: true })).toBeVisible()
  await expect(presence.getByText('Só você está aqui agora.')).toBeVisible()

  const brunoPage = await adminPage(browser, bruno, '/admin/fields')
  await expect(presence.getByText(bruno.name)).toBeVisible()
  await expect(anaPage.getByTestId('admins-online-count')).toHaveText(/1/)

  await brunoPage.context().close()
  await expect(presence.getByText(bruno.name)).toHaveCount(0)
  await expect(presence.getByText('Só você está aqui agora.')).toBeVisible()
  await anaPage.context().close()
})

test("the realtime client is loaded after the landing's first paint, not in its initial JS", () => {
  const distDir = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
  // A text only the realtime feature's chunk carries (its status pill).
  const marker = 'Sem tempo real'
  for (const { file } of initialJsOf(distDir).files) {
    expect(readFileSync(join(distDir, file), 'utf8').includes(marker), `${file} carries the realtime client`).toBe(false)
  }
  const chunks = readdirSync(join(distDir, 'assets')).filter((name) => name.endsWith('.js'))
  expect(chunks.some((name) => readFileSync(join(distDir, 'assets', name), 'utf8').includes(marker))).toBe(true)
})
