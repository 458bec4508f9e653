import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { waitForServiceWorker } from '../support/offline'
import { startReleaseProxy } from '../support/release-proxy'

// The service worker stays on here: installing and updating the app is the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })


/** Width and height of a PNG, read from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test('the web app manifest describes the installed app in pt-BR, with icons of the sizes it names', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('application/manifest+json')
  expect(response.headers()['cache-control']).toBe('no-cache')
  const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] }
  expect(manifest).toMatchObject({
    short_name: 'Sintonia',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    lang: 'pt-BR',
    theme_color: '#ffffff',
    background_color: '#fbfaff',
  })
  expect(String(manifest.name)).toContain('Sintonia')
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
    const file = await request.get(icon.src)
    expect(file.status(), icon.src).toBe(200)
    expect(file.headers()['content-type']).toBe(icon.type)
    const { width, height } = pngSize(await file.body())
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes)
  }
  const worker = await request.get('/sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')
})

test("Chromium finds the app installable: its own installability check reports no error (Lighthouse's installable-manifest audit)", async ({ baseURL }, testInfo) => {
  // A persistent profile: every Playwright context is incognito, where nothing is installable.
  const profile = mkdtempSync(join(tmpdir(), 'sintonia-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    // The same Chromium and flags as every journey (playwright.config.ts).
    ...testInfo.project.use.launchOptions,
    locale: 'pt-BR',
  })
  try {
    const page = await context.newPage()
    await page.goto(`${baseURL}/dashboard`)
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`)
    expect(manifest.errors).toEqual([])
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test("a new deploy offers 'Atualizar', which switches the open app to the new version", async ({ page, baseURL }) => {
  // The first install precaches the whole app, and the switch may wait for the old version to go idle.
  test.setTimeout(120_000)
  const proxy = await startReleaseProxy(baseURL!)
  try {
    await page.goto(`${proxy.baseURL}/demo`)
    await waitForServiceWorker(page)
    await expect(page.getByText('Nova versão disponível')).toHaveCount(0)

    proxy.publishNewVersion()
    // The app checks hourly; ask now instead of waiting.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    await expect(page.getByText('Nova versão disponível')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Atualize para usar a versão mais recente do app.')).toBeVisible()
    // The new worker waits: the page keeps the version it started with until the listener acts.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true)

    await page.evaluate(() => ((window as unknown as { semRecarregar: boolean }).semRecarregar = true))
    await page.getByRole('button', { name: 'Atualizar' }).click()
    // The page reloads at once when the new version takes over, or after the short fallback
    // when the old version is busy at the tap (features/offline/lib/service-worker.ts).
    await page.waitForFunction(() => !(window as unknown as { semRecarregar?: boolean }).semRecarregar, null, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // After the fallback, the new version takes over by itself once the old one is idle.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return { waiting: Boolean(registration?.waiting), active: registration?.active?.state, controlled: Boolean(navigator.serviceWorker.controller) }
          }),
        { timeout: 45_000 },
      )
      .toEqual({ waiting: false, active: 'activated', controlled: true })
    // Asked once: the reloaded page does not ask again.
    await expect(page.getByText('Nova versão disponível')).toHaveCount(0)
  } finally {
    await proxy.close()
  }
})
