import { expect, test } from '@playwright/test'
import { DEMO_MSG, type Demo, type SessionManifest, type SessionRequest } from '@sintonia/contract'
import { screenshotBoth } from '../support/screenshots'

// The demo needs no service worker, and the journeys below answer /api/demo themselves.
test.use({ serviceWorkers: 'block' })

/**
 * The free demo plays in the listener's own player (docs/product/public-pages.md#demo-demo): its
 * rendered session — repetitions and background music (the public track) in one stream — and
 * settings, for the demo audio only.
 */
test('the demo audio plays in the real player, through HTTP Range requests, with the public background music', async ({ page, request }) => {
  const demo = (await (await request.get('/api/demo')).json()) as Demo
  expect(demo.audio).not.toBeNull()

  const audioResponses: number[] = []
  const subscriberCalls: string[] = []
  page.on('response', (response) => {
    // The demo plays its rendered session (one stream: voice, repetitions and music).
    if (/\/api\/sessions\/[a-f0-9]{32}\/audio$/.test(response.url())) audioResponses.push(response.status())
    if (/\/api\/(background-music|listening|fields|playlists)/.test(response.url())) subscriberCalls.push(response.url())
  })

  await page.goto('/demo')
  await expect(page.getByRole('heading', { level: 1, name: demo.audio!.title })).toBeVisible()
  await expect(page.getByTestId('player-stage').getByText(demo.fieldTitle!)).toBeVisible()
  const player = page.getByRole('region', { name: 'Player de áudio' })
  await expect(player.getByTestId('repeat-counter')).toContainText('Repetições: 0')
  await expect(player.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })

  await player.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(player.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible()
  await expect(player.getByTestId('player-status')).toHaveText('Reproduzindo')
  const progress = player.getByLabel('Progresso do áudio')
  await expect.poll(async () => Number(await progress.inputValue()), { timeout: 15_000 }).toBeGreaterThan(1)
  // "Sem parar" (the demo's default) streams an hour of it: the player shows the audio's own length
  // and the repetition playing, as the page's "3:04" above says, not the hour's.
  await expect(player.getByTestId('total')).toHaveText(`Duração do áudio: ${demo.audio!.duration} · repetição 1`)
  // Chromium fetches media with Range requests; the server must answer them with 206.
  expect(audioResponses).toContain(206)
  // The music in the stream is the public track; no subscriber endpoint was asked.
  await expect(player.getByTestId('background-music-status')).toHaveAttribute('data-playing', 'true')
  await expect(player.getByTestId('background-music-status')).toHaveText('Música de fundo: Música de Fundo')
  expect(subscriberCalls).toEqual([])
  await screenshotBoth(page, 'demo-tocando')

  await player.getByRole('button', { name: 'Pausar', exact: true }).click()
  await expect(player.getByTestId('player-status')).toHaveText('Pausado')
  await expect(player.getByTestId('background-music-status')).not.toHaveAttribute('data-playing', 'true')
})

test("repetitions, settings and 'Reiniciar' work on the demo, which reads 'Concluído' when heard", async ({ page }) => {
  await page.goto('/demo')
  const player = page.getByRole('region', { name: 'Player de áudio' })
  await expect(player.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })

  const asked: SessionRequest[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/sessions')) asked.push(request.postDataJSON() as SessionRequest)
  })
  await player.getByRole('button', { name: 'Configurações de Áudio' }).click()
  const dialog = page.getByRole('dialog', { name: 'Configurações de Áudio' })
  await dialog.getByLabel('Repetições', { exact: true }).fill('1')
  await dialog.getByLabel('Pausa entre repetições').fill('2')
  await expect(dialog.getByTestId('pause-display')).toHaveText('2 segundos')
  await screenshotBoth(page, 'demo-configuracoes')
  // One repetition without a pause is one of the demo's variants: its session is asked for.
  const variant = page.waitForResponse((response) => {
    if (!response.url().endsWith('/api/sessions')) return false
    const request = response.request().postDataJSON() as SessionRequest
    return request.pauseSeconds === 0 && request.items[0]?.repetitions === 1
  })
  await dialog.getByLabel('Pausa entre repetições').fill('0')
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click()
  const manifest = (await (await variant).json()) as SessionManifest
  // A pause of 2 s is not: the server was never asked for it (the audio's own file would play).
  expect(asked.filter((request) => request.pauseSeconds === 2)).toEqual([])
  await expect(player.getByTestId('repeat-counter')).toContainText('Repetições: 0 / 1')
  // Play once that session is on the element and ready (a press while it loads also plays it, once ready).
  await expect(player).toHaveAttribute('data-session', manifest.key)
  await expect(player.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })

  await player.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  const progress = player.getByLabel('Progresso do áudio')
  await expect.poll(async () => Number(await progress.inputValue()), { timeout: 15_000 }).toBeGreaterThan(0)
  // Jump close to the end of the voice instead of waiting for it; it still has to be heard to its end.
  await progress.fill(String(Math.floor(manifest.items[0]!.end) - 1))
  await expect(player.getByTestId('repeat-counter')).toContainText('Repetições: 1', { timeout: 15_000 })
  await expect(player.getByTestId('player-status')).toHaveText('Concluído')
  await expect(player.getByRole('button', { name: 'Reproduzir', exact: true })).toBeVisible()

  await player.getByRole('button', { name: 'Reiniciar áudio e contador' }).click()
  await expect(page.getByText(DEMO_MSG.restarted)).toBeVisible()
  await expect(player.getByTestId('repeat-counter')).toContainText('Repetições: 0')
  // The settings are the device's: put them back for the next journeys.
  await page.evaluate(() => localStorage.removeItem('audio-preferences'))
})

test('a demo that cannot be read, or that no audio can serve, says so in the product words', async ({ page }) => {
  await page.route('**/api/demo', (route) => route.abort('internetdisconnected'))
  await page.goto('/demo')
  await expect(page.getByRole('heading', { name: DEMO_MSG.unavailableTitle })).toBeVisible()
  await expect(page.getByText(DEMO_MSG.loadError)).toBeVisible()
  await expect(page.getByText('Erro de conexão. Verifique sua internet.')).toBeVisible()
  await screenshotBoth(page, 'demo-erro-de-carga')

  await page.unroute('**/api/demo')
  await page.route('**/api/demo', (route) => route.fulfill({ json: { audio: null, fieldTitle: null, isAlternative: false } }))
  await page.getByRole('button', { name: 'Tentar Novamente' }).click()
  await expect(page.getByText(DEMO_MSG.notConfigured)).toBeVisible()
  await expect(page.getByText(DEMO_MSG.loadError)).toHaveCount(0)
  await screenshotBoth(page, 'demo-sem-audio')
})

test('a press on Reproduzir the moment it shows plays once the session is there — its stored render — with no second press', async ({ page, request }) => {
  // The variant the journey hears (one repetition, no pause) is rendered whole first, as the
  // server does ahead of visitors: its manifest then carries the stored file's signed address.
  const demo = (await (await request.get('/api/demo')).json()) as Demo
  const variant: SessionRequest = { items: [{ audioId: demo.audio!.id, repetitions: 1 }], pauseSeconds: 0, music: 'auto', endAtSeconds: null }
  const first = (await (await request.post('/api/sessions', { data: variant })).json()) as SessionManifest
  expect((await request.get(first.url)).ok()).toBe(true)
  await expect
    .poll(async () => ((await (await request.post('/api/sessions', { data: variant })).json()) as SessionManifest).direct?.url ?? null, { timeout: 30_000 })
    .toMatch(/^\/api\/files\/sessions\//)

  // The device's settings: one repetition, no pause.
  await page.goto('/demo')
  const player = page.getByRole('region', { name: 'Player de áudio' })
  await player.getByRole('button', { name: 'Configurações de Áudio' }).click()
  const dialog = page.getByRole('dialog', { name: 'Configurações de Áudio' })
  await dialog.getByLabel('Repetições', { exact: true }).fill('1')
  await dialog.getByLabel('Pausa entre repetições').fill('0')
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click()

  // The session's answer is held back until the press has happened, so the press surely comes before it.
  let pressed!: () => void
  const afterPress = new Promise<void>((resolve) => (pressed = resolve))
  await page.route('**/api/sessions', async (route) => {
    await afterPress
    await route.continue()
  })
  const fetched: string[] = []
  page.on('request', (sent) => fetched.push(sent.url()))
  await page.reload()
  await player.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  const status = await player.getByTestId('player-status').textContent()
  pressed()
  expect(status).not.toBe('Pronto para ouvir')
  // It plays by itself once the session is there, from the stored file's address.
  await expect(player.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(player.getByTestId('player-status')).toHaveText('Reproduzindo')
  const progress = player.getByLabel('Progresso do áudio')
  await expect.poll(async () => Number(await progress.inputValue()), { timeout: 15_000 }).toBeGreaterThan(0)
  expect(fetched.some((url) => new URL(url).pathname.startsWith('/api/files/sessions/'))).toBe(true)
  await page.unroute('**/api/sessions')
  await page.evaluate(() => localStorage.removeItem('audio-preferences'))
})
