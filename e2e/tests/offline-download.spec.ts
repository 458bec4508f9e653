import { expect, test } from '@playwright/test'
import { formatDuration, type Audio, type FieldList } from '@sintonia/contract'
import { expectRepetitionCountedOnce, hearOneRepetitionOffline, readKeptSessions } from '../support/offline'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

// The service worker stays on here: downloads play through the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

const checkout = { email: `offline-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_off_${Date.now().toString(36)}` }
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'semestral' }] })
})
test.afterAll(async () => {
  await server?.stop()
})

test('a downloaded audio plays its kept session from this device while the connection is gone, and counts once on return', async ({ page, context }) => {
  test.setTimeout(120_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-offline')
  // The listener's settings: 2 repetitions, a 1-second pause (a download keeps the session of these).
  await page.evaluate(() => localStorage.setItem('audio-preferences', JSON.stringify({ volume: 70, repeatCount: 2, pauseBetweenRepeats: 1, autoPlay: false, showProgress: true, musicVolume: null })))
  const { fields } = (await (await page.request.get(`${server.baseURL}/api/public/fields`)).json()) as FieldList
  const field = fields[2]!
  const { audios } = (await (await page.request.get(`${server.baseURL}/api/fields/${field.id}/audios`)).json()) as { audios: Audio[] }
  const [first, second] = [audios[0]!, audios[1]!]

  await page.goto(`${server.baseURL}/campo/${field.id}/audio/${first.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)
  await expect(page.getByTestId('offline-source')).toHaveCount(0)
  await page.getByRole('button', { name: `Baixar “${first.title}” para ouvir offline` }).click()
  // The download waits for the whole session of these settings to be rendered (nothing is rendered
  // ahead under test): on a loaded 2-core machine that once took over 30 s.
  await expect(page.getByText('Download concluído')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Disponível offline')).toBeVisible()
  // Besides the voice copy, this device keeps the session of those settings, whole.
  const [kept] = await readKeptSessions(page)
  expect(kept?.audioId).toBe(first.id)
  expect(kept!.manifest.items[0]).toMatchObject({ audioId: first.id, repetitions: 2 })
  expect(kept!.manifest.pauseSeconds).toBe(1)
  expect(kept!.blobSize).toBe(kept!.manifest.bytes)

  // Move on while online, then lose the connection and come back to the downloaded audio.
  await page.getByRole('button', { name: /^Próximo/ }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title)
  await context.setOffline(true)
  await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: /^Anterior/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)
  await expect(page.getByText('Disponível offline')).toBeVisible()

  // The player was given this device's session (its length is the session's, not the voice's).
  await expect(page.getByTestId('offline-source')).toHaveText('Tocando a cópia salva neste dispositivo')
  await expect(page.getByTestId('repeat-counter')).toContainText('/ 2')
  await expect(page.getByTestId('total')).toContainText(formatDuration(kept!.manifest.durationSeconds))
  // A repetition heard offline is kept on this device…
  await hearOneRepetitionOffline(page, kept!.manifest.items[0]!.repetitionEnds[0]!)
  // …and counted by the server exactly once when the connection returns (even after a reload).
  await expectRepetitionCountedOnce(page, context, server.baseURL, first.id)
})
