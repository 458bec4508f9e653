import { expect, test, type Page } from '@playwright/test'
import { API, COMMERCE_MSG, type AdminPlansResponse } from '@sintonia/contract'
import { createAdmin, signInAsAdmin, uniqueEmail } from '../support/accounts'

/** Admin plan journeys (issue #7): a new price and promotion reach /assinatura; an inactive plan leaves it. */
test.describe.configure({ mode: 'serial' })

const ADMIN = { email: uniqueEmail('admin-planos'), password: 'senha-admin-planos-1' }

async function adminSignIn(page: Page) {
  await signInAsAdmin(page, ADMIN)
}

/** A `datetime-local` value as the browser (São Paulo, playwright.config.ts) reads it. */
function saoPauloInput(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .format(date)
    .replace(' ', 'T')
}

let original: AdminPlansResponse | undefined

test.beforeAll(async () => {
  await createAdmin(ADMIN.email, ADMIN.password)
})

/** Other journeys expect the seeded plans: put back what this one changed, through the admin API. */
test.afterAll(async ({ browser }) => {
  if (!original) return
  const page = await (await browser.newContext()).newPage()
  await adminSignIn(page)
  for (const plan of original.plans) {
    const { code, name, description, intervalMonths, savings, popular, isActive, displayOrder } = plan
    const details = await page.request.put(API.commerce.admin.planDetails(code), { data: { name, description, intervalMonths, savings, popular, isActive, displayOrder } })
    expect(details.status()).toBe(200)
    const pricing = await page.request.put(API.commerce.admin.planPricing(code), {
      data: { originalPriceCents: plan.originalPriceCents, hasPromotion: false, discountPercentage: null, promotionEndDate: null, promotionLabel: null },
    })
    expect(pricing.status()).toBe(200)
  }
  await page.context().close()
})

test('a new price with a promotion shows on /assinatura with its countdown; an inactive plan disappears', async ({ page, browser }) => {
  await adminSignIn(page)
  original = (await (await page.request.get(API.commerce.admin.plans)).json()) as AdminPlansResponse

  await page.goto('/admin/pricing')
  const editor = page.getByTestId('pricing-semestral')
  await editor.getByLabel(/Preço do período/).fill('299,90')
  await editor.getByRole('checkbox', { name: 'Promoção ativa' }).check()
  await editor.getByLabel(/Desconto/).fill('120')
  await editor.getByLabel(/Selo/).fill('Semana do bem-estar')
  await editor.getByRole('button', { name: 'Salvar preço' }).click()
  await expect(editor.getByText(COMMERCE_MSG.discountRange)).toBeVisible()
  await expect(editor.getByText(COMMERCE_MSG.promotionEndRequired)).toBeVisible()

  await editor.getByLabel(/Desconto/).fill('20')
  await editor.getByLabel(/Termina em/, { exact: false }).first().fill(saoPauloInput(new Date(Date.now() + 3 * 86_400_000)))
  // The preview already shows what the public will see: 299,90 − 20 % = 239,92.
  await expect(editor.getByRole('list', { name: 'Prévia do plano Semestral' }).getByTestId('plan-price')).toContainText('239,92')
  await editor.getByRole('button', { name: 'Salvar preço' }).click()
  await expect(page.getByText('Preço do plano Semestral salvo')).toBeVisible()

  await page.goto('/admin/subscription-plans')
  const trimestral = page.getByTestId('plan-trimestral')
  await trimestral.getByRole('checkbox', { name: /Ativo/ }).uncheck()
  await trimestral.getByRole('button', { name: 'Salvar plano' }).click()
  await expect(page.getByText('Plano Trimestral salvo')).toBeVisible()
  await expect(page.getByTestId('plan-trimestral').getByText('Inativo')).toBeVisible()

  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/assinatura')
  await expect(visitor.getByTestId('plan-card')).toHaveCount(2)
  await expect(visitor.locator('[data-testid="plan-card"][data-plan="trimestral"]')).toHaveCount(0)
  const semestral = visitor.locator('[data-testid="plan-card"][data-plan="semestral"]')
  await expect(semestral.getByTestId('plan-price')).toContainText('239,92')
  await expect(semestral.getByTestId('plan-original-price')).toContainText('299,90')
  await expect(semestral.getByText(/Semana do bem-estar/)).toBeVisible()
  await expect(semestral.getByRole('timer')).toHaveAttribute('aria-label', /^Termina em 2 dias, 23 horas/)
  await visitor.context().close()
})
