import { expect, test, type Page } from '@playwright/test'
import { API } from '@sintonia/contract'
import { uniqueEmail } from '../support/accounts'
import { expectSandboxCheckout, payWithCard, payWithPix } from '../support/checkout'
import { waitForMailLink, waitForMailTo } from '../support/mailbox'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { e2ePort } from '../support/run-paths'
import { screenshotAt, screenshotBoth } from '../support/screenshots'
import { setServerClock } from '../support/server-clock'

/**
 * Paying the Brazilian way on the sandbox (docs/payments.md): a boleto that gives access only once
 * the bank reports it paid; a renewal by Pix Automático after its notice; a card renewal that
 * fails, the notice, and the period paid by Pix within the grace days. One prepared server whose
 * renewal notices and sandbox run every second, e-mailing this run's SMTP sink; its clock is moved
 * to the renewal as the reminder journeys move it.
 */
test.describe.configure({ mode: 'serial' })

const PASSWORD = 'senha-segura-1'
const DAY = 86_400_000
let server: PreparedServer
const url = (path: string) => `${server.baseURL}${path}`

test.beforeAll(async () => {
  server = await startPreparedServer(
    {},
    {
      RENEWAL_NOTICE_INTERVAL_SECONDS: '1',
      SANDBOX_INTERVAL_SECONDS: '1',
      SMTP_URL: `smtp://127.0.0.1:${e2ePort + 1}`,
      MAIL_FROM: 'Sintonia <nao-responda@sintonia.test>',
    },
  )
})
test.afterAll(async () => {
  await server?.stop()
})

/** A pay-first checkout of `planCode` on the prepared server, opened in the page. */
async function openCheckout(page: Page, email: string, planCode: 'trimestral' | 'anual', planName: string): Promise<string> {
  const res = await page.request.post(url(API.commerce.payments.checkout), { data: { email, name: 'Paula Ramos', planCode } })
  expect(res.ok()).toBe(true)
  await page.goto(((await res.json()) as { url: string }).url)
  return expectSandboxCheckout(page, planName)
}

/** The buyer activates the purchase with the access link of the purchase e-mail (signing in is not the subject here). */
async function activate(page: Page, email: string) {
  const token = new URL(await waitForMailLink(email, '/onboarding/definir-senha')).searchParams.get('token')
  const res = await page.request.post(url(API.accounts.onboardingPassword), { data: { token, password: PASSWORD, confirmPassword: PASSWORD } })
  expect(res.status()).toBe(201)
}

async function subscriptionCard(page: Page) {
  await page.goto(url('/assinatura'))
  const card = page.getByRole('region', { name: 'Sua assinatura' })
  await expect(card).toBeVisible()
  return card
}

const periodEndOf = async (page: Page) => new Date(((await (await page.request.get(url(API.commerce.subscription.details))).json()) as { subscription: { currentPeriodEnd: string } }).subscription.currentPeriodEnd)

test('boleto: issued on the checkout, access only once the bank reports it paid', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('boleto')
  const sessionId = await openCheckout(page, email, 'anual', 'Anual')
  await page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: 'Boleto' }).click()
  await expect(page.getByText('pode levar até 3 dias úteis')).toBeVisible()
  await page.getByRole('button', { name: 'Gerar boleto' }).click()
  await expect(page.getByRole('alert')).toHaveText('Informe o CPF de quem paga.')
  await page.getByLabel('CPF de quem paga').fill('529.982.247-25')
  await page.getByRole('button', { name: 'Gerar boleto' }).click()
  await expect(page.getByTestId('boleto-line')).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
  await expect(page.getByTestId('boleto-due')).toHaveText(/\d{1,2} de \p{L}+ de \d{4}/u)
  await expect(page.getByRole('link', { name: 'Baixar boleto (PDF)' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Aguardando a confirmação do banco…' })).toBeVisible()
  await screenshotAt(page, 'sandbox-boleto', 360)
  await screenshotAt(page, 'sandbox-boleto', 1280)

  // Issued is not paid.
  const before = await page.request.post(url(API.commerce.payments.verifyCheckout), { data: { sessionId } })
  expect(await before.json()).toMatchObject({ paid: false })

  const [bank] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Pagar no banco de testes' }).click()])
  await bank.getByRole('button', { name: 'Pagar boleto' }).click()
  await expect(bank.getByRole('heading', { name: 'Boleto pago' })).toBeVisible()
  await bank.close()
  // The checkout page, asking every 2 s, goes on by itself once the bank reports it.
  await expect(page).toHaveURL(new RegExp(`/assinatura/processando\\?session_id=${sessionId}$`), { timeout: 15_000 })
  const after = await page.request.post(url(API.commerce.payments.verifyCheckout), { data: { sessionId } })
  expect(await after.json()).toMatchObject({ paid: true })

  await activate(page, email)
  const card = await subscriptionCard(page)
  await expect(card.getByTestId('subscription-payment-method')).toHaveText('Boleto')
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa')

  // Within the guarantee, a boleto's refund goes to the account the buyer names.
  await page.getByRole('region', { name: /Garantia de \d+ dias/ }).getByRole('button', { name: 'Pedir reembolso' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pedir reembolso?' })
  await expect(dialog.getByTestId('refund-way')).toContainText('informe a conta que vai receber o valor')
  await dialog.getByLabel('Banco').fill('001')
  await dialog.getByLabel('Agência').fill('1234')
  await dialog.getByLabel('Conta', { exact: true }).fill('12345-6')
  await dialog.getByLabel('Nome de quem é titular').fill('Paula Ramos')
  await dialog.getByLabel('CPF de quem é titular').fill('529.982.247-2')
  await dialog.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(dialog.getByText('CPF inválido. Confira os números.')).toBeVisible()
  await screenshotAt(page, 'assinatura-reembolso-boleto', 360)
  await screenshotAt(page, 'assinatura-reembolso-boleto', 1280)
  await dialog.getByLabel('CPF de quem é titular').fill('529.982.247-25')
  await dialog.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page.getByTestId('refund-request')).toContainText('Em análise')

  // Five days before the renewal, the next boleto can be paid ahead from Minha conta.
  await setServerClock(server.baseURL, server.dataDir, new Date((await periodEndOf(page)).getTime() - 5 * DAY))
  const ahead = (await subscriptionCard(page)).getByTestId('subscription-renewal-ahead')
  await expect(ahead).toContainText('O boleto da renovação já pode ser pago')
  await screenshotAt(page, 'assinatura-renovacao-boleto', 360)
  await screenshotAt(page, 'assinatura-renovacao-boleto', 1280)
  await ahead.getByRole('button', { name: 'Pagar a renovação' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/)
  await expect(page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: 'Boleto' })).toBeVisible()
})

test('Pix Automático: authorised with the first Pix, noticed a week ahead, and the renewal debited', async ({ page }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('pix-automatico')
  await openCheckout(page, email, 'trimestral', 'Trimestral')
  await payWithPix(page)
  await expect(page).toHaveURL(/\/assinatura\/processando/, { timeout: 15_000 })
  await activate(page, email)

  let card = await subscriptionCard(page)
  await expect(card.getByTestId('subscription-payment-method')).toHaveText('Pix Automático')
  const firstEnd = await periodEndOf(page)
  const firstEndText = (await card.getByTestId('subscription-period-end').textContent()) ?? ''

  // A week before the renewal: the notice says how it will be paid.
  await setServerClock(server.baseURL, server.dataDir, new Date(firstEnd.getTime() - 6 * DAY))
  const notice = await waitForMailTo(email, /renova em/)
  expect(notice).toContain(firstEndText)
  expect(notice).toContain('debitado por Pix Automático')

  // The renewal date comes: the bank debits it, and the page shows the next period.
  await setServerClock(server.baseURL, server.dataDir, new Date(firstEnd.getTime() + 60_000))
  await expect.poll(async () => (await periodEndOf(page)).getTime(), { timeout: 20_000 }).toBeGreaterThan(firstEnd.getTime() + 80 * DAY)
  expect(await waitForMailTo(email, /Recebemos a renovação/)).toContain('Forma de pagamento: Pix')
  card = await subscriptionCard(page)
  await expect(card.getByTestId('subscription-status')).toHaveText('Ativa')
  await expect(card.getByTestId('subscription-period-end')).not.toHaveText(firstEndText)
  await expect(card.getByTestId('subscription-payment-method')).toHaveText('Pix Automático')
})

test('a card renewal that fails: the notice, access within the grace days, the period paid by Pix', async ({ page }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('renovacao-falhou')
  const sessionId = await openCheckout(page, email, 'trimestral', 'Trimestral')
  // This test card pays at checkout and refuses every renewal.
  await payWithCard(page, '4000 0000 0000 0341')
  await expect(page).toHaveURL(new RegExp(`/assinatura/processando\\?session_id=${sessionId}$`), { timeout: 15_000 })
  await activate(page, email)
  const firstEnd = await periodEndOf(page)

  await setServerClock(server.baseURL, server.dataDir, new Date(firstEnd.getTime() + 60_000))
  const notice = await waitForMailTo(email, /Não conseguimos receber a renovação/)
  expect(notice).toMatch(/Seu acesso continua até \d{1,2} de \p{L}+ de \d{4}\./u)

  const card = await subscriptionCard(page)
  await expect(card.getByTestId('subscription-status')).toHaveText('Pagamento pendente')
  await expect(card.getByTestId('subscription-pending')).toContainText('Seu acesso continua até')
  await screenshotBoth(page, 'assinatura-pagamento-pendente')
  // Access goes on meanwhile.
  const check = await page.request.get(url(API.commerce.subscription.check))
  expect(await check.json()).toMatchObject({ subscribed: true, subscription_status: 'past_due' })

  await card.getByRole('button', { name: 'Pagar com Pix ou boleto' }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_/, { timeout: 15_000 })
  await expect(page.getByText('Renovação pendente', { exact: false })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: 'Cartão' })).toHaveCount(0)
  await screenshotAt(page, 'sandbox-renovacao-pendente', 360)
  await payWithPix(page)

  // Back on the subscription page by itself, active again for the next period.
  await expect(page).toHaveURL(/\/assinatura$/, { timeout: 15_000 })
  const paid = page.getByRole('region', { name: 'Sua assinatura' })
  await expect(paid.getByTestId('subscription-status')).toHaveText('Ativa')
  await expect(paid.getByTestId('subscription-pending')).toHaveCount(0)
  await expect(paid.getByTestId('subscription-payment-method')).toHaveText('Pix Automático')
  expect((await periodEndOf(page)).getTime()).toBeGreaterThan(firstEnd.getTime() + 80 * DAY)
})
