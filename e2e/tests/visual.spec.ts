import { expect, test, type Page } from '@playwright/test'
import type { Audio, FieldList } from '@sintonia/contract'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Visual regression of the main pages (docs/design.md): each is compared with the picture kept
 * beside this file (`visual.spec.ts-snapshots/`), at a phone's and a laptop's width. What differs
 * from one run to the next (the date a plan renews, a greeting's name) is fixed by the preparation,
 * and animations are finished at once. A change of look on purpose: run
 * `npx playwright test tests/visual.spec.ts --update-snapshots`, look at the new pictures, commit them.
 */

test.describe.configure({ mode: 'serial' })
test.use({ reducedMotion: 'reduce' })

const checkout = { email: 'visual@exemplo.com', sessionId: 'cs_e2e_visual_0001' }
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
] as const
let server: PreparedServer

test.beforeAll(async () => {
  // A fixed renewal date: the access card reads the same in every run.
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual', currentPeriodEnd: '2099-03-15T15:00:00.000Z' }] })
})
test.afterAll(async () => {
  await server?.stop()
})

/** The page as it is now, at both widths, against the kept pictures ("{name}-{width}.png"). */
async function compare(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    // From the top, as a person arrives (a resize may leave the window scrolled).
    await page.evaluate(() => window.scrollTo(0, 0))
    // Fonts in and images decoded before the picture: nothing swaps while it is taken.
    await page.evaluate(async () => {
      await document.fonts.ready
      await Promise.all(Array.from(document.images).filter((image) => !image.complete).map((image) => image.decode().catch(() => undefined)))
    })
    await expect(page).toHaveScreenshot(`${name}-${size.width}.png`, { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 })
  }
}

test('public pages look as designed', async ({ page }) => {
  // The hero title takes its display face only when the face is there for the first paint
  // (docs/design.md#type); a busy machine may miss that on a first visit. The picture is of the
  // landing as a returning visitor sees it: the face already in the browser's cache.
  await page.goto(`${server.baseURL}/`)
  await page.evaluate(() => document.fonts.load('600 1em "Fraunces Hero"'))
  await page.goto(`${server.baseURL}/`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await compare(page, 'inicio')

  await page.goto(`${server.baseURL}/demo`)
  await expect(page.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })
  // The demo has a transcript: its button is in the player's row before the picture.
  await expect(page.getByRole('button', { name: 'Transcrição' })).toBeVisible()
  await compare(page, 'demo')

  await page.goto(`${server.baseURL}/login`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await compare(page, 'login')
})

test("a subscriber's pages look as designed, in day and in night", async ({ page }) => {
  test.setTimeout(120_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-visual-1')
  await expect(page.getByRole('region', { name: 'Campos' }).getByRole('link')).toHaveCount(6)
  await expect(page.getByTestId('today-card')).toBeVisible()
  await compare(page, 'painel')

  await page.evaluate(() => localStorage.setItem('sintonia-theme', 'night'))
  await page.reload()
  await expect(page.getByRole('region', { name: 'Campos' }).getByRole('link')).toHaveCount(6)
  await expect(page.getByTestId('today-card')).toBeVisible()
  await compare(page, 'painel-noite')
  await page.evaluate(() => localStorage.setItem('sintonia-theme', 'day'))

  const { fields } = (await (await page.request.get(`${server.baseURL}/api/fields`)).json()) as FieldList
  const field = fields[0]!
  await page.goto(`${server.baseURL}/campo/${field.id}`)
  await expect(page.getByRole('heading', { level: 1, name: field.title })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Ouvir / }).first()).toBeVisible()
  await compare(page, 'campo')

  const { audios } = (await (await page.request.get(`${server.baseURL}/api/fields/${field.id}/audios`)).json()) as { audios: Audio[] }
  await page.goto(`${server.baseURL}/campo/${field.id}/audio/${audios[0]!.id}`)
  await expect(page.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })
  // The first audio of the first field is the demo, which has a transcript (seed/transcripts.ts).
  await expect(page.getByRole('button', { name: 'Transcrição' })).toBeVisible()
  await compare(page, 'player')

  await page.goto(`${server.baseURL}/programas`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: /21 dias de Autoestima/ }).first()).toBeVisible()
  await compare(page, 'programas')
})
