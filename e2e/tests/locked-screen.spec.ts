import { ALONE } from '../support/alone'
import { expect, test, type Page } from '@playwright/test'
import { API, type Audio, type FieldList, type ProgramDetail, type SessionManifest, type SessionRequest } from '@sintonia/contract'
import { LockedScreen } from '../support/locked-screen'
import { BREATH_CLIP, PRACTICE_CLIP } from '../support/preparation'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Sessions that keep playing with the screen locked (docs/product/sessions.md): the page's
 * JavaScript is stopped right after play, as a locked phone stops it, and the stream plays on by
 * itself — repetitions, pauses, music and the next audio — then the page catches up once.
 */
test.describe.configure({ mode: 'serial' })

const checkout = { email: `tela-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_tela${Date.now().toString(36)}` }
let server: PreparedServer
let clip: Audio
let breath: Audio

test.beforeAll(async ({ browser }) => {
  server = await startPreparedServer({
    paidCheckouts: [{ ...checkout, planCode: 'trimestral' }],
    practicePrograms: [{ title: 'Dois respiros', slug: 'dois-respiros', days: 2, repetitions: 2, withBreath: true, isOpen: true }],
  })
  const page = await browser.newPage()
  await onboardPaidBuyer(page, server.baseURL, checkout, 'senha-do-ouvinte')
  await findClips(page)
  await page.close()
})

async function signIn(page: Page) {
  await page.goto(`${server.baseURL}/login`)
  await page.getByLabel('E-mail').fill(checkout.email)
  await page.getByLabel('Senha', { exact: true }).fill('senha-do-ouvinte')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}
test.afterAll(async () => {
  await server?.stop()
})

async function findClips(page: Page) {
  const { fields } = (await (await page.request.get(`${server.baseURL}/api/public/fields`)).json()) as FieldList
  for (const field of fields) {
    const { audios } = (await (await page.request.get(`${server.baseURL}/api/fields/${field.id}/audios`)).json()) as { audios: Audio[] }
    clip = audios.find((a) => a.title === PRACTICE_CLIP.title) ?? clip
    breath = audios.find((a) => a.title === BREATH_CLIP.title) ?? breath
  }
  expect(clip).toBeDefined()
  expect(breath).toBeDefined()
}

async function todayCount(page: Page, audioId: string): Promise<number> {
  const res = await page.request.get(`${server.baseURL}/api/listening/today?audioId=${audioId}&tz=America/Sao_Paulo`)
  return ((await res.json()) as { repetitionsToday: number }).repetitionsToday
}

/** The session the page asked for (its manifest), caught as it arrives; `asking` picks the request by its body. */
function nextManifest(page: Page, asking: (body: SessionRequest) => boolean = () => true): Promise<SessionManifest> {
  return page
    .waitForResponse((response) => {
      const request = response.request()
      return response.url().endsWith('/api/sessions') && request.method() === 'POST' && response.ok() && asking(request.postDataJSON() as SessionRequest)
    })
    .then((response) => response.json() as Promise<SessionManifest>)
}

test("a programme day's two audios play one after the other with the page stopped, and the day is done", { tag: ALONE }, async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page)
  // Started by request (starting from /programas opens today's practice playing: practice-journey.spec.ts).
  const { program } = (await (await page.request.get(`${server.baseURL}${API.practice.program('dois-respiros')}`)).json()) as ProgramDetail
  const enrolled = await page.request.post(`${server.baseURL}${API.practice.enrolment(program.id)}`, { data: { featured: true }, headers: { origin: server.baseURL } })
  expect(enrolled.status()).toBe(201)

  const screen = await LockedScreen.watch(page)
  const asked = nextManifest(page)
  await page.goto(`${server.baseURL}/hoje`)
  const manifest = await asked
  expect(manifest.items.map((item) => [item.audioId, item.repetitions])).toEqual([
    [clip.id, 2],
    [breath.id, 2],
  ])
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRACTICE_CLIP.title)
  await expect(page.getByTestId('player-status')).toHaveText('Pronto para ouvir')

  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible()
  await screen.waitForStream(manifest.bytes)
  await screen.lock()
  await screen.waitForEnded((manifest.durationSeconds + 20) * 1000)
  await screen.unlock()
  expect(screen.playersThatPlayed()).toHaveLength(1)

  // Both audios were heard to their count: the day is done, on the server too.
  await expect(page.getByText('Dia 1 concluído', { exact: false }).first()).toBeVisible({ timeout: 30_000 })
  const detail = (await (await page.request.get(`${server.baseURL}/api/programs/dois-respiros`)).json()) as ProgramDetail
  expect(detail.days.find((day) => day.day === 1)?.state).toBe('done')
})

test('a 3-repetition session with 3 s pauses plays to its end with the page stopped, and counts 3 repetitions once', { tag: ALONE }, async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page)

  // The shorter clip (6 s): the session is heard in real time. The programme day before may have
  // counted some already: this session adds three.
  const before = await todayCount(page, breath.id)
  await page.goto(`${server.baseURL}/campo/${breath.fieldId}/audio/${breath.id}`)
  const screen = await LockedScreen.watch(page)
  await page.getByRole('button', { name: 'Configurações de Áudio' }).click()
  const asked = nextManifest(page, (body) => body.pauseSeconds === 3 && body.items[0]?.repetitions === 3)
  await page.getByLabel('Repetições', { exact: true }).fill('3')
  await page.getByLabel('Pausa entre repetições (segundos)').fill('3')
  await page.getByRole('button', { name: 'Fechar', exact: true }).click()
  const manifest = await asked
  expect(manifest.items).toHaveLength(1)
  expect(manifest.items[0]!.repetitions).toBe(3)
  expect(manifest.pauseSeconds).toBe(3)
  expect(manifest.music).not.toBeNull()
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 0')
  await expect(page.getByTestId('player-status')).toHaveText('Pronto para ouvir')

  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible()
  await screen.waitForStream(manifest.bytes)
  await screen.lock()
  const ended = await screen.waitForEnded((manifest.durationSeconds + 20) * 1000)
  await screen.unlock()

  // One element played the whole session: voice, pauses and music are in one stream.
  const players = screen.playersThatPlayed()
  expect(players).toEqual([ended.player])
  expect(screen.ranDry(ended.player)).toBe(false)
  const started = screen.log.find((entry) => entry.event === 'kPlay' && entry.player === ended.player)!
  expect(ended.at - started.at).toBeGreaterThan(manifest.durationSeconds - 2)

  // The page catches up at once: the counter, 'Concluído', 'Repetições Hoje', and the server's count.
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 3')
  await expect(page.getByTestId('player-status')).toHaveText('Concluído')
  await expect(page.getByTestId('stat-today')).toHaveText(String(before + 3))
  await expect.poll(() => todayCount(page, breath.id), { timeout: 20_000 }).toBe(before + 3)
  // Counted once: after a reload the server still says so.
  await page.reload()
  await expect(page.getByTestId('stat-today')).toHaveText(String(before + 3))
})

test('a playlist goes on to its next audio with the page stopped', { tag: ALONE }, async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page)
  const created = await page.request.post(`${server.baseURL}/api/playlists`, {
    data: { id: crypto.randomUUID(), name: 'Respiros', description: 'Dois respiros', audioIds: [breath.id, clip.id] },
  })
  expect(created.status()).toBe(201)
  await page.evaluate(() => localStorage.setItem('audio-preferences', JSON.stringify({ volume: 70, repeatCount: 1, pauseBetweenRepeats: 0, autoPlay: false, showProgress: true, musicVolume: null })))
  await page.reload()

  const breathBefore = await todayCount(page, breath.id)
  const screen = await LockedScreen.watch(page)
  const asked = nextManifest(page)
  await page.getByRole('region', { name: 'Minhas playlists' }).getByRole('button', { name: 'Tocar playlist Respiros' }).click()
  const manifest = await asked
  expect(manifest.items.map((item) => item.audioId)).toEqual([breath.id, clip.id])
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BREATH_CLIP.title)

  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible()
  await screen.waitForStream(manifest.bytes)
  await screen.lock()
  await screen.waitForEnded((manifest.durationSeconds + 20) * 1000)
  await screen.unlock()

  // The page followed the stream to the second audio, and both repetitions were counted.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRACTICE_CLIP.title)
  await expect(page.getByTestId('audio-position')).toContainText('Áudio 2 de 2')
  await expect(page).toHaveURL(new RegExp(`/audio/${clip.id}$`))
  await expect(page.getByTestId('player-status')).toHaveText('Concluído')
  await expect.poll(() => todayCount(page, breath.id), { timeout: 20_000 }).toBe(breathBefore + 1)
})
