import { expect, test, type Page } from '@playwright/test'
import type { SubscriptionDetails } from '@sintonia/contract'
import { signUpViaUi, uniqueEmail } from '../support/accounts'
import { expectCatalogueOpen, expectSandboxCheckout, passProcessing, payWithCard } from '../support/checkout'
import { preparedAccessToken } from '../support/preparation'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { screenshotBoth } from '../support/screenshots'

/**
 * After the purchase (docs/product/commerce.md#customer-portal): the
 * portal cancels at the end of the period, access continues until then, and a subscription whose
 * period has ended opens nothing but the plan choice.
 */
test.describe.configure({ mode: 'serial' })

/** A new listener signs up and subscribes to the quarterly plan on the sandbox's page, as a person does. */
async function subscribeQuarterly(page: Page, account: Parameters<typeof signUpViaUi>[1]) {
  await signUpViaUi(page, account)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/assinatura?auto_plan=trimestral')
  // auto_plan: the checkout starts by itself for a signed-in listener.
  const sessionId = await expectSandboxCheckout(page, 'Trimestral')
  await payWithCard(page)
  await passProcessing(page, sessionId)
  await expect(page.getByRole('heading', { name: 'Assinatura Ativada!' })).toBeVisible({ timeout: 15_000 })
}

test('the customer portal cancels at period end: the plan page says so and the catalogue stays open', async ({ page }) => {
  test.setTimeout(120_000)
  await subscribeQuarterly(page, { name: 'Paulo Lima', email: uniqueEmail('portal'), password: 'senha-do-portal-1' })

  await page.goto('/assinatura')
  const card = page.getByRole('region', { name: 'Sua assinatura' })
  await expect(card.getByText('Próxima cobrança')).toBeVisible()
  const periodEnd = (await card.getByTestId('subscription-period-end').textContent()) ?? ''
  expect(periodEnd).toMatch(/\d{1,2} de \p{L}+ de \d{4}/u)

  await card.getByRole('button', { name: 'Abrir portal' }).click()
  await expect(page).toHaveURL(/\/sandbox\/portal\//, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Plano Trimestral' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click()
  await expect(page.getByText('Cancelamento agendado', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Voltar para Sintonia' }).first().click()

  await expect(page).toHaveURL(/\/assinatura/)
  // The webhook has been applied: the plan page shows the scheduled end with the same date.
  await expect(page.getByRole('region', { name: 'Sua assinatura' }).getByRole('note')).toContainText(
    `cancela no fim do período: você mantém o acesso até ${periodEnd}`,
    { timeout: 15_000 },
  )
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerenciar Assinatura')
  const details = (await (await page.request.get('/api/subscription')).json()) as SubscriptionDetails
  expect(details.subscription).toMatchObject({ cancelAtPeriodEnd: true, givesAccess: true, status: 'active' })

  await page.goto('/dashboard')
  await expectCatalogueOpen(page)
})

test('a fair goodbye: the question, the pause taken and given back, then a cancellation confirmed and undone with one tap', async ({ page }) => {
  test.setTimeout(120_000)
  await subscribeQuarterly(page, { name: 'Rita Souza', email: uniqueEmail('adeus'), password: 'senha-da-rita-1' })

  await page.goto('/assinatura')
  const card = page.getByRole('region', { name: 'Sua assinatura' })
  const periodEnd = (await card.getByTestId('subscription-period-end').textContent()) ?? ''
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('radio', { name: 'Não tenho tido tempo para praticar' }).check()
  await dialog.getByRole('button', { name: 'Continuar' }).click()
  // The admin's default offer: a pause of up to 3 months, from the paid period's end.
  await expect(dialog.getByRole('heading', { name: 'Antes de ir, uma ideia' })).toBeVisible()
  await expect(dialog.getByText(`Você pratica até ${periodEnd}.`)).toBeVisible()
  await dialog.getByRole('radio', { name: '2 meses' }).click()
  await screenshotBoth(page, 'assinatura-cancelar-oferta')
  await dialog.getByRole('button', { name: 'Pausar por 2 meses' }).click()
  await expect(page.getByText(/^Assinatura pausada\. Você pratica até/)).toBeVisible()
  await expect(card.getByTestId('subscription-paused')).toContainText(`Pausa marcada: você pratica até ${periodEnd}`)
  await screenshotBoth(page, 'assinatura-pausa-marcada')

  // Given back before it began: the renewal is at the period's end again, and the offer was made once.
  await card.getByRole('button', { name: 'Desfazer pausa' }).click()
  await expect(card.getByTestId('subscription-paused')).toHaveCount(0)
  await expect(card.getByTestId('subscription-period-end')).toHaveText(periodEnd)
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click()
  await dialog.getByRole('button', { name: 'Continuar' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirmar cancelamento?' })).toBeVisible()
  await expect(dialog).toContainText(`Você mantém o acesso até ${periodEnd}.`)
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click()
  await expect(card.getByTestId('subscription-ending')).toContainText(`você mantém o acesso até ${periodEnd}. Mudou de ideia? Continue com um toque.`)
  await screenshotBoth(page, 'assinatura-cancelamento-agendado')
  await card.getByRole('button', { name: 'Continuar assinando' }).click()
  await expect(card.getByTestId('subscription-ending')).toHaveCount(0)
  await expect(card.getByText('Próxima cobrança')).toBeVisible()
})

test.describe('a subscription whose period has ended', () => {
  const checkout = { email: uniqueEmail('expirou'), sessionId: `cs_e2e_expirou_${Date.now().toString(36)}` }
  const ended = new Date(Date.now() - 86_400_000).toISOString()
  let server: PreparedServer

  test.beforeAll(async () => {
    server = await startPreparedServer({ paidCheckouts: [{ ...checkout, planCode: 'semestral', currentPeriodEnd: ended }] })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('opens nothing: the subscription-required card leads to the plans', async ({ page }) => {
    test.setTimeout(90_000)
    // The purchase e-mail's access link (the prepared database recorded one for this checkout).
    await page.goto(`${server.baseURL}/onboarding/definir-senha?token=${preparedAccessToken(checkout.sessionId)}`)
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-que-expirou')
    await page.getByLabel('Confirme a senha').fill('senha-que-expirou')
    await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
    await expect(page).toHaveURL(/\/dashboard$/)

    // The subscription-required card, with the exact texts (docs/product/commerce.md#subscription-required-card).
    await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()
    await expect(page.getByText(/escolha um dos nossos planos: trimestral, semestral ou anual/)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Campos' })).toHaveCount(0)
    const state = (await (await page.request.get(`${server.baseURL}/api/subscription/check`)).json()) as { subscribed: boolean }
    expect(state.subscribed).toBe(false)

    await page.getByRole('link', { name: /Ver Planos Disponíveis/ }).click()
    await expect(page).toHaveURL(/\/assinatura$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha Seu Plano')
    const card = page.getByRole('region', { name: 'Sua assinatura' })
    await expect(card.getByText('Esta assinatura não dá mais acesso aos áudios.')).toBeVisible()
    await expect(card.getByText('Acesso até')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Assinar Semestral' })).toBeEnabled()
  })
})
