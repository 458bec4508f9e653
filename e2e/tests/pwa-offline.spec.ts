import { expect, test } from '@playwright/test'
import type { Audio, FieldList } from '@sintonia/contract'
import {
  expectRepetitionCountedOnce,
  hearOneRepetitionOffline,
  readKeptSessions,
  keptApiPaths,
  readCachedAudios,
  readKeptMusicIds,
  waitForServiceWorker,
} from '../support/offline'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

// The service worker stays on here: the app opening with no network is the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

const stamp = Date.now().toString(36)
const checkout = { email: `pwa-${stamp}@exemplo.com`, sessionId: `cs_e2e_pwa_${stamp}` }
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }] })
})
test.afterAll(async () => {
  await server?.stop()
})

test('a listener downloads an audio, reopens the app with no network, hears it, and the repetition counts once', async ({ page, context }) => {
  test.setTimeout(180_000)
  const base = server.baseURL
  await onboardPaidBuyer(page, base, checkout, 'senha-pwa-offline')
  await waitForServiceWorker(page)

  const { fields } = (await (await page.request.get(`${base}/api/public/fields`)).json()) as FieldList
  const field = fields[1]!
  const { audios } = (await (await page.request.get(`${base}/api/fields/${field.id}/audios`)).json()) as { audios: Audio[] }
  const audio = audios[0]!
  const fileSize = Number((await page.request.head(`${base}${audio.url}`)).headers()['content-length'])
  expect(fileSize).toBeGreaterThan(0)

  // The listener hears each audio once (a download keeps the session of these settings too).
  await page.evaluate(() => localStorage.setItem('audio-preferences', JSON.stringify({ volume: 70, repeatCount: 1, pauseBetweenRepeats: 0, autoPlay: false, showProgress: true, musicVolume: null })))
  // Download from the audio card of the field page: progress ends at 100 and the copy is whole.
  await page.goto(`${base}/campo/${field.id}`)
  const card = page.getByTestId('audio-card').filter({ hasText: audio.title })
  await card.getByRole('button', { name: `Baixar “${audio.title}” para ouvir offline` }).click()
  // The bar's last part waits for the session's render: three minutes of mix beside the other
  // journeys' servers, with the npm package's ffmpeg (four times slower) where the machine has no
  // ffmpeg of its own (ADR 038).
  await expect(card.getByTestId('download-state')).toHaveAttribute('data-progress', '100', { timeout: 60_000 })
  await expect(card.getByRole('status', { name: 'Disponível offline' })).toBeVisible()
  await expect(page.getByText('Download concluído')).toBeVisible()
  await expect.poll(() => readCachedAudios(page)).toEqual([{ id: audio.id, size: fileSize, blobSize: fileSize }])
  // …and the session of the listener's settings beside it, whole.
  const [kept] = await readKeptSessions(page)
  expect(kept?.audioId).toBe(audio.id)
  expect(kept!.blobSize).toBe(kept!.manifest.bytes)
  // The active background tracks were kept with the first download.
  await expect.poll(async () => (await readKeptMusicIds(page)).length, { timeout: 15_000 }).toBe(2)

  // Another audio heard online but not downloaded.
  const other = audios[1]!
  await page.goto(`${base}/campo/${field.id}/audio/${other.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title)
  await expect(page.getByTestId('offline-unavailable')).toHaveCount(0)

  // The Downloads view shows it with the cache statistics.
  await page.getByRole('banner').getByRole('link', { name: 'Downloads' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible()
  await expect(page.getByTestId('stat-audio-count')).toHaveText('1')
  await expect(page.getByTestId('downloaded-audio')).toHaveCount(1)
  await expect(page.getByTestId('downloaded-audio')).toContainText(audio.title)

  // No network at all: the app itself reloads from the service worker.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible()
  await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: `Ouvir ${audio.title}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(audio.title)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(audio.title)
  await expect(page.getByTestId('offline-source')).toHaveText('Tocando a cópia salva neste dispositivo')

  // A download needs the network.
  await page.goto(`${base}/campo/${field.id}`)
  const otherCard = page.getByTestId('audio-card').filter({ hasText: other.title })
  await otherCard.getByRole('button', { name: `Baixar “${other.title}” para ouvir offline` }).click()
  await expect(page.getByText('Erro no download')).toBeVisible()
  await expect(page.getByText('Sem conexão com a internet')).toBeVisible()
  // Its player says it cannot play without a connection.
  await otherCard.getByRole('link', { name: `Ouvir ${other.title}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title)
  await expect(page.getByTestId('offline-unavailable')).toContainText('Áudio não disponível offline e sem conexão')
  await page.goBack()

  // Play the kept copy and complete one repetition, still offline.
  await page.getByTestId('audio-card').filter({ hasText: audio.title }).getByRole('link', { name: `Ouvir ${audio.title}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(audio.title)
  await hearOneRepetitionOffline(page, audio.durationSeconds)

  // Back online: sent once, counted once — also after another reload.
  await expectRepetitionCountedOnce(page, context, base, audio.id)

  // Signing out wipes this device's copies and the kept answers of the API.
  expect(await keptApiPaths(page)).toEqual(expect.arrayContaining(['/api/account/me', '/api/subscription/check', `/api/audios/${audio.id}`]))
  await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click()
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible()
  await expect.poll(() => readCachedAudios(page)).toEqual([])
  await expect.poll(() => readKeptSessions(page)).toEqual([])
  await expect.poll(() => readKeptMusicIds(page)).toEqual([])
  // Only public answers (the landing the app went back to) may be kept after that.
  await expect
    .poll(async () => (await keptApiPaths(page)).filter((path) => path !== '/api/landing' && path !== '/api/public/fields'))
    .toEqual([])
  expect(await page.evaluate(() => localStorage.getItem('listening:pending'))).toBeNull()
})

