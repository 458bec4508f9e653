import { expect, test, type Page } from '@playwright/test'
import { API } from '@sintonia/contract'
import { uniqueEmail } from '../support/accounts'
import { waitForMailLink } from '../support/mailbox'
import { A11Y_VIEWPORTS, formatViolations, seriousAxeViolations } from '../support/axe'
import { payWithPix } from '../support/checkout'

/**
 * The built-in sandbox provider's own pages (the hosted checkout and customer portal), in the
 * browser: the test-card buttons fill the form (the page's only script), the decline text, the
 * Pix tab, the portal's cancel at period end; and axe at phone and desktop widths.
 */

async function newCheckout(page: Page, planCode = 'anual') {
  const email = uniqueEmail('sandbox')
  const res = await page.request.post(API.commerce.payments.checkout, { data: { email, name: 'Clara Sandbox', planCode } })
  expect(res.ok()).toBe(true)
  return { email, ...((await res.json()) as { url: string; sessionId: string }) }
}

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
}

test('the test-card buttons fill the form; a declined card shows the pt-BR text; the good card goes back to the site', async ({ page }) => {
  const { url, sessionId } = await newCheckout(page)
  await page.goto(url)
  await expect(page.getByRole('note')).toContainText('Ambiente de testes')
  await page.getByRole('button', { name: 'Usar o cartão 4000 0000 0000 0002' }).click()
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4000 0000 0000 0002')
  await expect(page.getByLabel('Validade')).toHaveValue(/^12\/\d{2}$/)
  await expect(page.getByLabel('CVC')).toHaveValue('123')
  await page.getByLabel('Nome no cartão').fill('Clara Sandbox')
  await page.getByRole('button', { name: 'Pagar', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Seu cartão foi recusado. Tente outro cartão ou entre em contato com seu banco.')
  await expect(page).toHaveURL(new RegExp(`/sandbox/checkout/${sessionId}/pay$`))

  await page.getByRole('button', { name: 'Usar o cartão 4242 4242 4242 4242' }).click()
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pagar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/assinatura/processando\\?session_id=${sessionId}$`))
  const verified = await page.request.post(API.commerce.payments.verifyCheckout, { data: { sessionId } })
  expect(await verified.json()).toMatchObject({ paid: true, accountExists: false })
})

test('portal: cancel at period end keeps access until the date shown, and can be resumed', async ({ page }) => {
  const { email, url } = await newCheckout(page, 'semestral')
  await page.goto(url)
  await payWithPix(page)
  await expect(page).toHaveURL(/\/assinatura\/processando/, { timeout: 15_000 })
  // The buyer activates the purchase with the access link of the purchase e-mail.
  const link = new URL(await waitForMailLink(email, '/onboarding/definir-senha'))
  const token = link.searchParams.get('token')
  const onboard = await page.request.post(API.accounts.onboardingPassword, { data: { token, password: 'senha-segura-1', confirmPassword: 'senha-segura-1' } })
  expect(onboard.status()).toBe(201)

  const portal = await page.request.post(API.commerce.subscription.portal)
  const { url: portalUrl } = (await portal.json()) as { url: string }
  await page.goto(portalUrl)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plano Semestral')
  await expect(page.getByText('Ativa', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click()
  await expect(page.getByRole('status')).toContainText('Cancelamento agendado')
  await expect(page.getByText('Acesso até', { exact: true })).toBeVisible()
  const check = await page.request.get(API.commerce.subscription.check)
  expect(await check.json()).toMatchObject({ subscribed: true, subscription_status: 'active' })
  const details = await page.request.get(API.commerce.subscription.details)
  expect((await details.json()).subscription).toMatchObject({ cancelAtPeriodEnd: true, givesAccess: true })

  await page.getByRole('button', { name: 'Retomar assinatura' }).click()
  await expect(page.getByRole('status')).toContainText('Assinatura retomada')
  await page.getByRole('link', { name: /Voltar para/ }).click()
  await expect(page).toHaveURL(/\/assinatura$/)
})

for (const viewport of A11Y_VIEWPORTS) {
  test.describe(`acessibilidade do provedor de testes em ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('checkout (cartão, recusa, Pix, boleto) não tem violações sérias ou críticas', async ({ page }) => {
      const { url } = await newCheckout(page)
      await page.goto(url)
      await expectNoSeriousViolations(page)
      await page.getByRole('button', { name: 'Usar o cartão 4000 0000 0000 9995' }).click()
      await page.getByLabel('Nome no cartão').fill('Clara Sandbox')
      await page.getByRole('button', { name: 'Pagar', exact: true }).click()
      await expect(page.getByRole('alert')).toContainText('Saldo insuficiente')
      await expectNoSeriousViolations(page)
      await page.goto(`${url}?metodo=pix`)
      await expectNoSeriousViolations(page)
      // The boleto tab, with its CPF refused and then issued.
      await page.goto(`${url}?metodo=boleto`)
      await page.getByRole('button', { name: 'Gerar boleto' }).click()
      await expect(page.getByRole('alert')).toHaveText('Informe o CPF de quem paga.')
      await expectNoSeriousViolations(page)
      await page.getByLabel('CPF de quem paga').fill('529.982.247-25')
      await page.getByRole('button', { name: 'Gerar boleto' }).click()
      await expect(page.getByTestId('boleto-line')).toBeVisible()
      await expectNoSeriousViolations(page)
    })
  })
}
