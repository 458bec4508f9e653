import { expect, test } from '@playwright/test'
import type { Audio, FieldList } from '@sintonia/contract'
import { expectRepetitionCountedOnce, hearOneRepetitionOffline } from '../support/offline'
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
  // A repetition heard offline is kept on this device…
  await hearOneRepetitionOffline(page, first)
  // …and counted by the server exactly once when the connection returns (even after a reload).
  await expectRepetitionCountedOnce(page, context, server.baseURL, first.id)
})
