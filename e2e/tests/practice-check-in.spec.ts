import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type { ProgramDetail, SessionManifest } from '@sintonia/contract'
import { formatViolations, seriousAxeViolations } from '../support/axe'
import { PRACTICE_CLIP } from '../support/preparation'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { keepPicture, screenshotBoth } from '../support/screenshots'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * The check-in after a practice and the Diário (docs/product/practice.md#check-ins-and-the-diario):
 * a subscriber says how they are before today's session, plays it to its end, answers "Como você
 * está agora?" with a mood and a note, finds it in the Diário and in the week's chart on
 * /progresso, and downloads the CSV of their practice from Minha conta; an audio heard to its end
 * in the player asks the same in a sheet above the bottom bar, and "Agora não" lets it go. Screenshots
 * of the check-in, the sheet, the Diário and the chart at 360 and 1280 px, day and night.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const checkout = { email: `diario-${stamp}@exemplo.com`, sessionId: `cs_e2e_diario_${stamp}` }
const PASSWORD = 'senha-do-diario'
const PROGRAM = { title: 'Respiros de 7 dias', slug: 'respiros-de-7-dias', days: 7, repetitions: 3 }
const NOTE = 'Mais leve depois; respirei "fundo".'
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }], practicePrograms: [PROGRAM] })
})
test.afterAll(async () => {
  await server?.stop()
})

/** Today's session from the Today card to the celebration, each repetition moved close to its end (as a listener may). */
async function playDayToTheEnd(page: Page) {
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST' && response.ok())
  await page.getByTestId('today-card').getByRole('link', { name: /Começar a prática de hoje/ }).click()
  await expect(page).toHaveURL(/\/hoje$/)
  const ends = ((await (await asked).json()) as SessionManifest).items[0]!.repetitionEnds

  // Before anything is heard: "Como você está antes?", closed until asked.
  const before = page.getByTestId('mood-before')
  await before.getByRole('button', { name: /Como você está antes\?/ }).click()
  await before.getByRole('button', { name: 'Neutro' }).click()
  await expect(before).toContainText('Neutro (3 de 5)')

  const counter = page.getByTestId('repeat-counter')
  const progress = page.getByLabel('Progresso do áudio')
  await expect(page.getByTestId('player-status')).toHaveText('Reproduzindo', { timeout: 15_000 })
  for (let heard = 0; heard < PROGRAM.repetitions; heard++) {
    await expect(counter).toContainText(`Repetições: ${heard}`)
    await expect(progress).toBeEnabled()
    await expect(page.getByTestId('player-status')).toHaveText(/Reproduzindo|Preparando a próxima repetição/, { timeout: 15_000 })
    await progress.fill(String(Math.floor(ends[heard]!) - 1))
    if (heard < PROGRAM.repetitions - 1) await expect(counter).toContainText(`Repetições: ${heard + 1}`, { timeout: 15_000 })
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Dia 1 concluído.' })).toBeVisible({ timeout: 30_000 })
}

test('after a day’s session: a mood and a note, in the Diário, in the week’s chart and in the CSV', async ({ page }) => {
  test.setTimeout(180_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, PASSWORD)

  // The Diário before any practice invites without asking anything.
  await page.getByRole('banner').getByRole('link', { name: 'Diário' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Diário' })).toBeVisible()
  await expect(page.getByTestId('diary-empty')).toContainText('Seu Diário começa quando você quiser.')
  await screenshotBoth(page, 'diario-vazio')

  // Start the programme, then today's session from the dashboard.
  await page.getByRole('banner').getByRole('link', { name: 'Programas' }).click()
  const card = page.getByTestId('program-card').filter({ hasText: PROGRAM.title })
  await card.getByRole('button', { name: 'Começar programa' }).click()
  // It opens today's practice at once; the session is played from the dashboard's card below.
  await expect(page).toHaveURL(/\/hoje$/)
  await expect(page.getByText(`Dia 1 de 7 · ${PROGRAM.title}`)).toBeVisible()
  await page.goto(`${server.baseURL}/dashboard`)
  await playDayToTheEnd(page)

  // Under the celebration, calmly: "Como você está agora?"
  const checkIn = page.getByTestId('check-in')
  await expect(checkIn.getByRole('heading', { name: 'Como você está agora?' })).toBeVisible()
  await expect(checkIn).toContainText(`Dia 1 de 7 · ${PROGRAM.title}`)
  await expect(checkIn).toContainText('Antes da prática: Neutro (3 de 5)')
  // The mood given before is already something to keep: 'Salvar' is ready.
  await expect(checkIn.getByRole('button', { name: 'Salvar' })).toBeEnabled()
  await checkIn.getByRole('button', { name: 'Muito bem' }).click()
  await expect(checkIn.getByRole('button', { name: 'Muito bem' })).toHaveAttribute('aria-pressed', 'true')
  await checkIn.getByLabel(/Uma nota/).fill(NOTE)
  await screenshotBoth(page, 'diario-registro')
  expect(formatViolations(await seriousAxeViolations(page))).toBe('')
  await keepPicture(checkIn, 'diario-registro-cartao')
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/practice/check-ins') && response.request().method() === 'POST')
  await checkIn.getByRole('button', { name: 'Salvar' }).click()
  expect((await saved).status()).toBe(201)
  await expect(checkIn).toContainText('Registro salvo no seu Diário.')

  // The Diário: today, the day practised, both moods and the note.
  await checkIn.getByRole('link', { name: 'Ver no Diário' }).click()
  await expect(page).toHaveURL(/\/diario$/)
  const entry = page.getByTestId('diary-entry')
  await expect(entry).toHaveCount(1)
  await expect(page.getByTestId('diary-day').getByRole('heading', { level: 2 })).toHaveText('Hoje')
  await expect(entry.getByRole('heading', { name: `Dia 1 de 7 · ${PROGRAM.title}` })).toBeVisible()
  await expect(entry).toContainText('Antes: Neutro (3 de 5)')
  await expect(entry).toContainText('Depois: Muito bem (5 de 5)')
  await expect(entry).toContainText(NOTE)
  await screenshotBoth(page, 'diario')
  expect(formatViolations(await seriousAxeViolations(page))).toBe('')

  // Edited: the mood after becomes "Bem".
  await entry.getByRole('button', { name: `Editar o registro de Dia 1 de 7 · ${PROGRAM.title}` }).click()
  const edit = page.getByTestId('diary-entry-edit')
  await expect(edit.getByRole('group', { name: 'Depois da prática' }).getByRole('button', { name: 'Muito bem' })).toHaveAttribute('aria-pressed', 'true')
  await edit.getByRole('group', { name: 'Depois da prática' }).getByRole('button', { name: 'Bem', exact: true }).click()
  await screenshotBoth(page, 'diario-editar')
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(entry).toContainText('Depois: Bem (4 de 5)')

  // The week on /progresso: today's column has minutes and the mood after.
  await page.getByRole('banner').getByRole('link', { name: 'Progresso' }).click()
  const chart = page.getByTestId('week-chart')
  await expect(chart.getByRole('heading', { name: 'Sua semana' })).toBeVisible()
  const today = chart.getByTestId('week-column').last()
  await expect(today).toHaveAttribute('data-mood-after', '4')
  await expect.poll(async () => Number(await today.getAttribute('data-minutes'))).toBeGreaterThan(0)
  await expect(chart.getByTestId('week-summary')).toContainText('humor depois da prática: Bem (4 de 5)')
  await chart.getByText('Ver em tabela').click()
  await expect(chart.getByTestId('week-row').last()).toContainText('Bem (4)')
  await expect(chart.getByTestId('week-row').last()).toContainText('Neutro (3)')
  await chart.scrollIntoViewIfNeeded()
  await screenshotBoth(page, 'diario-grafico')
  // The chart's own part of the page (the rest of /progresso is the practice journey's).
  const violations = await seriousAxeViolations(page)
  const inChart = await page.evaluate(
    (targets) => targets.map((target) => Boolean(document.querySelector(target)?.closest('[data-testid="week-chart"]'))),
    violations.flatMap((violation) => violation.nodes.map((node) => node.target)),
  )
  let n = 0
  const chartViolations = violations.map((violation) => ({ ...violation, nodes: violation.nodes.filter(() => inChart[n++]) })).filter((violation) => violation.nodes.length > 0)
  expect(formatViolations(chartViolations)).toBe('')
  await keepPicture(chart, 'diario-grafico-semana')

  // Minha conta: the CSV of the practice.
  await page.goto(`${server.baseURL}/minha-conta`)
  await expect(page.getByRole('heading', { name: 'Sua prática em planilha' })).toBeVisible()
  await screenshotBoth(page, 'diario-minha-conta')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exportar minha prática (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('minha-pratica.csv')
  const bytes = readFileSync((await file.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n')
  expect(lines[0]).toBe('Dia;Minutos;Prática;Humor antes (1 a 5);Humor depois (1 a 5);Nota')
  expect(lines[1]).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4};${Math.round((PRACTICE_CLIP.durationSeconds * PROGRAM.repetitions) / 60)};Dia 1 de 7 · ${PROGRAM.title};3;4;"Mais leve depois; respirei ""fundo""\\."$`))

  // An audio heard to its end in the player: the same question in a sheet at the foot of the screen
  // (the full-screen player on a phone has put the bars aside; elsewhere it stays above the bar).
  const detail = (await (await page.request.get(`${server.baseURL}/api/programs/${PROGRAM.slug}`)).json()) as ProgramDetail
  const clip = detail.days[0]!.items[0]!.audio
  await page.evaluate(() => localStorage.setItem('audio-preferences', JSON.stringify({ volume: 70, repeatCount: 1, pauseBetweenRepeats: 0, autoPlay: false, showProgress: true, musicVolume: null })))
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST' && response.ok())
  await page.goto(`${server.baseURL}/campo/${clip.fieldId}/audio/${clip.id}`)
  const end = ((await (await asked).json()) as SessionManifest).items[0]!.repetitionEnds[0]!
  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByTestId('player-status')).toHaveText('Reproduzindo', { timeout: 15_000 })
  await page.getByLabel('Progresso do áudio').fill(String(Math.floor(end) - 1))
  const sheet = page.getByTestId('check-in-sheet')
  await expect(sheet.getByRole('heading', { name: 'Como você está agora?' })).toBeVisible({ timeout: 20_000 })
  await expect(sheet).toContainText(PRACTICE_CLIP.title)
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(sheet.getByTestId('check-in')).toBeInViewport({ ratio: 1 })
  const bar = page.getByTestId('mobile-bottom-bar')
  if (await bar.isVisible()) {
    const box = (await sheet.getByTestId('check-in').boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 0.5)
  }
  await keepPicture(page, 'diario-registro-audio-tela-360')
  await page.setViewportSize({ width: 1280, height: 800 })
  await keepPicture(page, 'diario-registro-audio-tela-1280')
  await screenshotBoth(page, 'diario-registro-audio')
  await sheet.getByRole('button', { name: 'Agora não' }).last().click()
  await expect(sheet).toHaveCount(0)
})
