import { expect, test, type Browser, type Page } from '@playwright/test'
import { PRACTICE_MSG, dayLengthLabel, type AdminAudio } from '@sintonia/contract'
import { adminBrowserPage, createAdmin } from '../support/accounts'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { screenshotBoth, toastsGoneBeforePicture } from '../support/screenshots'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * The programme editor (docs/product/practice.md#programmes): an admin builds a 3-day programme —
 * an intention, an audio and its repetitions each day — is told in pt-BR which day is still empty
 * when publishing too early, publishes it, and a listener who already has /programas open in
 * another browser sees it appear without a reload. Screenshots of the list, the editor and the
 * results at 360 and 1280 px go to e2e/.artifacts/screenshots.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const checkout = { email: `ouvinte-programas-${stamp}@exemplo.com`, sessionId: `cs_e2e_programas_${stamp}` }
const ADMIN = { email: `admin-programas-${stamp}@exemplo.com`, password: 'senha-admin-programas-1', name: 'Paula Programas' }
const TITLE = `Três Dias de Presença ${stamp}`
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }] })
  await createAdmin(ADMIN.email, ADMIN.password, server.dataDir, ADMIN.name)
})
test.afterAll(async () => {
  await server?.stop()
})

function adminPage(browser: Browser): Promise<Page> {
  return adminBrowserPage(browser, server.baseURL, ADMIN)
}

/** The editor's option text for an audio: its title and its length. */
function optionLabel(audio: AdminAudio): string {
  return `${audio.title} (${Math.floor(audio.durationSeconds / 60)}:${String(audio.durationSeconds % 60).padStart(2, '0')})`
}

/** A page-lifetime marker: still there later means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __semRecarregar: boolean }).__semRecarregar = true))
}

test('an admin builds and publishes a 3-day programme; a listener on /programas sees it appear without a reload', async ({ browser }) => {
  test.setTimeout(180_000)

  // The listener, subscribed, already looking at the programmes.
  const listenerContext = await browser.newContext({ baseURL: server.baseURL })
  const listener = await listenerContext.newPage()
  await onboardPaidBuyer(listener, server.baseURL, checkout, 'senha-do-ouvinte-programas')
  const socketOpened = listener.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/realtime'))
  await listener.goto('/programas')
  await expect(listener.getByRole('heading', { level: 1, name: 'Programas' })).toBeVisible()
  await socketOpened
  await expect(listener.getByRole('heading', { name: TITLE })).toHaveCount(0)
  await markPage(listener)

  const admin = await adminPage(browser)
  // The home says the installed catalogue is a demonstration.
  await expect(admin.getByText(/O catálogo que veio com a instalação .* é uma demonstração/)).toBeVisible()
  await admin.getByRole('navigation', { name: 'Seções da administração' }).getByRole('link', { name: 'Programas' }).click()
  await expect(admin).toHaveURL(/\/admin\/programas$/)
  await expect(admin.getByRole('heading', { level: 1, name: 'Programas' })).toBeVisible()

  const { audios } = (await (await admin.request.get('/api/admin/audios')).json()) as { audios: AdminAudio[] }
  expect(audios.length).toBeGreaterThanOrEqual(3)
  const chosen = audios.slice(0, 3)
  const repetitions = [2, 3, 1]
  const minutes = chosen.map((audio, i) => Math.round((audio.durationSeconds * repetitions[i]!) / 60))
  const lengths = chosen.map((audio, i) => dayLengthLabel(audio.durationSeconds * repetitions[i]!))

  // Novo programa: a title and 3 days.
  await admin.getByRole('button', { name: 'Novo programa' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Novo programa' })
  await expect(dialog.getByLabel(/Número de dias/)).toHaveValue('21')
  await dialog.getByLabel(/Título/).fill(TITLE)
  await dialog.getByLabel(/Número de dias/).fill('3')
  await dialog.getByRole('button', { name: 'Criar programa' }).click()
  await expect(admin).toHaveURL(/\/admin\/programas\/[0-9a-f-]{36}$/)
  await expect(admin.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(admin.getByTestId('program-day')).toHaveCount(3)

  // Days 1 and 2: an intention, an audio and its repetitions; each day's minutes follow live.
  for (const n of [1, 2]) {
    const day = admin.getByTestId('program-day').nth(n - 1)
    await admin.getByLabel(`Intenção do dia ${n}`, { exact: true }).fill(`Intenção do dia ${n}: respire e volte para si.`)
    await admin.getByRole('button', { name: `Adicionar áudio ao dia ${n}` }).click()
    await expect(admin.getByLabel(`Áudio 1 do dia ${n}`, { exact: true })).toBeFocused()
    await admin.getByLabel(`Áudio 1 do dia ${n}`, { exact: true }).selectOption({ label: optionLabel(chosen[n - 1]!) })
    await admin.getByLabel(`Repetições do áudio 1 do dia ${n}`, { exact: true }).fill(String(repetitions[n - 1]))
    await expect(day.getByTestId('day-minutes')).toHaveText(lengths[n - 1]!)
  }

  // Publishing with day 3 still empty: the server's pt-BR message, in view and focused, and the day marked.
  await admin.getByRole('button', { name: 'Publicar', exact: true }).click()
  const refusal = PRACTICE_MSG.admin.incompleteToPublish([3])
  const alert = admin.locator('form').getByRole('alert').filter({ hasText: refusal })
  await expect(alert).toBeVisible()
  await expect(alert).toBeFocused()
  await expect(alert).toBeInViewport()
  await expect(admin.getByTestId('program-day').nth(2).getByTestId('day-incomplete')).toHaveText(refusal)
  // What was typed was saved on the way: the first two days are kept.
  await expect(admin.getByText('Tudo salvo.')).toBeVisible()
  await expect(listener.getByRole('heading', { name: TITLE })).toHaveCount(0)
  await toastsGoneBeforePicture(admin)
  await screenshotBoth(admin, 'admin-programs-publish-refused')

  // Day 3, then publish.
  const day3 = admin.getByTestId('program-day').nth(2)
  await admin.getByLabel('Intenção do dia 3', { exact: true }).fill('Intenção do dia 3: agradeça o caminho.')
  await admin.getByRole('button', { name: 'Adicionar áudio ao dia 3' }).click()
  await admin.getByLabel('Áudio 1 do dia 3', { exact: true }).selectOption({ label: optionLabel(chosen[2]!) })
  await admin.getByLabel('Repetições do áudio 1 do dia 3', { exact: true }).fill(String(repetitions[2]))
  await expect(day3.getByTestId('day-minutes')).toHaveText(lengths[2]!)
  await expect(day3.getByTestId('day-incomplete')).toHaveCount(0)
  const average = Math.round(minutes.reduce((a, b) => a + b, 0) / 3)
  await expect(admin.getByTestId('program-average')).toHaveText(`média de ${average} min por dia`)
  await toastsGoneBeforePicture(admin)
  await screenshotBoth(admin, 'admin-programs-editor')

  await admin.getByRole('button', { name: 'Publicar', exact: true }).click()
  await expect(admin.getByText('Programa publicado')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Despublicar' })).toBeVisible()

  // The listener's open page shows it, without a reload.
  await expect(listener.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 5_000 })
  expect(await listener.evaluate(() => (window as unknown as { __semRecarregar?: boolean }).__semRecarregar)).toBe(true)

  // Back in the list: published, complete, its days and minutes; it moves to the top of the order.
  await admin.getByRole('link', { name: 'Todos os programas' }).click()
  const row = admin.getByTestId('program-row').filter({ hasText: TITLE })
  await expect(row).toContainText(`3 dias · ~${average} min/dia · 0 inscritos`)
  await expect(row.getByRole('switch', { name: `Visível aos ouvintes: ${TITLE}` })).toHaveAttribute('aria-checked', 'true')
  await expect(row.getByText('Incompleto')).toHaveCount(0)
  const rows = admin.getByTestId('program-row')
  const count = await rows.count()
  for (let i = 0; i < count - 1 && !((await rows.first().textContent()) ?? '').includes(TITLE); i++) {
    await Promise.all([
      admin.waitForResponse((r) => r.url().endsWith('/api/admin/programs/order') && r.status() === 200),
      row.getByRole('button', { name: `Mover ${TITLE} para cima` }).click(),
    ])
  }
  await expect(rows.first()).toContainText(TITLE)
  await admin.reload()
  await expect(admin.getByTestId('program-row').first()).toContainText(TITLE)
  await toastsGoneBeforePicture(admin)
  await screenshotBoth(admin, 'admin-programs-list')

  // Resultados: the new programme has its row (nobody enrolled yet).
  await admin.getByRole('tab', { name: 'Resultados' }).click()
  await expect(admin.getByRole('table', { name: 'Resultados por programa' }).getByRole('row').filter({ hasText: TITLE })).toBeVisible()
  await screenshotBoth(admin, 'admin-programs-insights')
  await admin.setViewportSize({ width: 360, height: 780 })
  await expect(admin.getByTestId('insights-card').filter({ hasText: TITLE })).toBeVisible()

  await listenerContext.close()
  await admin.context().close()
})

test('at 360 px the editor brings a field error into view clear of the bars', async ({ browser }) => {
  const admin = await adminPage(browser)
  await admin.goto('/admin/programas')
  await admin.getByRole('link', { name: TITLE, exact: true }).click()
  await expect(admin.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await admin.setViewportSize({ width: 360, height: 780 })
  // A repetition count out of range on the last day: its message next to the field, in view, focused.
  await admin.getByLabel('Repetições do áudio 1 do dia 3', { exact: true }).fill('40')
  await admin.getByRole('button', { name: 'Salvar', exact: true }).click()
  const field = admin.getByLabel('Repetições do áudio 1 do dia 3', { exact: true })
  await expect(admin.getByTestId('program-day').nth(2).getByText(PRACTICE_MSG.admin.repetitionsRange)).toBeVisible()
  await expect(field).toBeFocused()
  await expect(field).toBeInViewport()
  const covered = await field.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return !(hit === element || element.contains(hit))
  })
  expect(covered).toBe(false)
  await admin.context().close()
})
