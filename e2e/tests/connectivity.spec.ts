import { expect, test } from '@playwright/test'

// The service worker stays on here: the app as installed, its service worker included (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

test('going offline shows a discreet notice, and it goes away when the connection returns', async ({ page, context }) => {
  await page.goto('/demo')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Sem conexão')).toHaveCount(0)

  await context.setOffline(true)
  await expect(page.getByText('Sem conexão', { exact: true })).toBeVisible()

  await context.setOffline(false)
  // Back online the app checks HEAD /api/health before trusting the connection again.
  await expect(page.getByText('Sem conexão', { exact: true })).toHaveCount(0, { timeout: 10_000 })
})
