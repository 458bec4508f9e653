import { expect, test } from '@playwright/test'
import type { Audio, FieldList } from '@sintonia/contract'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

const checkout = { email: `offline-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_off_${Date.now().toString(36)}` }
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'semestral' }] })
})
test.afterAll(async () => {
  await server?.stop()
})

test('a downloaded audio plays from this device while the connection is gone', async ({ page, context }) => {
  test.setTimeout(120_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-offline')
  const { fields } = (await (await page.request.get(`${server.baseURL}/api/public/fields`)).json()) as FieldList
  const field = fields[2]!
  const { audios } = (await (await page.request.get(`${server.baseURL}/api/fields/${field.id}/audios`)).json()) as { audios: Audio[] }
  const [first, second] = [audios[0]!, audios[1]!]

  await page.goto(`${server.baseURL}/campo/${field.id}/audio/${first.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)
  await expect(page.getByTestId('offline-source')).toHaveCount(0)
  await page.getByRole('button', { name: `Baixar “${first.title}” para ouvir offline` }).click()
  await expect(page.getByText('Download concluído')).toBeVisible()
  await expect(page.getByText('Disponível offline')).toBeVisible()

  // Move on while online, then lose the connection and come back to the downloaded audio.
  await page.getByRole('button', { name: /^Próximo/ }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title)
  await context.setOffline(true)
  await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: /^Anterior/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)
  await expect(page.getByText('Disponível offline')).toBeVisible()

  // The voice was given this device's copy, not the network address.
  await expect(page.getByTestId('offline-source')).toHaveText('Tocando a cópia salva neste dispositivo')
  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible({ timeout: 15_000 })
  const progress = page.getByLabel('Progresso do áudio')
  await expect.poll(async () => Number(await progress.inputValue()), { timeout: 15_000 }).toBeGreaterThan(0)

  // A repetition heard offline is kept on this device…
  await progress.fill(String(Math.max(0, first.durationSeconds - 1)))
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 1', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Pausar', exact: true }).click()
  const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('listening:pending') ?? '[]') as { kind: string }[])
  expect(queued.filter((e) => e.kind === 'repetition')).toHaveLength(1)

  // …and counted by the server exactly once when the connection returns (even after a reload).
  await context.setOffline(false)
  await expect.poll(async () => page.evaluate(() => localStorage.getItem('listening:pending')), { timeout: 20_000 }).toBeNull()
  await page.reload()
  await expect(page.getByTestId('stat-today')).toHaveText('1')
  const today = await page.request.get(`${server.baseURL}/api/listening/today?audioId=${first.id}`)
  expect(((await today.json()) as { repetitionsToday: number }).repetitionsToday).toBe(1)
})
