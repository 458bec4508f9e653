import { expect, test } from '@playwright/test'
import { screenshotBoth } from '../support/screenshots'
import type { PlanCode } from '@sintonia/contract'
import { signUpViaUi, uniqueEmail } from '../support/accounts'
import { expectCatalogueOpen, expectSandboxCheckout, expectSubscriptionActivated, passProcessing, payWithCard } from '../support/checkout'
import { waitForMailTo } from '../support/mailbox'

/**
 * Auth-first purchase of each plan on the sandbox provider (docs/product/commerce.md#auth-first):
 * a new account chooses a plan on /assinatura, pays on the provider's hosted page and ends on
 * /dashboard with the catalogue open. One sign-up per plan (sign-up is rate-limited).
 */
test.describe.configure({ mode: 'serial' })

const PLANS: { code: PlanCode; name: string; amount: RegExp }[] = [
  { code: 'trimestral', name: 'Trimestral', amount: /R\$\s149,70/ },
  { code: 'semestral', name: 'Semestral', amount: /R\$\s269,40/ },
  { code: 'anual', name: 'Anual', amount: /R\$\s478,80/ },
]

for (const plan of PLANS) {
  test(`a new listener buys the ${plan.code} plan and lands on the catalogue`, async ({ page }) => {
    test.setTimeout(120_000)
    const email = uniqueEmail(`compra-${plan.code}`)
    if (plan.code === 'anual') {
      // From the landing: the plan's button, the choice on the plan page, the account, and the
      // checkout starting by itself (auto_plan) once the account exists.
      await page.goto('/')
      await page.locator('#planos').getByRole('link', { name: 'Assinar Anual' }).click()
      await expect(page).toHaveURL(/\/assinatura/)
      await page.getByRole('dialog', { name: 'Assinar o plano Anual' }).getByRole('link', { name: /Entrar ou criar conta/ }).click()
      await expect(page).toHaveURL(/\/login\?plan=anual$/)
      await expect(page.getByText('Você está a um passo de assinar!')).toBeVisible()
      await page.getByRole('tab', { name: 'Cadastro' }).click()
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Senha', { exact: true }).fill('senha-da-compra-1')
      await page.getByRole('button', { name: 'Criar conta' }).click()
    } else {
      await signUpViaUi(page, { name: 'Maria Souza', email, password: 'senha-da-compra-1' })
      await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()

      // The subscription-required card leads to the plan page.
      await page.getByRole('link', { name: /Ver Planos Disponíveis/ }).click()
      await expect(page).toHaveURL(/\/assinatura$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha Seu Plano')
      await expect(page.getByTestId('plan-card')).toHaveCount(3)
      await page.getByRole('button', { name: `Assinar ${plan.name}` }).click()
    }

    const sessionId = await expectSandboxCheckout(page, plan.name)
    await expect(page.getByText(plan.amount).first()).toBeVisible()
    await payWithCard(page)

    await passProcessing(page, sessionId)
    await expectSubscriptionActivated(page, { planName: plan.name, sessionId })
    await expect(page.getByTestId('success-amount')).toContainText(plan.amount)

    await page.getByRole('link', { name: /Começar a Usar Agora/ }).click()
    await expectCatalogueOpen(page)
    await expect(page.getByRole('heading', { name: /Bem-vindo ao .* Premium!/ })).toBeVisible()

    // The plan page now manages the subscription: own plan marked and disabled.
    await page.goto('/assinatura')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerenciar Assinatura')
    const current = page.locator(`[data-testid="plan-card"][data-plan="${plan.code}"]`)
    await expect(current.getByText('Plano Atual', { exact: true }).first()).toBeVisible()
    await expect(current.getByRole('button', { name: 'Plano Atual' })).toBeDisabled()
    const card = page.getByRole('region', { name: 'Sua assinatura' })
    await expect(card.getByTestId('subscription-plan')).toHaveText(plan.name)
    await expect(card.getByTestId('subscription-status')).toHaveText('Ativa')
    await expect(card.getByTestId('subscription-payment-method')).toHaveText('Cartão, à vista')
    await expect(page.getByRole('region', { name: /Garantia de \d+ dias/ }).getByRole('button', { name: 'Pedir reembolso' })).toBeVisible()
    if (plan.code === 'anual') await screenshotBoth(page, 'assinatura-gerenciar')

    // The receipt reached the buyer's mailbox (after the sign-up's confirmation e-mail).
    expect(await waitForMailTo(email, /Seu pagamento foi confirmado/)).toContain(`Plano: ${plan.name}`)
  })
}
