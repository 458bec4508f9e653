import { expect, type Page } from '@playwright/test'
import type { Audio, FieldList, SessionManifest, SessionRequest } from '@sintonia/contract'
import { LockedScreen, type MediaLogEntry } from './locked-screen'
import { BREATH_CLIP, PRACTICE_CLIP } from './preparation'

/**
 * What the locked-screen journeys share (locked-screen.spec.ts on a quiet instance,
 * locked-screen-under-load.spec.ts while other sessions render): signing in, the prepared clips,
 * the server's count of today's repetitions, and the 3-repetition session played with the page's
 * code stopped.
 */

export async function signIn(page: Page, baseURL: string, email: string, password: string) {
  await page.goto(`${baseURL}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** The prepared practice clip (about 15 s) and breath clip (6 s), found in the catalogue. */
export async function findClips(page: Page, baseURL: string): Promise<{ clip: Audio; breath: Audio }> {
  let clip: Audio | undefined
  let breath: Audio | undefined
  const { fields } = (await (await page.request.get(`${baseURL}/api/public/fields`)).json()) as FieldList
  for (const field of fields) {
    const { audios } = (await (await page.request.get(`${baseURL}/api/fields/${field.id}/audios`)).json()) as { audios: Audio[] }
    clip = audios.find((a) => a.title === PRACTICE_CLIP.title) ?? clip
    breath = audios.find((a) => a.title === BREATH_CLIP.title) ?? breath
  }
  expect(clip).toBeDefined()
  expect(breath).toBeDefined()
  return { clip: clip!, breath: breath! }
}

export async function todayCount(page: Page, baseURL: string, audioId: string): Promise<number> {
  const res = await page.request.get(`${baseURL}/api/listening/today?audioId=${audioId}&tz=America/Sao_Paulo`)
  return ((await res.json()) as { repetitionsToday: number }).repetitionsToday
}

/** The session the page asked for (its manifest), caught as it arrives; `asking` picks the request by its body. */
export function nextManifest(page: Page, asking: (body: SessionRequest) => boolean = () => true): Promise<SessionManifest> {
  return page
    .waitForResponse((response) => {
      const request = response.request()
      return response.url().endsWith('/api/sessions') && request.method() === 'POST' && response.ok() && asking(request.postDataJSON() as SessionRequest)
    })
    .then((response) => response.json() as Promise<SessionManifest>)
}

/**
 * The breath clip set to 3 repetitions with 3 s pauses, played, the page's code stopped once its
 * stream is in, and the media stack's end awaited; then the page runs again and is checked to have
 * caught up at once (the counter, 'Concluído', today's repetitions, the server's count, once).
 * `beforePlay` runs just before the press (e.g. other listeners' load). Answers how long the one
 * element played, from its start to its end.
 */
export async function playThreeRepetitionsLocked(
  page: Page,
  baseURL: string,
  breath: Audio,
  beforePlay: () => Promise<void> = async () => {},
): Promise<{ manifest: SessionManifest; playedSeconds: number }> {
  // The programme day before may have counted some already: this session adds three.
  const before = await todayCount(page, baseURL, breath.id)
  await page.goto(`${baseURL}/campo/${breath.fieldId}/audio/${breath.id}`)
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

  await beforePlay()
  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pausar', exact: true })).toBeVisible()
  await screen.waitForStream(manifest.bytes)
  await screen.lock()
  const ended = await screen.waitForEnded((manifest.durationSeconds + 20) * 1000)
  await screen.unlock()

  // One element played the whole session: voice, pauses and music are in one stream.
  expect(screen.playersThatPlayed()).toEqual([ended.player])
  expect(screen.ranDry(ended.player)).toBe(false)
  const started: MediaLogEntry = screen.log.find((entry) => entry.event === 'kPlay' && entry.player === ended.player)!
  const playedSeconds = ended.at - started.at
  expect(playedSeconds).toBeGreaterThan(manifest.durationSeconds - 2)

  // The page catches up at once: the counter, 'Concluído', 'Repetições Hoje', and the server's count.
  await expect(page.getByTestId('repeat-counter')).toContainText('Repetições: 3')
  await expect(page.getByTestId('player-status')).toHaveText('Concluído')
  await expect(page.getByTestId('stat-today')).toHaveText(String(before + 3))
  await expect.poll(() => todayCount(page, baseURL, breath.id), { timeout: 20_000 }).toBe(before + 3)
  // Counted once: after a reload the server still says so.
  await page.reload()
  await expect(page.getByTestId('stat-today')).toHaveText(String(before + 3))
  return { manifest, playedSeconds }
}
