import { expect, test } from '@playwright/test'
import { API } from '@sintonia/contract'
import { uniqueEmail } from '../support/accounts'
import { expectPracticeReady, expectSandboxCheckout, payWithCard } from '../support/checkout'
import { waitForMailTo } from '../support/mailbox'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { e2ePort } from '../support/run-paths'
import { keepPicture, screenshotBoth } from '../support/screenshots'
import { setServerClock } from '../support/server-clock'

/**
 * Gifts (docs/product/commerce.md#gifts): a listener gives a plan from /assinatura, pays it once on
 * the sandbox, and sees it scheduled; on its day (the server's clock moved there, as the reminder
 * journeys move it) the recipient gets the e-mail, opens its link in another browser, creates the
 * account there and lands on today's practice; the buyer sees it redeemed. A prepared server whose
 * gift deliveries run every second, e-mailing this run's SMTP sink.
 */
const DAY = 86_400_000
let server: PreparedServer
const url = (path: string) => `${server.baseURL}${path}`

test.beforeAll(async () => {
  server = await startPreparedServer({}, { GIFT_DELIVERY_INTERVAL_SECONDS: '1', SMTP_URL: `smtp://127.0.0.1:${e2ePort + 1}`, MAIL_FROM: 'Sintonia <nao-responda@sintonia.test>' })
})
test.afterAll(async () => {
  await server?.stop()
})

/** A day of the Brasília calendar, `days` from now, as YYYY-MM-DD. */
const brazilDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * DAY))

test('a gift bought, delivered on its day and redeemed by another browser', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const buyerEmail = uniqueEmail('paula')
  const recipientEmail = uniqueEmail('ana')
  // The buyer is a signed-in listener (signing up is not the subject here).
  const signUp = await page.request.post(url(API.accounts.signUp), { data: { email: buyerEmail, password: 'senha-segura-1', name: 'Paula Ramos' }, headers: { origin: server.baseURL } })
  expect(signUp.status(), await signUp.text()).toBe(201)

  await page.goto(url('/assinatura'))
  const giftEntry = page.getByRole('region', { name: 'Presentear alguém' })
  await giftEntry.scrollIntoViewIfNeeded()
  await keepPicture(giftEntry, 'assinatura-gift-entry')
  await giftEntry.getByRole('link', { name: 'Presentear' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dê de presente um tempo de cuidado' })).toBeVisible()
  await expect(page.getByText('Os presentes que você der aparecem aqui')).toBeVisible()

  // What is missing is said beside its field, and nothing is charged.
  await page.getByRole('button', { name: /^Pagar presente/ }).click()
  await expect(page.getByText('Informe o nome de quem vai receber o presente.')).toBeVisible()
  await expect(page.getByText('Informe o e-mail de quem vai receber o presente.')).toBeVisible()
  await screenshotBoth(page, 'gift-form')

  const tomorrow = brazilDay(1)
  await page.getByText('Trimestral', { exact: true }).click()
  await page.getByLabel('Nome de quem recebe').fill('Ana Souza')
  await page.getByLabel('E-mail de quem recebe').fill(recipientEmail)
  await page.getByLabel('Mensagem').fill('Feliz aniversário, Ana! Que este tempo seja só seu.')
  await page.getByLabel('Dia da entrega').fill(tomorrow)
  await page.getByRole('button', { name: /^Pagar presente · R\$/ }).click()

  await expectSandboxCheckout(page, 'Trimestral')
  await expect(page.getByText('Pagamento único: 3 meses de acesso para quem recebe, sem renovação')).toBeVisible()
  await payWithCard(page)
  await expect(page).toHaveURL(/\/presentear\?pago=/, { timeout: 15_000 })
  const gift = page.getByRole('listitem', { name: 'Presente para Ana Souza' })
  await expect(gift.getByText('Agendado')).toBeVisible()
  await expect(gift.getByText(/^Chega a Ana Souza em \d{1,2} de \p{L}+ de \d{4}\.$/u)).toBeVisible()
  await expect(gift.getByRole('button', { name: 'Pedir reembolso' })).toBeVisible()
  await screenshotBoth(page, 'gift-list')

  // Its day, in Brasília: the server's next pass e-mails the gift.
  await setServerClock(server.baseURL, server.dataDir, new Date(`${tomorrow}T12:00:00Z`))
  const mail = await waitForMailTo(recipientEmail, /te deu um presente/)
  expect(mail).toContain('Feliz aniversário, Ana! Que este tempo seja só seu.')
  const link = /https?:\/\/\S+\/presente\/[A-Za-z0-9_-]+/.exec(mail)?.[0]
  expect(link).toBeTruthy()

  // Another browser: the recipient, who has no account.
  const recipient = await browser.newContext()
  try {
    const other = await recipient.newPage()
    await other.goto(link!)
    await expect(other.getByRole('heading', { level: 1, name: 'Paula Ramos te deu um presente' })).toBeVisible()
    await expect(other.getByText('Feliz aniversário, Ana! Que este tempo seja só seu.')).toBeVisible()
    await expect(other.getByLabel('E-mail')).toHaveValue(recipientEmail)
    await expect(other.getByLabel('Seu nome')).toHaveValue('Ana Souza')
    await screenshotBoth(other, 'gift-link')
    await other.getByRole('button', { name: 'Criar conta e resgatar' }).click()
    await expect(other.getByText('A senha deve ter no mínimo 6 caracteres')).toBeVisible()
    await other.getByLabel('Crie uma senha').fill('senha-da-ana-1')
    await other.getByRole('button', { name: 'Criar conta e resgatar' }).click()
    await expectPracticeReady(other)
  } finally {
    await recipient.close()
  }

  await page.reload()
  await expect(gift.getByText('Resgatado')).toBeVisible()
  await expect(gift.getByText(/^Ana Souza resgatou o presente em /)).toBeVisible()
  await expect(gift.getByRole('button', { name: 'Pedir reembolso' })).toHaveCount(0)
})
