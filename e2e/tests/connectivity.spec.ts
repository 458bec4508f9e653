import { expect, test } from '@playwright/test'
import { keepPicture } from '../support/screenshots'

// The service worker stays on here: the app as installed, its service worker included (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

test('going offline shows a discreet notice, and it goes away when the connection returns', async ({ page, context }) => {
  // A page with the header at every width (the demo's player takes the whole screen on a phone).
  await page.goto('/inscricao')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Sem conexão')).toHaveCount(0)

  await context.setOffline(true)
  await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible()
  // In the header's row, at a phone's width and a laptop's: it never covers the page below.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 780 })
    const [pill, header] = await Promise.all([page.locator('[data-connection-status="offline"]').boundingBox(), page.getByRole('banner').boundingBox()])
    expect(pill!.y).toBeGreaterThanOrEqual(header!.y)
    expect(pill!.y + pill!.height).toBeLessThanOrEqual(header!.y + header!.height)
    await keepPicture(page, `conexao-no-cabecalho-${width}`)
  }

  await context.setOffline(false)
  // Back online the app checks HEAD /api/health before trusting the connection again.
  await expect(page.getByText('Sem conexão', { exact: true })).toHaveCount(0, { timeout: 10_000 })
})
