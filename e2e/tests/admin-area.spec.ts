import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { adminBrowserPage, createAdmin } from '../support/accounts'
import { formatViolations, seriousAxeViolations } from '../support/axe'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { keepPicture, TAKE_SCREENSHOTS } from '../support/screenshots'

/**
 * What the first admin tripped over (docs/product/admin.md): the people table at 1280 px, the
 * analytics funnel and event names, an outbox that said "Enviado" without SMTP and could not be
 * opened, and the admin shell (sidebar and header). The server runs without SMTP, like a first
 * install. Screenshots of every page touched go to e2e/.artifacts/screenshots at 360 and 1280 px.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const ADMIN = { email: `admin-painel-${stamp}@exemplo.com`, password: 'senha-admin-painel-1', name: 'Paula Painel' }
const DAY = 86_400_000
const cancelEnd = new Date(Date.now() + 12 * DAY)
const CLARA = { email: `clara.cancelamento-agendado-${stamp}@assinantes.exemplo.com.br`, name: 'Clara Cancelamento' }
const RUI = { email: `rui-reembolso-${stamp}@exemplo.com`, name: 'Rui Reembolso' }
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({
    people: [
      { ...CLARA, subscription: { planCode: 'anual', cancelAtPeriodEnd: true, currentPeriodEnd: cancelEnd.toISOString() } },
      { ...RUI, subscription: { planCode: 'semestral', refundRequested: true } },
    ],
  })
  await createAdmin(ADMIN.email, ADMIN.password, server.dataDir, ADMIN.name)
})
test.afterAll(async () => {
  await server?.stop()
})

function adminPage(browser: Browser): Promise<Page> {
  return adminBrowserPage(browser, server.baseURL, ADMIN)
}

/** After a resize the charts follow the new width on their next observed frame: wait for it. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: 'a página rola para o lado' })
    .toBeLessThanOrEqual(0)
}

/**
 * Checks the page does not scroll sideways at `width` and, on demand, keeps the whole page with a
 * window as tall as the page (the sticky header and sidebar are drawn where they really sit).
 */
async function screenshotAt(page: Page, name: string, width: 360 | 1280) {
  const previous = page.viewportSize()
  await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
  await expectNoSidewaysScroll(page)
  if (TAKE_SCREENSHOTS) await keepWholePage(page, name, width)
  if (previous) await page.setViewportSize(previous)
}

async function keepWholePage(page: Page, name: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0))
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width, height })
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
  await keepPicture(page, `${name}-${width}`)
}

async function screenshotBoth(page: Page, name: string) {
  await screenshotAt(page, name, 1280)
  await screenshotAt(page, name, 360)
}

/** Where an e-mail's text wraps to a new line; each must be after "@" or "-", or before ".". */
async function badEmailBreaks(email: Locator): Promise<string[]> {
  return email.evaluate((element) => {
    const text = element.textContent ?? ''
    const tops: number[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        tops.push(range.getBoundingClientRect().top)
      }
    }
    const bad: string[] = []
    for (let i = 1; i < tops.length; i++) {
      if (tops[i]! > tops[i - 1]! + 2 && !['@', '-'].includes(text[i - 1]!) && text[i] !== '.') bad.push(`${text.slice(0, i)} | ${text.slice(i)}`)
    }
    return bad
  })
}

test('Usuários: every column fits at 1280 px, with scheduled cancellations and pending refunds; cards at 360 px', async ({ browser }) => {
  const page = await adminPage(browser)
  await page.goto('/admin/users')
  // The list answers the search (typed, then sent after a pause): until then the unfiltered list
  // may already show these three rows, and the search's answer then dims the table while it comes.
  const searched = page.waitForResponse((response) => response.url().includes('/api/admin/users') && new URL(response.url()).searchParams.get('q') === stamp)
  await page.getByLabel('Buscar por nome ou e-mail').fill(stamp)
  await searched
  const clara = page.getByTestId(`user-row-${CLARA.email}`)
  const rui = page.getByTestId(`user-row-${RUI.email}`)
  await expect(clara).toBeVisible()
  await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(3)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)

  const cancelDate = cancelEnd.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  await expect(clara).toContainText(`Cancela em ${cancelDate}`)
  await expect(clara).not.toContainText('Reembolso pendente')
  await expect(rui).toContainText('Reembolso pendente')
  await expect(rui).not.toContainText('Cancela em')
  // A paid subscription that is not ending says when it renews.
  await expect(rui).toContainText(/Renova em \d{2}\/\d{2}\/\d{4}/)
  await expect(clara).not.toContainText('Renova em')

  // Nothing cut off: the table does not scroll sideways, and every action sits inside it.
  const table = page.getByRole('table', { name: 'Usuários encontrados' })
  const frame = table.locator('xpath=..')
  expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  const frameBox = (await frame.boundingBox())!
  for (const row of [clara, rui]) {
    const suspend = row.getByRole('button', { name: 'Suspender' })
    await expect(suspend).toBeInViewport({ ratio: 1 })
    const box = (await suspend.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(frameBox.x + frameBox.width)
  }
  const claraEmail = clara.getByTitle(CLARA.email)
  await expect(claraEmail).toHaveText(CLARA.email)
  expect(await badEmailBreaks(claraEmail)).toEqual([])
  expect(await badEmailBreaks(rui.getByTitle(RUI.email))).toEqual([])
  const violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await screenshotAt(page, 'admin-users', 1280)

  await page.setViewportSize({ width: 360, height: 780 })
  const card = page.getByTestId(`user-card-${CLARA.email}`)
  await expect(card).toBeVisible()
  await expect(table).toBeHidden()
  await expect(card).toContainText(`Cancela em ${cancelDate}`)
  await expect(page.getByTestId(`user-card-${RUI.email}`)).toContainText('Reembolso pendente')
  await expect(card.getByRole('button', { name: 'Suspender' })).toBeVisible()
  expect(await badEmailBreaks(card.getByTitle(CLARA.email))).toEqual([])
  await expectNoSidewaysScroll(page)
  await screenshotAt(page, 'admin-users', 360)
  await page.context().close()
})

test('Analytics: the funnel reads each step against the visits and every event has a Portuguese name', async ({ browser }) => {
  const page = await adminPage(browser)
  // Two anonymous visitors on /, one lead, three people starting a checkout: more checkouts than leads.
  const visitors = await browser.newContext({ baseURL: server.baseURL })
  for (const sessionId of [`visita-a-${stamp}`, `visita-b-${stamp}`]) {
    const sent = await visitors.request.post('/api/analytics/events', {
      data: { sessionId, events: [{ eventType: 'page_view', eventData: { path: '/' } }, { eventType: 'conversion_completed' }, { eventType: 'thank_you_cta_click' }] },
    })
    expect(sent.status()).toBe(202)
  }
  const lead = await visitors.request.post('/api/leads', { data: { name: 'Lia Funil', email: `lia-funil-${stamp}@exemplo.com`, interestField: 'carreira', consent: true } })
  expect(lead.status()).toBe(201)
  for (const who of ['ana', 'bia', 'caio']) {
    const checkout = await visitors.request.post('/api/payments/checkout', { data: { email: `${who}-funil-${stamp}@exemplo.com`, name: 'Pessoa Funil', planCode: 'anual' } })
    expect(checkout.status()).toBe(200)
  }
  await visitors.close()

  await page.goto('/admin/analytics-advanced')
  await expect(page.getByTestId('funnel-landing_view')).toHaveText('Visitas à página inicial2')
  await expect(page.getByTestId('funnel-lead')).toHaveText('Leads1 · 50% das visitas')
  // Three people after two visits: 100 % at most, never "300% da etapa anterior".
  await expect(page.getByTestId('funnel-checkout_started')).toHaveText('Checkouts iniciados3 · 100% das visitas')
  await expect(page.getByTestId('funnel-paid')).toHaveText('Pagamentos confirmados0 · 0% das visitas')
  await expect(page.getByText(/etapa anterior/)).toHaveCount(0)

  const events = page.getByRole('table', { name: 'Tipos de evento mais frequentes' })
  await expect(events.getByRole('cell', { name: 'Inscrição concluída' })).toBeVisible()
  await expect(events.getByRole('cell', { name: 'Clique na página de agradecimento' })).toBeVisible()
  await expect(events).not.toContainText('conversion_completed')
  await expect(events).not.toContainText('page_view')

  // The chart's names are whole and inside the chart: none starts left of it.
  const axisNames = page.locator('.recharts-yAxis-tick-labels').first()
  const ticks = axisNames.locator('text')
  await expect(ticks.first()).toBeVisible()
  await expect(axisNames).not.toContainText('_')
  const chartBox = (await page.locator('.recharts-wrapper').first().boundingBox())!
  for (const tick of await ticks.all()) {
    const box = (await tick.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(chartBox.x)
  }
  // Each name whole, wrapped on words onto at most two lines.
  const names = await ticks.evaluateAll((texts) => texts.map((text) => Array.from(text.querySelectorAll('tspan'), (line) => line.textContent).join(' ')))
  expect(names).toEqual(expect.arrayContaining(['Página visitada', 'Inscrição concluída', 'Clique na página de agradecimento']))
  for (const tick of await ticks.all()) expect(await tick.locator('tspan').count()).toBeLessThanOrEqual(2)
  await screenshotBoth(page, 'admin-analytics-advanced')

  await page.goto('/admin/analytics')
  await expect(page.getByRole('table', { name: 'Tipos de evento mais frequentes' }).getByRole('cell', { name: 'Página visitada' })).toBeVisible()
  await expect(page.locator('.recharts-yAxis-tick-labels').first()).toContainText('Página visitada')
  await screenshotBoth(page, 'admin-analytics')
  await page.context().close()
})

test('Caixa de saída: without SMTP nothing is "Enviado", kinds are named, and an e-mail opens with its token masked', async ({ browser }) => {
  const page = await adminPage(browser)
  const forgot = await page.request.post('/api/account/password/forgot', { data: { email: ADMIN.email } })
  expect(forgot.status()).toBe(200)

  await page.goto('/admin/communication?aba=caixa')
  await page.getByRole('tab', { name: 'Caixa de saída' }).click()
  const rows = page.getByTestId('outbox-row')
  const reset = rows.filter({ hasText: ADMIN.email }).filter({ hasText: 'Redefinição de senha' })
  await expect(reset).toHaveCount(1)
  // The dispatcher takes it within seconds; the list refreshes by itself.
  await expect(reset).toContainText('Registrado (sem SMTP)', { timeout: 20_000 })
  const welcome = rows.filter({ hasText: `lia-funil-${stamp}@exemplo.com` })
  await expect(welcome).toContainText('Boas-vindas (lead)')
  await expect(welcome).toContainText('Registrado (sem SMTP)')
  await expect(page.getByRole('table', { name: 'Caixa de saída' })).not.toContainText(/Enviado|password_reset|lead_welcome/)
  await expect(page.getByLabel('Situação').getByRole('option', { name: 'Registrado (sem SMTP)' })).toHaveCount(1)
  await screenshotBoth(page, 'admin-outbox')

  await reset.getByRole('button', { name: /^Abrir/ }).click()
  const dialog = page.getByRole('dialog', { name: /Redefin/ })
  await expect(dialog).toBeVisible()
  const body = dialog.locator('pre')
  await expect(body).toContainText('/redefinir-senha?token=[oculto]')
  expect(await body.textContent()).not.toMatch(/token=(?!\[oculto\])/)
  await expect(dialog).toContainText(ADMIN.email)
  await expect(dialog).toContainText('Registrado em')
  await expect(dialog).toContainText('Criado em')
  const violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await screenshotBoth(page, 'admin-outbox-message')
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click()
  await expect(dialog).toBeHidden()

  // Narrow: one card per e-mail, each opens the same way.
  await page.setViewportSize({ width: 360, height: 780 })
  const card = page.getByTestId('outbox-card').filter({ hasText: 'Redefinição de senha' })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: /^Abrir/ }).click()
  await expect(page.getByRole('dialog', { name: /Redefin/ }).locator('pre')).toContainText('token=[oculto]')
  await page.context().close()
})

test('the admin sidebar stays beside the page at full height and scrolls on its own; the header lines up with the layout', async ({ browser }) => {
  const page = await adminPage(browser)
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/admin/analytics-advanced')
  await expect(page.getByTestId('funnel-lead')).toBeVisible()
  const sidebar = page.getByTestId('admin-sidebar')
  const viewportHeight = 720

  // Same column as the page below: the header's content box and the admin layout's coincide.
  const header = (await page.getByTestId('app-header-column').boundingBox())!
  const layout = (await page.getByTestId('admin-layout').boundingBox())!
  expect(Math.round(header.x)).toBe(Math.round(layout.x))
  expect(Math.round(header.width)).toBe(Math.round(layout.width))

  // At the top of the page the whole sidebar is on screen, from under the header to the bottom.
  const headerBox = (await page.getByRole('banner').boundingBox())!
  const underHeader = Math.round(headerBox.y + headerBox.height)
  let box = (await sidebar.boundingBox())!
  expect(Math.round(box.y)).toBe(underHeader)
  expect(Math.round(box.y + box.height)).toBe(viewportHeight)
  // Its menu is taller than that: it scrolls by itself to "Analytics avançado", the page does not.
  expect(await sidebar.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  const last = sidebar.getByRole('link', { name: 'Analytics avançado' })
  await sidebar.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(last).toBeInViewport({ ratio: 1 })
  expect(await page.evaluate(() => window.scrollY)).toBe(0)

  // Deep in the page it is still there, in the same place.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  box = (await sidebar.boundingBox())!
  expect(Math.round(box.y)).toBe(underHeader)
  expect(Math.round(box.y + box.height)).toBe(viewportHeight)
  await expect(last).toBeInViewport({ ratio: 1 })

  // A laptop's 800 px window: the whole menu fits, down to 'Analytics avançado', without scrolling it.
  await page.setViewportSize({ width: 1280, height: 800 })
  await sidebar.evaluate((el) => el.scrollTo(0, 0))
  await expect(last).toBeInViewport({ ratio: 1 })
  expect(await sidebar.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true)
  await keepPicture(page, 'admin-menu-800')
  await page.setViewportSize({ width: 1280, height: 720 })

  // A short page: the sidebar is still as tall as the window.
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible()
  box = (await sidebar.boundingBox())!
  expect(Math.round(box.y + box.height)).toBe(viewportHeight)
  await screenshotBoth(page, 'admin-settings-shell')
  await page.context().close()
})
