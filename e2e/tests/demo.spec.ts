import { expect, test } from '@playwright/test'
import type { Demo } from '@sintonia/contract'

test('the demo audio plays in the browser through HTTP Range requests', async ({ page, request }) => {
  const demo = (await (await request.get('/api/demo')).json()) as Demo
  expect(demo.audio).not.toBeNull()

  const audioResponses: number[] = []
  page.on('response', (response) => {
    if (response.url().includes(`/api/audios/${demo.audio!.id}/file`)) audioResponses.push(response.status())
  })

  await page.goto('/demo')
  await expect(page.getByRole('heading', { name: demo.audio!.title })).toBeVisible()
  await expect(page.getByText(demo.fieldTitle!)).toBeVisible()

  await page.getByRole('button', { name: 'Reproduzir' }).click()

  const audio = page.getByTestId('demo-audio')
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1)
  expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false)
  // Chromium fetches media with Range requests; the server must answer them with 206.
  expect(audioResponses).toContain(206)

  await page.getByRole('button', { name: 'Pausar' }).click()
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true)
})

test('the plays counter counts a play heard to the end and restarts on request', async ({ page }) => {
  await page.goto('/demo')
  await expect(page.getByText('Reproduções: 0')).toBeVisible()
  await page.getByRole('button', { name: 'Reproduzir' }).click()
  const audio = page.getByTestId('demo-audio')
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0.2)
  // Jump close to the end instead of waiting the whole track; the play still has to finish.
  await audio.evaluate((el: HTMLAudioElement) => {
    el.currentTime = Math.max(0, el.duration - 0.6)
  })
  await expect(page.getByText('Reproduções: 1')).toBeVisible({ timeout: 10_000 })

  await page.getByRole('button', { name: 'Reiniciar Contador' }).click()
  await expect(page.getByText('Demonstração reiniciada!')).toBeVisible()
  await expect(page.getByText('Reproduções: 0')).toBeVisible()
})
