import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support/accounts'
import { expectSandboxCheckout } from '../support/checkout'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'

/**
 * The plan page as an admin may have set it up (docs/product/commerce.md#plan-cards):
 * one plan switched off (two columns), a promotion on the annual plan with its label, the struck
 * original price and a countdown ticking every second; at zero the card falls back to the
 * original price without a reload. The provider charges the promotional price.
 */
test.describe.configure({ mode: 'serial' })

let server: PreparedServer
const promotionEnd = new Date(Date.now() + 2 * 3600_000)

test.beforeAll(async () => {
  server = await startPreparedServer({
    plans: [
      { code: 'trimestral', isActive: false },
      { code: 'anual', promotion: { discountPercentage: 50, label: 'OFERTA LIMITADA', endsAt: promotionEnd.toISOString() } },
    ],
  })
})
test.afterAll(async () => {
  await server?.stop()
})

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ')

test('two active plans in two columns; the promotion counts down and ends without a reload', async ({ page }) => {
  await page.clock.install({ time: new Date() })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${server.baseURL}/assinatura`)

  const grid = page.getByTestId('plan-grid')
  await expect(grid).toHaveAttribute('data-columns', '2')
  await expect(page.getByTestId('plan-card')).toHaveCount(2)
  const annual = page.locator('[data-testid="plan-card"][data-plan="anual"]')
  await expect(annual.getByText('OFERTA LIMITADA · −50%')).toBeVisible()
  expect(plain(await annual.getByTestId('plan-original-price').textContent())).toBe('R$ 478,80')
  expect(plain(await annual.getByTestId('plan-price').textContent())).toBe('R$ 239,40')

  // The countdown ticks every second.
  const timer = annual.getByRole('timer')
  const before = await timer.getAttribute('aria-label')
  await page.clock.runFor(1_000)
  await expect(timer).not.toHaveAttribute('aria-label', before ?? '')
  await expect(timer).toHaveAttribute('aria-label', /^Termina em 1 hora, 59 min, \d+ s$/)

  // The end date passes while the page stays open: back to the original price.
  await page.clock.fastForward(promotionEnd.getTime() - Date.now() + 2_000)
  await expect(annual.getByRole('timer')).toHaveCount(0)
  await expect(annual.getByTestId('plan-original-price')).toHaveCount(0)
  expect(plain(await annual.getByTestId('plan-price').textContent())).toBe('R$ 478,80')
})

test('a visitor paying first is charged the promotional price', async ({ page }) => {
  await page.goto(`${server.baseURL}/assinatura`)
  await page.getByRole('button', { name: 'Assinar Anual' }).click()
  await page.getByRole('dialog', { name: 'Assinar o plano Anual' }).getByRole('link', { name: /Pagar agora/ }).click()
  await expect(page).toHaveURL(/\/pagamento\?plan=anual$/)
  // The address changes before the payment page replaces the plan page: wait for its heading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plano Anual por R$ 239,40/ano')
  // Only the two active plans can be chosen.
  await expect(page.getByRole('radio')).toHaveCount(2)
  await page.getByLabel('Email').fill(uniqueEmail('promo'))
  await page.getByLabel('Nome Completo').fill('Clara Nunes')
  await page.getByRole('button', { name: /Continuar para o pagamento/ }).click()
  await expectSandboxCheckout(page, 'Anual')
  await expect(page.getByText(/Total hoje/)).toBeVisible()
  await expect(page.getByText(/R\$\s239,40/).first()).toBeVisible()
})
