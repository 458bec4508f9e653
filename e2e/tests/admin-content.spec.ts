import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { FieldList, VideosContent } from '@sintonia/contract'
import { createAdmin, repoRoot, signInAsAdmin, uniqueEmail } from '../support/accounts'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

test.describe.configure({ mode: 'serial' })

// A 12-second clip (scripts/sample-audio/fixtures.tsv): the seeded audios are 2–4 minute practices, too long for a slowed upload.
const AUDIO_FILE = join(repoRoot, 'e2e/fixtures/audio-curto.mp3')
const MUSIC_FILE = join(repoRoot, 'apps/api/src/seed/media/music-brisa-suave.mp3')
const VIDEO_FILE = join(repoRoot, 'e2e/fixtures/clip.webm')

const admin = { email: uniqueEmail('admin-conteudo'), password: 'senha-admin-conteudo' }
const checkout = { email: uniqueEmail('ouvinte-conteudo'), sessionId: `cs_e2e_conteudo_${Date.now().toString(36)}` }
let server: PreparedServer

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'anual' }] })
  await createAdmin(admin.email, admin.password, server.dataDir)
})
test.afterAll(async () => {
  await server?.stop()
})

/** Slows uploads down (Chromium's network emulation) so the real progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond })
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
}

test('an admin creates a field, uploads an audio with progress, and a subscriber finds it in that field', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page, admin, server.baseURL)

  await page.getByRole('navigation', { name: 'Seções da administração' }).getByRole('link', { name: 'Campos' }).click()
  await page.getByRole('button', { name: 'Novo campo' }).click()
  const fieldDialog = page.getByRole('dialog', { name: 'Novo campo' })
  await fieldDialog.getByLabel('Título').fill('Respiração Consciente')
  await fieldDialog.getByLabel(/Descrição/).fill('Práticas curtas de respiração')
  await fieldDialog.getByTitle('Atividade').click()
  await expect(fieldDialog.getByRole('radio', { name: 'Atividade' })).toBeChecked()
  await fieldDialog.getByRole('button', { name: 'Criar campo' }).click()
  await expect(page.getByText('Campo criado')).toBeVisible()
  const rows = page.getByTestId('field-row')
  await expect(rows).toHaveCount(7)
  await expect(rows.last()).toContainText('Respiração Consciente')

  // The new field moves to the top with the keyboard, and the order is kept on the server.
  const handle = page.getByRole('button', { name: /Reordenar Respiração Consciente/ })
  await handle.focus()
  for (let i = 0; i < 6; i++) {
    await expect(handle).toBeFocused()
    await expect(handle).not.toHaveAttribute('aria-disabled', 'true')
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/admin/fields/order') && r.status() === 200),
      handle.press('ArrowUp'),
    ])
  }
  await expect(rows.first()).toContainText('Respiração Consciente')
  const publicFields = (await (await page.request.get(`${server.baseURL}/api/public/fields`)).json()) as FieldList
  expect(publicFields.fields[0]?.title).toBe('Respiração Consciente')
  const fieldId = publicFields.fields[0]!.id

  // Upload, slowed down, so the real progress shows before it completes.
  await page.getByRole('navigation', { name: 'Seções da administração' }).getByRole('link', { name: 'Áudios' }).click()
  await page.getByRole('button', { name: 'Enviar áudio' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar áudio' })
  await dialog.getByLabel(/Arquivo de áudio/).setInputFiles(AUDIO_FILE)
  await dialog.getByLabel(/^Título/).fill('Respirar em Quatro Tempos')
  await dialog.getByLabel('Campo').selectOption({ label: 'Respiração Consciente' })
  await dialog.getByLabel(/Tags/).fill('respiração, calma')
  const restore = await throttleUploads(page, 24 * 1024)
  await dialog.getByRole('button', { name: 'Enviar áudio' }).click()
  const progress = dialog.getByRole('progressbar', { name: 'Enviando arquivo' })
  await expect(progress).toBeVisible()
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0)
  await expect(page.getByText('Áudio enviado')).toBeVisible({ timeout: 30_000 })
  await restore()

  // The duration comes from the file itself.
  await page.getByLabel('Campo').selectOption({ label: 'Respiração Consciente' })
  const row = page.getByTestId('audio-row').filter({ hasText: 'Respirar em Quatro Tempos' })
  await expect(row).toContainText('0:12')
  await expect(row).toContainText('respiração')

  // A subscribed listener sees it on the field's page.
  const listenerContext = await browser.newContext()
  const listenerPage = await listenerContext.newPage()
  await onboardPaidBuyer(listenerPage, server.baseURL, checkout, 'senha-do-ouvinte')
  await listenerPage.goto(`${server.baseURL}/campo/${fieldId}`)
  await expect(listenerPage.getByRole('heading', { level: 1, name: 'Respiração Consciente' })).toBeVisible()
  await expect(listenerPage.getByRole('heading', { name: 'Respirar em Quatro Tempos' })).toBeVisible()
  await listenerContext.close()
})

test('an admin edits the hero title and visitors see it on the landing page', async ({ page }) => {
  await signInAsAdmin(page, admin, server.baseURL)
  await page.goto(`${server.baseURL}/admin/landing`)
  const title = page.locator('#landing-hero-title')
  await title.fill('Sua mente em sintonia')
  await page.getByRole('tab', { name: 'Pré-visualizar' }).click()
  await expect(page.getByTestId('landing-preview').getByRole('heading', { level: 1 })).toContainText('Sua mente em sintonia')
  await page.getByRole('tab', { name: 'Editar' }).click()
  // A blank required text is refused next to the field, and nothing typed is lost.
  await page.locator('#landing-hero-ctaText').fill('')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.locator('#landing-hero-ctaText-error')).toHaveText('Preencha o campo "Texto do botão principal"')
  await expect(title).toHaveValue('Sua mente em sintonia')
  await page.locator('#landing-hero-ctaText').fill('Quero começar')
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByText('Página inicial salva')).toBeVisible()

  await page.goto(`${server.baseURL}/`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sua mente em sintonia')
  await expect(page.getByRole('link', { name: /Quero começar/ })).toBeVisible()
})

test('an admin uploads a background track, deactivates it and sets the volume', async ({ page }) => {
  await signInAsAdmin(page, admin, server.baseURL)
  await page.goto(`${server.baseURL}/admin/background-music`)
  await expect(page.getByTestId('track-row')).toHaveCount(2)
  await page.getByRole('button', { name: 'Enviar música' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar música de fundo' })
  await dialog.getByLabel(/Arquivo de áudio/).setInputFiles(MUSIC_FILE)
  await dialog.getByLabel(/^Título/).fill('Chuva Fina')
  await dialog.getByLabel(/Tags/).fill('chuva, noite')
  await dialog.getByRole('button', { name: 'Enviar música' }).click()
  await expect(page.getByText('Música enviada')).toBeVisible()
  const track = page.getByTestId('track-row').filter({ hasText: 'Chuva Fina' })
  await expect(track).toContainText('0:30')
  await expect(track.getByRole('switch', { name: 'Chuva Fina ativa' })).toHaveAttribute('aria-checked', 'true')
  await track.getByRole('switch', { name: 'Chuva Fina ativa' }).click()
  await expect(track.getByRole('switch', { name: 'Chuva Fina ativa' })).toHaveAttribute('aria-checked', 'false')

  await page.getByLabel('Volume global da música de fundo').fill('40')
  await page.getByRole('button', { name: 'Salvar volume' }).click()
  await expect(page.getByText('Volume salvo')).toBeVisible()
  const music = await (await page.request.get(`${server.baseURL}/api/admin/background-music`)).json()
  expect(music.volumePercentage).toBe(40)
})

test('an admin uploads a video with its thumbnail, activates it, and the landing plays it', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAsAdmin(page, admin, server.baseURL)
  await page.goto(`${server.baseURL}/admin/landing-videos`)

  // The product's type rule, before anything is sent.
  await page.getByLabel(/Arquivo de vídeo/).setInputFiles({ name: 'pagina.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') })
  await expect(page.getByText('Formato de vídeo não suportado. Use MP4, MPEG, MOV, AVI ou WebM.')).toBeVisible()

  await page.getByLabel(/Arquivo de vídeo/).setInputFiles(VIDEO_FILE)
  await page.locator('#video-file-title').fill('Boas-vindas em vídeo')
  await page.getByRole('button', { name: 'Enviar vídeo' }).click()
  await expect(page.getByText('Vídeo enviado')).toBeVisible({ timeout: 30_000 })
  const card = page.getByTestId('video-row').filter({ hasText: 'Boas-vindas em vídeo' })
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/media\/videos\/.+-thumb\.jpg$/)
  await card.getByRole('button', { name: /^Ativar/ }).click()
  await expect(card.getByText('Ativo na página inicial')).toBeVisible()

  const videos = (await (await page.request.get(`${server.baseURL}/api/landing`)).json()).videos as VideosContent
  const active = videos.videos.find((v) => v.id === videos.active_video_id)
  expect(active?.title).toBe('Boas-vindas em vídeo')
  const thumbnail = await page.request.get(`${server.baseURL}${active!.thumbnail_url}`)
  expect(thumbnail.headers()['content-type']).toBe('image/jpeg')

  await page.goto(`${server.baseURL}/`)
  const video = page.locator(`video[src="${active!.url}"]`)
  await expect(video).toBeVisible()
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThan(0)
})
