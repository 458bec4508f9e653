import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test'
import { programmeDaySession, type ProgramDetail, type SessionManifest } from '@sintonia/contract'
import { submitLogin } from '../support/accounts'
import { PRACTICE_CLIP } from '../support/preparation'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { expectNoSidewaysScroll, keepPicture, screenshotBoth } from '../support/screenshots'
import { setServerClock } from '../support/server-clock'
import { onboardPaidBuyer } from '../support/subscriber'

// The service worker stays on here: a day listened offline needs the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/**
 * The daily practice as a subscriber lives it (docs/product/practice.md): a programme is started
 * from /programas, today's card says 'Dia 1 de 21', the day's session plays to its end in the
 * player and the day is done; the next local day (the browser's clock and the server's moved
 * together) opens day 2 while day 3 stays closed; another browser sees the same progress; a day
 * listened offline counts once the connection is back; under the Today card the dashboard lists the
 * other programmes (not followed yet, then in progress). Screenshots at 360 and 1280 px.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const checkout = { email: `pratica-${stamp}@exemplo.com`, sessionId: `cs_e2e_pratica_${stamp}` }
const PASSWORD = 'senha-da-pratica'
const PROGRAM = { title: 'Pausas de 21 dias', slug: 'pausas-de-21-dias', days: 21, repetitions: 2 }
/**
 * Day 1 is played "yesterday" (both clocks 24 h back) and day 2 today (both back on real time):
 * the next local day is reached without any clock ahead of the real one, so nothing the browser
 * sends is dated in the future.
 */
const DAY_MS = 86_400_000
const yesterday = new Date(Date.now() - DAY_MS)
let server: PreparedServer
/** The subscriber's browser, kept across the steps below (its clock is the context's). */
let context: BrowserContext
let page: Page

test.beforeAll(async ({ browser }) => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }], practicePrograms: [PROGRAM] })
  await setServerClock(server.baseURL, server.dataDir, yesterday)
  // Full motion (the journeys' default is reduced motion): day 1's celebration moves gently.
  context = await browser.newContext({ reducedMotion: 'no-preference' })
  await context.clock.install({ time: yesterday })
  page = await context.newPage()
})
test.afterAll(async () => {
  await context?.close()
  await server?.stop()
})

const todayCard = (page: Page) => page.getByTestId('today-card')
const dashboardPrograms = (page: Page) => page.getByRole('region', { name: 'Programas' })
const programDay = (page: Page, day: number) => page.locator(`[data-testid="program-day"][data-day="${day}"]`)

/**
 * Plays today's session from the Today card to the celebration: every repetition of the day's
 * clip runs to its end (the progress bar is moved close to each repetition's end, which the
 * session's manifest gives, to save time, as a listener may), and the counter follows the day's count.
 */
async function playTodayToTheEnd(page: Page, day: number, { beforeLast }: { beforeLast?: () => Promise<void> } = {}): Promise<SessionManifest> {
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST' && response.ok())
  await todayCard(page).getByRole('link', { name: /Começar a prática de hoje|Continuar de onde parei/ }).click()
  await expect(page).toHaveURL(/\/hoje$/)
  // The day is one session: the clip's repetitions and the music in one stream.
  const manifest = (await (await asked).json()) as SessionManifest
  expect(manifest.items.map((item) => item.repetitions)).toEqual([PROGRAM.repetitions])
  const ends = manifest.items[0]!.repetitionEnds
  await expect(page.getByText(`Dia ${day} de ${PROGRAM.days} · ${PROGRAM.title}`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRACTICE_CLIP.title)
  // One tap on the card was enough: the session plays by itself.
  await expect(page.getByTestId('player-status')).toHaveText('Reproduzindo', { timeout: 15_000 })
  const counter = page.getByTestId('repeat-counter')
  const progress = page.getByLabel('Progresso do áudio')
  for (let heard = 0; heard < PROGRAM.repetitions; heard++) {
    await expect(counter).toContainText(`Repetições: ${heard}`)
    await expect(counter).toContainText(`/ ${PROGRAM.repetitions}`)
    await expect(progress).toBeEnabled()
    await expect(page.getByTestId('player-status')).toHaveText(/Reproduzindo|Preparando a próxima repetição/, { timeout: 15_000 })
    if (heard === PROGRAM.repetitions - 1) await beforeLast?.()
    // Close to the end of this repetition: it is still heard to its end.
    await progress.fill(String(Math.floor(ends[heard]!) - 1))
    if (heard < PROGRAM.repetitions - 1) await expect(counter).toContainText(`Repetições: ${heard + 1}`, { timeout: 15_000 })
  }
  return manifest
}

/**
 * Renders a day's session whole, as the server renders every programme day ahead of its listeners
 * (docs/product/sessions.md#rendered-ahead; journeys run with that off): the day's request at the
 * default settings, read to its end, until its manifest carries the stored file's signed address.
 */
async function renderDayAhead(day: number) {
  const detail = (await (await context.request.get(`${server.baseURL}/api/programs/${PROGRAM.slug}`)).json()) as ProgramDetail
  const request = programmeDaySession(detail.days[day - 1]!.items.map((item) => ({ audioId: item.audio.id, repetitions: item.repetitions })))
  const ask = async () => (await (await context.request.post(`${server.baseURL}/api/sessions`, { data: request })).json()) as SessionManifest
  expect((await context.request.get(`${server.baseURL}${(await ask()).url}`)).ok()).toBe(true)
  await expect.poll(async () => (await ask()).direct?.url ?? null, { timeout: 30_000 }).toMatch(/^\/api\/files\/sessions\//)
}

test('a subscriber starts a programme, plays day 1 to its end, and the day is done', async () => {
  test.setTimeout(240_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, PASSWORD)

  // No programme yet: the first card invites to choose one.
  await expect(todayCard(page).getByRole('link', { name: /Conhecer os programas/ })).toBeVisible()
  await screenshotBoth(page, 'pratica-inicio-sem-programa')

  // /programas: the prepared programme first, with its length; 'Começar programa' enrols and
  // opens its practice, already playing (the tap was the listener's).
  await page.getByRole('banner').getByRole('link', { name: 'Programas' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Programas' })).toBeVisible()
  const card = page.getByTestId('program-card').filter({ hasText: PROGRAM.title })
  await expect(card.getByTestId('program-length')).toHaveText('21 dias · menos de 1 min por dia')
  await screenshotBoth(page, 'pratica-programas')
  await card.getByRole('button', { name: 'Começar programa' }).click()
  await expect(page).toHaveURL(/\/hoje$/)
  await expect(page.getByText(`Dia 1 de ${PROGRAM.days} · ${PROGRAM.title}`)).toBeVisible()
  await expect(page.getByTestId('player-status')).toHaveText('Reproduzindo', { timeout: 15_000 })

  // Its page (left before the clip's first repetition ends): featured, day 1 is today, every later day closed.
  await page.goto(`${server.baseURL}/programas/${PROGRAM.slug}`)
  await expect(page.getByTestId('program-status')).toHaveText('Dia 1 de 21')
  await expect(page.getByText('Em destaque')).toBeVisible()
  // On a phone, today's practice is in the first screen, no scroll needed.
  await page.setViewportSize({ width: 360, height: 780 })
  await expect(page.getByRole('button', { name: 'Praticar o dia de hoje' })).toBeInViewport({ ratio: 1 })
  await page.setViewportSize({ width: 1280, height: 720 })
  await expect(programDay(page, 1)).toHaveAttribute('data-state', 'today')
  await expect(programDay(page, 2)).toHaveAttribute('data-state', 'locked')
  await screenshotBoth(page, 'pratica-programa')

  // The dashboard: today first, 'Dia 1 de 21'; under it the seeded programmes not followed yet,
  // never the one already in the Today card.
  await page.goto(`${server.baseURL}/dashboard`)
  await expect(todayCard(page).getByRole('heading', { name: 'Dia 1 de 21' })).toBeVisible()
  const shelf = dashboardPrograms(page)
  const discover = shelf.getByRole('list', { name: 'Conheça também' })
  await expect(discover.getByTestId('dashboard-program')).toHaveCount(2)
  await expect(discover.getByRole('link', { name: /7 dias de Calma/ })).toHaveAttribute('href', '/programas/7-dias-de-calma')
  await expect(discover.getByRole('link', { name: /7 dias de Calma/ })).toContainText(/7 dias · .+ por dia/)
  await expect(shelf.getByText(PROGRAM.title)).toHaveCount(0)
  await expect(shelf.getByRole('link', { name: 'Ver todos os programas' })).toHaveAttribute('href', '/programas')
  await screenshotBoth(page, 'pratica-inicio-hoje')

  // Day 1 plays from its stored render, as a file plays: no render on demand.
  await renderDayAhead(1)
  const fetched: string[] = []
  const onRequest = (sent: Request) => fetched.push(new URL(sent.url()).pathname)
  context.on('request', onRequest)
  const manifest = await playTodayToTheEnd(page, 1, { beforeLast: () => screenshotBoth(page, 'pratica-hoje') })
  context.off('request', onRequest)
  expect(manifest.direct?.url).toMatch(/^\/api\/files\/sessions\//)
  expect(fetched.filter((path) => path.startsWith('/api/files/sessions/')).length).toBeGreaterThan(0)
  expect(fetched.filter((path) => /^\/api\/sessions\/[^/]+\/audio$/.test(path))).toEqual([])
  await expect(page.getByRole('heading', { level: 1, name: 'Dia 1 concluído.' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('O dia 2 abre amanhã.')).toBeVisible()
  // The streak with this day in it.
  await expect(page.getByTestId('streak')).toHaveText('1 dia seguido')
  // What comes tomorrow, in its own words.
  await expect(page.getByTestId('day-tomorrow')).toContainText('Amanhã · Dia 2 · menos de 1 min')
  await expect(page.getByTestId('day-tomorrow')).toContainText('Solte uma cobrança de ontem.')
  // It settles in softly, once.
  await expect(page.getByTestId('day-celebration')).toHaveAttribute('data-motion', 'gentle')
  await expect(page.getByTestId('day-celebration')).toHaveCSS('opacity', '1')
  await screenshotBoth(page, 'pratica-celebracao')

  // "Até amanhã" closes the moment: back on the dashboard the day is done, and the next one opens tomorrow.
  await page.getByRole('link', { name: 'Até amanhã' }).click()
  await expect(todayCard(page).getByRole('heading', { name: 'Dia 1 concluído' })).toBeVisible()
  await expect(todayCard(page)).toContainText('O dia 2 abre amanhã')
  await screenshotBoth(page, 'pratica-inicio-dia-concluido')
  await page.goto(`${server.baseURL}/programas/${PROGRAM.slug}`)
  await expect(programDay(page, 1)).toHaveAttribute('data-state', 'done')
  await expect(programDay(page, 2).getByTestId('day-status')).toHaveText('Abre amanhã')
  await screenshotBoth(page, 'pratica-programa-dia-concluido')

  // /progresso: the path, today in the calendar, the minutes and the streak with its forgiving rule.
  await page.getByRole('banner').getByRole('link', { name: 'Progresso' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Progresso' })).toBeVisible()
  await expect(page.locator('[data-testid="progress-day"][data-state="done"]')).toHaveCount(1)
  await expect(page.locator('[data-testid="calendar-day"][data-practised]')).toHaveCount(1)
  await expect(page.getByTestId('current-streak')).toHaveText('1 dia seguido')
  await expect(page.getByText('Um dia perdido por semana não quebra sua sequência.')).toBeVisible()
  // The browser's zone was sent once, from the dashboard: the select shows it.
  await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Sao_Paulo')
  await screenshotBoth(page, 'pratica-progresso')

  // Between 768 and 1023 px the header keeps the practice's links on one line.
  await page.setViewportSize({ width: 800, height: 900 })
  await expectNoSidewaysScroll(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Programas' })).toBeInViewport()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sair' })).toBeInViewport()
  await keepPicture(page.getByRole('banner'), 'pratica-cabecalho-800')
  await page.setViewportSize({ width: 1280, height: 720 })
})

test('the next local day opens day 2 while day 3 stays closed, and another browser sees the same', async ({ browser }) => {
  test.setTimeout(120_000)
  // Both clocks move to the next local day (from yesterday to now).
  const today = new Date()
  await setServerClock(server.baseURL, server.dataDir, today)
  await context.clock.setSystemTime(today)

  await page.goto(`${server.baseURL}/dashboard`)
  await expect(todayCard(page).getByRole('heading', { name: 'Dia 2 de 21' })).toBeVisible()
  await page.goto(`${server.baseURL}/programas/${PROGRAM.slug}`)
  await expect(programDay(page, 1)).toHaveAttribute('data-state', 'done')
  await expect(programDay(page, 2)).toHaveAttribute('data-state', 'today')
  await expect(programDay(page, 3)).toHaveAttribute('data-state', 'locked')
  await expect(programDay(page, 2).getByTestId('day-status')).toHaveText('Hoje')

  // A second browser, signed in as the same subscriber: the same path and the same day.
  const other = await browser.newContext()
  try {
    const second = await other.newPage()
    await second.goto(`${server.baseURL}/login`)
    await submitLogin(second, { email: checkout.email, password: PASSWORD })
    await expect(second).toHaveURL(/\/dashboard$/)
    await expect(todayCard(second).getByRole('heading', { name: 'Dia 2 de 21' })).toBeVisible()
    await second.goto(`${server.baseURL}/programas/${PROGRAM.slug}`)
    await expect(programDay(second, 1)).toHaveAttribute('data-state', 'done')
    await expect(programDay(second, 2)).toHaveAttribute('data-state', 'today')
    await expect(programDay(second, 3)).toHaveAttribute('data-state', 'locked')
  } finally {
    await other.close()
  }
})

test('day 2 listened offline counts once the connection is back, and only once', async () => {
  test.setTimeout(180_000)
  await page.goto(`${server.baseURL}/dashboard`)
  await playTodayToTheEnd(page, 2, {
    // The connection goes while the session plays: the last repetition is heard offline.
    beforeLast: () => context.setOffline(true),
  })
  await expect(page.getByText('Você está sem conexão. Sua prática ficou guardada neste aparelho e será contada assim que a conexão voltar.')).toBeVisible({
    timeout: 15_000,
  })
  // The repetitions heard offline wait on the device; the server has not counted the day.
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('listening:pending') ?? '[]') as { id: string; audioId: string; kind: string; occurredAt: string }[])
  expect(pending.filter((event) => event.kind === 'repetition').length).toBeGreaterThanOrEqual(1)
  // (The test's own request, outside the offline browser, reads the server as it is.)
  const onServer = (await (await context.request.get(`${server.baseURL}/api/programs/${PROGRAM.slug}`)).json()) as ProgramDetail
  expect(onServer.days[1]?.state).toBe('today')

  // Back online: the queue goes out, the server counts the day, the celebration follows — for a
  // listener who asked for less motion, without moving.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Dia 2 concluído.' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('day-celebration')).toHaveAttribute('data-motion', 'none')
  await expect(page.getByTestId('streak')).toHaveText('2 dias seguidos')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('listening:pending'))).toBeNull()

  // Sent again (a retry, another tab), the same events count once: nothing new is accepted, and
  // day 3 stays closed.
  const again = await page.evaluate(async (events) => {
    const response = await fetch('/api/listening/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) })
    return (await response.json()) as { accepted: number; duplicates: number; refused: number }
  }, pending)
  expect(again).toEqual({ accepted: 0, duplicates: pending.length, refused: 0 })
  await page.goto(`${server.baseURL}/programas/${PROGRAM.slug}`)
  await expect(programDay(page, 2)).toHaveAttribute('data-state', 'done')
  await expect(programDay(page, 3)).toHaveAttribute('data-state', 'locked')
  await expect(programDay(page, 3).getByTestId('day-status')).toHaveText('Abre amanhã')
  await page.goto(`${server.baseURL}/progresso`)
  await expect(page.locator('[data-testid="progress-day"][data-state="done"]')).toHaveCount(2)
  await expect(page.getByTestId('current-streak')).toHaveText('2 dias seguidos')
  // Day 3 opens tomorrow, and the badge says so rather than 'Dia 3 de 21'.
  await expect(page.getByTestId('progress-program').getByTestId('program-status')).toHaveText('Dia 3 abre amanhã')

  // A second programme started from the dashboard's list: starting it opens its practice, so it
  // becomes the featured one of the Today card, and the first moves to 'Em andamento'.
  await page.goto(`${server.baseURL}/dashboard`)
  await dashboardPrograms(page).getByRole('link', { name: /7 dias de Calma/ }).click()
  await expect(page).toHaveURL(/\/programas\/7-dias-de-calma$/)
  await page.getByRole('button', { name: 'Começar programa' }).click()
  await expect(page).toHaveURL(/\/hoje$/)
  await expect(page.getByText('Dia 1 de 7 · 7 dias de Calma')).toBeVisible()
  await page.goto(`${server.baseURL}/dashboard`)
  await expect(todayCard(page).getByRole('heading', { name: 'Dia 1 de 7' })).toBeVisible()
  const following = dashboardPrograms(page).getByRole('list', { name: 'Em andamento' })
  await expect(following.getByTestId('dashboard-program')).toHaveText([`${PROGRAM.title}Dia 3 abre amanhã`])
  await expect(dashboardPrograms(page).getByRole('list', { name: 'Conheça também' }).getByTestId('dashboard-program')).toHaveCount(1)
  await screenshotBoth(page, 'pratica-inicio-programas')
})
