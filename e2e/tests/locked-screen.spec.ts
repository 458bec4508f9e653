import { ALONE } from '../support/alone'
import { expect, test } from '@playwright/test'
import { API, type Audio, type ProgramDetail } from '@sintonia/contract'
import { LockedScreen } from '../support/locked-screen'
import { findClips, nextManifest, playThreeRepetitionsLocked, signIn, todayCount } from '../support/locked-session'
import { PRACTICE_CLIP, BREATH_CLIP } from '../support/preparation'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'

/**
 * Sessions that keep playing with the screen locked (docs/product/sessions.md): the page's
 * JavaScript is stopped right after play, as a locked phone stops it, and the stream plays on by
 * itself — repetitions, pauses, music and the next audio — then the page catches up once.
 */
test.describe.configure({ mode: 'serial' })

const checkout = { email: `tela-${Date.now().toString(36)}@exemplo.com`, sessionId: `cs_e2e_tela${Date.now().toString(36)}` }
const PASSWORD = 'senha-do-ouvinte'
let server: PreparedServer
let clip: Audio
let breath: Audio

test.beforeAll(async ({ browser }) => {
  server = await startPreparedServer({
    paidCheckouts: [{ ...checkout, planCode: 'trimestral' }],
    practicePrograms: [{ title: 'Dois respiros', slug: 'dois-respiros', days: 2, repetitions: 2, withBreath: true, isOpen: true }],
  })
  const page = await browser.newPage()
  await onboardPaidBuyer(page, server.baseURL, checkout, PASSWORD)
  ;({ clip, breath } = await findClips(page, server.baseURL))
  await page.close()
})

test.afterAll(async () => {
  await server?.stop()
})

test("a programme day's two audios play one after the other with the page stopped, and the day is done", { tag: ALONE }, async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page, server.baseURL, checkout.email, PASSWORD)
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
  await signIn(page, server.baseURL, checkout.email, PASSWORD)
  // The shorter clip (6 s): the session is heard in real time.
  await playThreeRepetitionsLocked(page, server.baseURL, breath)
})

test('a playlist goes on to its next audio with the page stopped', { tag: ALONE }, async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page, server.baseURL, checkout.email, PASSWORD)
  const created = await page.request.post(`${server.baseURL}/api/playlists`, {
    data: { id: crypto.randomUUID(), name: 'Respiros', description: 'Dois respiros', audioIds: [breath.id, clip.id] },
  })
  expect(created.status()).toBe(201)
  await page.evaluate(() => localStorage.setItem('audio-preferences', JSON.stringify({ volume: 70, repeatCount: 1, pauseBetweenRepeats: 0, autoPlay: false, showProgress: true, musicVolume: null })))
  await page.reload()

  const breathBefore = await todayCount(page, server.baseURL, breath.id)
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
  await expect.poll(() => todayCount(page, server.baseURL, breath.id), { timeout: 20_000 }).toBe(breathBefore + 1)
})
