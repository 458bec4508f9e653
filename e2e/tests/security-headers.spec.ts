import { expect, test, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/accounts'
import { expectCatalogueOpen, expectPracticeReady, expectSandboxCheckout, passProcessing, payWithCard } from '../support/checkout'
import { waitForMailLink } from '../support/mailbox'

// The service worker stays on here: the security policy must let the service worker run (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/**
 * The Content-Security-Policy lets the product work (security suite): a visitor goes from the
 * landing and the demo through payment on the sandbox provider to the catalogue and the player,
 * and then the API docs, without one CSP violation reported by Chromium.
 */
function recordViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
  })
  return violations
}

test('no page of a purchase and first listen breaks the content security policy', async ({ page }) => {
  test.setTimeout(180_000)
  const violations = recordViolations(page)

  const landing = await page.goto('/')
  expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/demo')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/pagamento?plan=semestral')
  const email = uniqueEmail('csp')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Nome Completo').fill('Carla Nunes')
  await page.getByRole('button', { name: /Continuar para o pagamento/ }).click()
  const sessionId = await expectSandboxCheckout(page, 'Semestral')
  await page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: 'Pix' }).click()
  await expect(page.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible()
  await page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: /Cartão/ }).click()
  await payWithCard(page)
  await passProcessing(page, sessionId)
  // The purchase is activated from its e-mail: the access link's page chooses the password.
  await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible()
  await page.goto(await waitForMailLink(email, '/onboarding/definir-senha'))
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-da-carla-1')
  await page.getByLabel('Confirme a senha').fill('senha-da-carla-1')
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
  // Today's practice first (the programme started for the buyer), then the catalogue.
  await expectPracticeReady(page)
  await page.goto('/dashboard')
  await expectCatalogueOpen(page)

  // Into a field and its first audio: the player loads the voice and the background music.
  await page.locator('main a[href^="/campo/"]').first().click()
  await expect(page).toHaveURL(/\/campo\/[0-9a-f-]{36}$/)
  await page.locator('main a[href*="/audio/"]').first().click()
  await expect(page).toHaveURL(/\/audio\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('player-status')).toHaveText('Pronto para ouvir', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Reproduzir', exact: true }).click()
  await expect(page.getByText('Reproduzindo', { exact: true })).toBeVisible()
  await expect(page.getByText(/Música de fundo:/)).toBeVisible()

  await page.goto('/api/docs')
  await expect(page.locator('#swagger-ui')).toBeVisible()
  await expect(page.getByText(/Sintonia/).first()).toBeVisible()

  expect(violations).toEqual([])
})
