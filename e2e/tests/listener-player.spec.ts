import { expect, test } from '@playwright/test'
import type { Audio, FieldList, Playlist, SessionManifest, SessionRequest } from '@sintonia/contract'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

test.describe.configure({ mode: 'serial' })

const checkout = { email: `ouvinte-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_${Date.now().toString(36)}` }
let server: PreparedServer
/** A subscriber-only audio, found by the first journey. */
let subscriberAudioId = ''

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'trimestral' }] })
})
test.afterAll(async () => {
  await server?.stop()
})

test('a subscriber filters a field by tag, hears two repetitions with background music, and moves on', async ({ page }) => {
  test.setTimeout(120_000)
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-do-ouvinte')

  const { fields } = (await (await page.request.get(`${server.baseURL}/api/public/fields`)).json()) as FieldList
  // A field without the public demo audio, so every audio in it is subscriber-only.
  let field = fields[0]!
  let audios: Audio[] = []
  for (const candidate of fields) {
    const body = (await (await page.request.get(`${server.baseURL}/api/fields/${candidate.id}/audios`)).json()) as { audios: Audio[] }
    if (!body.audios.some((a) => a.isDemo)) {
      field = candidate
      audios = body.audios
      break
    }
  }
  expect(audios.length).toBeGreaterThan(1)
  const tags = [...new Set(audios.flatMap((a) => a.tags))].sort((a, b) => a.localeCompare(b, 'pt-BR'))
  const firstTag = tags[0]!
  const withFirstTag = audios.filter((a) => a.tags.includes(firstTag))

  await page.goto(`${server.baseURL}/campo/${field.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(field.title)
  await expect(page.getByTestId('audio-card')).toHaveCount(audios.length)
  await page.getByRole('button', { name: firstTag, exact: true }).click()
  await expect(page.getByTestId('audio-card')).toHaveCount(withFirstTag.length)
  await page.getByRole('button', { name: firstTag, exact: true }).click()
  await expect(page.getByTestId('audio-card')).toHaveCount(audios.length)

  // Audios of a field are in title order; open the first.
  const first = audios[0]!
  subscriberAudioId = first.id
  await page.getByRole('link', { name: `Ouvir ${first.title}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)
  await expect(page.getByTestId('audio-position')).toContainText(`Áudio 1 de ${audios.length}`)

  await page.getByRole('button', { name: 'Configurações de Áudio' }).click()
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/sessions') && (response.request().postDataJSON() as SessionRequest).items[0]?.repetitions === 2)
  await page.getByLabel('Repetições', { exact: true }).fill('2')
  await page.getByRole('button', { name: 'Fechar', exact: true }).click()
  // One session: the voice twice and the music under it, in one stream.
  const manifest = (await (await asked).json()) as SessionManifest
  expect(manifest.items).toHaveLength(1)
  expect(manifest.items[0]!.repetitions).toBe(2)
  const [firstEnd, secondEnd] = manifest.items[0]!.repetitionEnds as [number, number]
  await expect(page.getByRole('region', { name: 'Player de áudio' })).toHaveAttribute('data-session', manifest.key)
  await expect(page.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })

  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible({ timeout: 15_000 })
  // Background music plays under the voice (in the stream).
  await expect(page.getByTestId('background-music-status')).toHaveAttribute('data-playing', 'true')
  await expect(page.getByTestId('background-music-status')).toHaveText(`Música de fundo: ${manifest.music!.title}`)

  // Jump close to the end of each repetition instead of waiting for it; it is still heard to its end.
  const progress = page.getByLabel('Progresso do áudio')
  await progress.fill(String(Math.floor(firstEnd) - 1))
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 1', { timeout: 15_000 })
  await expect(page.getByTestId('stat-today')).toHaveText('1')
  // The second repetition follows in the same stream.
  await expect(page.getByTestId('player-status')).toHaveText(/Reproduzindo|Preparando a próxima repetição/)
  await progress.fill(String(Math.floor(secondEnd) - 1))
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 2', { timeout: 15_000 })
  await expect(page.getByTestId('stat-today')).toHaveText('2')
  // Two of two: the stream fades out and ends, and the music with it.
  await expect(page.getByRole('button', { name: 'Reproduzir', exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('player-status')).toHaveText('Concluído')
  await expect(page.getByTestId('background-music-status')).not.toHaveAttribute('data-playing', 'true')

  // 'Repetições Hoje' comes from the server: it survives a reload (events are sent in the background).
  await expect
    .poll(async () => {
      await page.reload()
      // Read the server's count, not the tile's loading text.
      const stat = page.getByTestId('stat-today')
      await expect(stat).not.toHaveText('Carregando...')
      return stat.textContent()
    }, { timeout: 20_000 })
    .toBe('2')

  await page.getByRole('button', { name: /^Próximo/ }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(audios[1]!.title)
  await expect(page.getByTestId('audio-position')).toContainText(`Áudio 2 de ${audios.length}`)
  await page.getByRole('button', { name: /^Anterior/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)

  // Favourites: with no playlist yet, the heart creates 'Favoritos' with this audio; again, removes it.
  const heart = page.getByRole('button', { name: `Adicionar “${first.title}” aos favoritos` })
  await heart.click()
  await expect(page.getByRole('button', { name: `Remover “${first.title}” dos favoritos` })).toHaveAttribute('aria-pressed', 'true')
  const stored = async () =>
    ((await (await page.request.get(`${server.baseURL}/api/playlists`)).json()) as { playlists: Playlist[] }).playlists
  await expect.poll(async () => (await stored()).map((p) => [p.name, p.description, p.audios.map((a) => a.id)])).toEqual([
    ['Favoritos', 'Seus áudios favoritos', [first.id]],
  ])
  await page.getByRole('button', { name: `Remover “${first.title}” dos favoritos` }).click()
  await expect(page.getByRole('button', { name: `Adicionar “${first.title}” aos favoritos` })).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(async () => (await stored())[0]?.audios.length).toBe(0)
})

test('a listener without a subscription is refused the audio file and sees the plan card', async ({ page, request }) => {
  const email = `sem-plano-${Date.now().toString(36)}@exemplo.com`
  const signUp = await request.post(`${server.baseURL}/api/account/sign-up`, { data: { email, password: 'senha-sem-plano' } })
  expect(signUp.status()).toBe(201)
  const { fields } = (await (await request.get(`${server.baseURL}/api/public/fields`)).json()) as FieldList
  const audios = await request.get(`${server.baseURL}/api/fields/${fields[0]!.id}/audios`)
  expect(audios.status()).toBe(403)

  const file = await request.get(`${server.baseURL}/api/audios/${subscriberAudioId}/file`, { headers: { range: 'bytes=0-99' } })
  expect(file.status()).toBe(403)

  await page.goto(`${server.baseURL}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill('senha-sem-plano')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto(`${server.baseURL}/campo/${fields[0]!.id}`)
  await expect(page.getByText('Escolha Seu Plano')).toBeVisible()
  await expect(page.getByText('escolha um dos nossos planos: trimestral, semestral ou anual')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ver Planos Disponíveis' })).toHaveAttribute('href', '/assinatura')
})
