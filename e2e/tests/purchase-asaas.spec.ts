import { expect, test } from '@playwright/test'
import { API, paidByCardLabel } from '@sintonia/contract'
import { startAsaasFake, type AsaasFake } from '../../apps/api/test/support/asaas-fake'
import { ASAAS_TOKEN_HEADER } from '../../apps/api/src/modules/commerce/gateway/asaas'
import { uniqueEmail } from '../support/accounts'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { screenshotAt } from '../support/screenshots'

/**
 * With the real gateway (PAYMENT_GATEWAY=asaas, docs/payments.md › Running with Asaas) against a
 * local fake of Asaas's API started by the test: the buyer lands on our page, which offers Pix or
 * card on Asaas's own Checkout, or a boleto issued at Asaas with the payer's CPF; the boleto gives
 * access only once Asaas reports it paid (its webhook, authenticated by the token and re-read).
 */
const API_KEY = '$aact_e2e_chave_de_teste'
const TOKEN = 'token-do-webhook-e2e-asaas-1234567890'
let fake: AsaasFake
let server: PreparedServer

test.beforeAll(async () => {
  fake = await startAsaasFake({ apiKey: API_KEY })
  server = await startPreparedServer({}, { PAYMENT_GATEWAY: 'asaas', ASAAS_API_KEY: API_KEY, ASAAS_WEBHOOK_TOKEN: TOKEN, ASAAS_API_BASE: fake.apiBase })
})
test.afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

test('Asaas: Pix or card go on to Asaas; a boleto with the payer’s CPF gives access once Asaas reports it paid', async ({ page }) => {
  const url = (path: string) => `${server.baseURL}${path}`
  const email = uniqueEmail('asaas-boleto')
  const res = await page.request.post(url(API.commerce.payments.checkout), { data: { email, name: 'Paula Ramos', planCode: 'semestral' } })
  expect(res.ok()).toBe(true)
  const { url: payUrl, sessionId } = (await res.json()) as { url: string; sessionId: string }
  expect(new URL(payUrl).pathname).toBe(`/asaas/pagamento/${sessionId}`)

  await page.goto(payUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Assinatura Semestral' })).toBeVisible()
  // Pix and card are paid on Asaas's own Checkout page.
  expect(await page.getByRole('link', { name: 'Pagar com Pix ou cartão' }).getAttribute('href')).toMatch(new RegExp(`/checkoutSession/show\\?id=${String(fake.checkoutOf(sessionId).id)}$`))
  await screenshotAt(page, 'asaas-pagamento', 360)
  await screenshotAt(page, 'asaas-pagamento', 1280)

  await page.getByLabel('Nome de quem paga').fill('Paula Ramos')
  await page.getByLabel('CPF de quem paga').fill('529.982.247-24')
  await page.getByRole('button', { name: 'Gerar boleto' }).click()
  await expect(page.getByRole('alert')).toHaveText('CPF inválido. Confira os números.')
  expect(fake.customers.size).toBe(0)
  await page.getByLabel('CPF de quem paga').fill('529.982.247-25')
  await page.getByRole('button', { name: 'Gerar boleto' }).click()
  await expect(page.getByTestId('boleto-line')).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
  await expect(page.getByRole('link', { name: 'Baixar boleto (PDF)' })).toBeVisible()
  await screenshotAt(page, 'asaas-boleto', 360)
  await screenshotAt(page, 'asaas-boleto', 1280)

  // Issued is not paid.
  const verify = async () => ((await (await page.request.post(url(API.commerce.payments.verifyCheckout), { data: { sessionId } })).json()) as { paid: boolean }).paid
  expect(await verify()).toBe(false)

  // The payer pays at the bank; Asaas tells our webhook, which reads the charge back.
  const boleto = [...fake.payments.values()].find((payment) => payment.billingType === 'BOLETO')!
  fake.payBoleto(String(boleto.id))
  const hook = await page.request.post(url(API.commerce.payments.webhook('asaas')), {
    headers: { 'content-type': 'application/json', [ASAAS_TOKEN_HEADER]: TOKEN },
    data: fake.webhookBody('PAYMENT_RECEIVED', { payment: String(boleto.id) }),
  })
  expect(hook.status()).toBe(200)
  expect(await verify()).toBe(true)
})

test('Asaas: the card in instalments is chosen on our page, paid on Asaas, and the count is shown after', async ({ page }) => {
  const url = (path: string) => `${server.baseURL}${path}`
  const res = await page.request.post(url(API.commerce.payments.checkout), { data: { email: uniqueEmail('asaas-parcelado'), name: 'Paula Ramos', planCode: 'semestral' } })
  expect(res.ok()).toBe(true)
  const { url: payUrl, sessionId } = (await res.json()) as { url: string; sessionId: string }
  await page.goto(payUrl)
  const card = page.getByRole('region', { name: 'Cartão parcelado' })
  await expect(card.getByLabel('Parcelas')).toHaveValue('6')
  await screenshotAt(page, 'asaas-pagamento-parcelado', 360)
  await screenshotAt(page, 'asaas-pagamento-parcelado', 1280)
  await card.getByLabel('Parcelas').selectOption('3')
  // On to Asaas's card page of the instalment checkout (the fake serves no page there).
  await Promise.all([page.waitForURL(/\/checkoutSession\/show\?id=/), card.getByRole('button', { name: 'Pagar no cartão parcelado' }).click()])
  expect(new URL(page.url()).searchParams.get('id')).toBe(String(fake.checkoutOf(sessionId, 'INSTALLMENT').id))

  const paid = fake.payCheckout(sessionId, { method: 'CREDIT_CARD', installments: 3 })
  const hook = await page.request.post(url(API.commerce.payments.webhook('asaas')), {
    headers: { 'content-type': 'application/json', [ASAAS_TOKEN_HEADER]: TOKEN },
    data: fake.webhookBody('CHECKOUT_PAID', { checkout: paid.checkoutId }),
  })
  expect(hook.status()).toBe(200)
  await page.goto(url(`/pagamento/sucesso?session_id=${sessionId}`))
  await expect(page.getByTestId('payment-installments')).toHaveText(paidByCardLabel(26_940, 3))
})
