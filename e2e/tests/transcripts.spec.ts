import { expect, test, type Locator, type Page } from '@playwright/test'
import { TRANSCRIPT_MSG, type AdminAudio, type AudioTranscript } from '@sintonia/contract'
import { adminBrowserPage, createAdmin } from '../support/accounts'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { formatViolations, seriousAxeViolations } from '../support/axe'
import { expectNoSidewaysScroll, keepPicture, TAKE_SCREENSHOTS } from '../support/screenshots'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Transcripts (docs/product/listening.md#transcript, docs/product/admin.md#audios-adminaudios): an
 * admin pastes the text of an audio, with paragraphs, in "Editar áudio"; a subscriber on a 360 px
 * phone finds the audio by a phrase it says ("Na transcrição"), opens it, taps "Transcrição",
 * reads and closes it; a visitor reads the demo's on /demo. Pictures of the admin's field and of
 * the sheet at 360 and 1280 px, day and night (E2E_SCREENSHOTS=1).
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const checkout = { email: `ouvinte-transcricao-${stamp}@exemplo.com`, sessionId: `cs_e2e_transcricao_${stamp}` }
const ADMIN = { email: `admin-transcricao-${stamp}@exemplo.com`, password: 'senha-admin-transcricao-1' }
/** A seeded audio without a transcript (seed/transcripts.ts gives three others one). */
const TITLE = 'Mente Próspera'
const PHRASE = 'portas de girassol'
const PARAGRAPHS = [
  'Imagine um corredor longo e iluminado. Ao fundo, portas de girassol se abrem, uma a uma, sem pressa.',
  'Eu mereço prosperar.\nEu recebo o que é bom com gratidão.',
  'Respire fundo mais uma vez. E, quando quiser, abra os olhos.',
]

let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }] })
  await createAdmin(ADMIN.email, ADMIN.password, server.dataDir)
})
test.afterAll(async () => {
  await server?.stop()
})

/**
 * Pictures of what is on screen at a phone's and a laptop's size, in day and in night, the window
 * as it is (a sheet is sized by it). Without pictures asked for, only the window as it is checked.
 */
async function pictures(page: Page, name: string, check: () => Promise<void>) {
  if (!TAKE_SCREENSHOTS) {
    await expectNoSidewaysScroll(page)
    await check()
    return
  }
  const previous = page.viewportSize()
  for (const theme of ['day', 'night'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value
    }, theme)
    for (const [width, height] of [[360, 780], [1280, 900]] as const) {
      await page.setViewportSize({ width, height })
      await expectNoSidewaysScroll(page)
      await check()
      await keepPicture(page, `${name}${theme === 'night' ? '-night' : ''}-${width}`)
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'day'
  })
  if (previous) await page.setViewportSize(previous)
}

/** `target` is on screen and nothing lies over its centre (no fixed bar, no toast). */
async function expectUncovered(page: Page, target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 })
  const box = (await target.boundingBox())!
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="transcript-sheet"]') !== null, { x: box.x + box.width / 2, y: box.y + box.height / 2 })
  expect(onTop).toBe(true)
}

test('an admin attaches a transcript; a subscriber at 360 px finds the audio by a phrase in it, reads it in the player and closes it', async ({ browser, page }) => {
  test.setTimeout(90_000)
  const admin = await adminBrowserPage(browser, server.baseURL, ADMIN)
  await admin.getByRole('navigation', { name: 'Seções da administração' }).getByRole('link', { name: 'Áudios' }).click()
  await admin.getByTestId('audio-row').filter({ hasText: TITLE }).first().getByRole('button', { name: `Editar ${TITLE}` }).click()
  const dialog = admin.getByRole('dialog', { name: 'Editar áudio' })
  const field = dialog.getByLabel('Transcrição')
  await expect(field).toHaveValue('')
  // Pasted as it comes from a document: Windows line ends and extra blank lines, which the count ignores.
  const pasted = PARAGRAPHS.join('\r\n\r\n\r\n')
  const stored = PARAGRAPHS.join('\n\n')
  await field.fill(pasted)
  await expect(dialog.getByTestId('transcript-count')).toHaveText(TRANSCRIPT_MSG.count(stored.length))
  await field.scrollIntoViewIfNeeded()
  await pictures(admin, 'transcricao-admin', async () => {
    await field.scrollIntoViewIfNeeded()
    await expect(field).toBeInViewport()
  })
  const saved = admin.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/api/admin/audios/'))
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click()
  const { audio } = (await (await saved).json()) as { audio: AdminAudio }
  expect(audio.hasTranscript).toBe(true)
  expect(((await (await admin.request.get(`/api/audios/${audio.id}/transcript`)).json()) as AudioTranscript).transcript).toBe(stored)
  await expect(dialog).toBeHidden()
  await admin.context().close()

  // The subscriber, on a phone.
  await page.setViewportSize({ width: 360, height: 780 })
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-do-ouvinte-1')
  const search = page.getByRole('combobox')
  await search.fill(PHRASE)
  const option = page.getByRole('group', { name: 'Áudios' }).getByRole('option', { name: new RegExp(TITLE) })
  await expect(option).toContainText(TRANSCRIPT_MSG.matchedInTranscript)
  await pictures(page, 'transcricao-busca', async () => {
    await option.scrollIntoViewIfNeeded()
    await expect(option).toBeInViewport()
  })
  await option.click()
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()

  const open = page.getByRole('button', { name: TRANSCRIPT_MSG.open })
  await pictures(page, 'transcricao-player-botao', async () => {
    await expect(open).toBeVisible()
  })
  await open.click()
  const sheet = page.getByRole('dialog', { name: TITLE })
  const text = sheet.getByRole('document', { name: `${TRANSCRIPT_MSG.open}: ${TITLE}` })
  await expect(text).toBeFocused()
  await expect(text.locator('p')).toHaveText(PARAGRAPHS.map((paragraph) => paragraph.replace(/\n/g, ' ')))
  // Readable on a phone: the whole sheet and its close button on screen, over everything else, with body-sized text.
  await expectUncovered(page, sheet.getByRole('button', { name: TRANSCRIPT_MSG.close }))
  await expect(sheet).toBeInViewport({ ratio: 1 })
  expect(await text.locator('p').first().evaluate((p) => parseFloat(getComputedStyle(p).fontSize))).toBeGreaterThanOrEqual(16)
  const violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await pictures(page, 'transcricao-player', async () => {
    await expect(sheet).toBeInViewport({ ratio: 1 })
  })

  await sheet.getByRole('button', { name: TRANSCRIPT_MSG.close }).click()
  await expect(sheet).toBeHidden()
  await expect(open).toBeFocused()
})

test("a visitor reads the demo's transcript on /demo", async ({ page }) => {
  await page.goto(`${server.baseURL}/demo`)
  await page.getByRole('button', { name: TRANSCRIPT_MSG.open }).click()
  const sheet = page.getByRole('dialog', { name: 'Áudio de Boas-Vindas: Sintonize sua Mente' })
  const text = sheet.getByRole('document')
  await expect(text.locator('p').first()).toHaveText(/^Que bom ter você aqui\. Boas-vindas ao Sintonia\./)
  // A longer text scrolls inside the sheet; its last words can be reached on a phone.
  await pictures(page, 'transcricao-demo', async () => {
    await expect(sheet).toBeInViewport({ ratio: 1 })
    await text.locator('p').last().scrollIntoViewIfNeeded()
    await expect(text.locator('p').last()).toBeInViewport()
    await text.evaluate((element) => element.scrollTo(0, 0))
  })
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
})
