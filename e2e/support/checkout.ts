import { expect, type BrowserContext, type Page } from '@playwright/test'
import { screenshotAt } from './screenshots'

/**
 * The built-in sandbox provider's hosted pages (/sandbox/checkout/{id}, /sandbox/portal/{id}),
 * driven the way a buyer would: fields by their labels, the test cards Stripe also uses.
 */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const

export const CARD_DECLINED_TEXT = 'Seu cartão foi recusado. Tente outro cartão ou entre em contato com seu banco.'

/** Waits until the browser is on the sandbox's hosted checkout for a plan. */
export async function expectSandboxCheckout(page: Page, planName: string): Promise<string> {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_[A-Za-z0-9_-]+/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1, name: `Plano ${planName}` })).toBeVisible()
  const sessionId = /\/sandbox\/checkout\/([A-Za-z0-9_-]+)/.exec(page.url())?.[1]
  expect(sessionId).toBeTruthy()
  return sessionId!
}

/**
 * Browser contexts whose pages run on Playwright's clock: installed before paying, it keeps real
 * time and lets a journey skip the product's waits after payment (the 3 s countdown of the
 * processing page, the success page's 2 s spinner) instead of sitting through them. Those waits
 * are the subject of their component tests (processing-page.test.tsx, result-pages tests).
 */
const onTestClock = new WeakSet<BrowserContext>()

async function useTestClock(page: Page): Promise<void> {
  if (onTestClock.has(page.context())) return
  await page.clock.install()
  onTestClock.add(page.context())
}

/** Moves the page's clock `ms` ahead, firing the timers due on the way (only on the test clock). */
async function skipAhead(page: Page, ms: number): Promise<void> {
  if (onTestClock.has(page.context())) await page.clock.runFor(ms)
}

/** Fills the card form (at once, or in `installments`) and presses 'Pagar'. */
export async function payWithCard(page: Page, number: string = TEST_CARDS.success, holder = 'Maria Souza', installments?: number): Promise<void> {
  await useTestClock(page)
  await page.getByLabel('Número do cartão').fill(number)
  await page.getByLabel('Validade').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Nome no cartão').fill(holder)
  if (installments !== undefined) await page.getByLabel('Parcelas').selectOption(String(installments))
  await page.getByRole('button', { name: 'Pagar', exact: true }).click()
}

/**
 * Switches to the Pix tab and pays the code in the sandbox's test bank, opened beside the checkout
 * as the buyer's bank app would be; the checkout page, waiting, goes on by itself.
 */
export async function payWithPix(page: Page, options: { pictures?: string } = {}): Promise<void> {
  await useTestClock(page)
  await page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: 'Pix' }).click()
  await expect(page.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Aguardando o pagamento…' })).toBeVisible()
  if (options.pictures) await screenshotAt(page, `${options.pictures}-aguardando`, 360)
  const [bank] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Pagar no banco de testes' }).click()])
  if (options.pictures) {
    await screenshotAt(bank, `${options.pictures}-banco`, 360)
    await screenshotAt(bank, `${options.pictures}-banco`, 1280)
  }
  await bank.getByRole('button', { name: 'Pagar e autorizar' }).click()
  await expect(bank.getByRole('heading', { name: 'Pix enviado' })).toBeVisible()
  await bank.close()
  // The checkout asks every 2 s.
  await skipAhead(page, 2_000)
}

/**
 * Back from the provider: the processing page counts 3 s down on screen, verifies the session
 * and routes the buyer. Returns once the browser has left it.
 */
export async function passProcessing(page: Page, sessionId: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/assinatura/processando\\?session_id=${sessionId}$`), { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Processando seu pagamento' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /Verificando em \d segundos?\.\.\./ })).toBeVisible()
  // The countdown re-arms its timer each second: move the clock a second at a time until the page leaves.
  await expect(async () => {
    await skipAhead(page, 1_000)
    await expect(page).not.toHaveURL(/\/assinatura\/processando/, { timeout: 500 })
  }).toPass({ timeout: 20_000 })
}

/** The success page after its 2-second spinner: 'Assinatura Ativada!' and the way to the dashboard, without the checkout id. */
export async function expectSubscriptionActivated(page: Page, { planName, sessionId }: { planName: string; sessionId: string }): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/assinatura/sucesso\\?session_id=${sessionId}$`))
  await skipAhead(page, 2_000)
  await expect(page.getByRole('heading', { name: 'Assinatura Ativada!' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('success-plan')).toHaveText(planName)
  await expect(page.getByTestId('success-status')).toHaveText('Ativa')
  // The checkout id serves the address only: the page never shows it.
  await expect(page.getByText(sessionId)).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('justSubscribed'))).toBe('true')
}

/** The dashboard opens the catalogue (the subscriber guard let the person in). */
export async function expectCatalogueOpen(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('region', { name: 'Campos' }).getByRole('link').first()).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toHaveCount(0)
}

/**
 * After a purchase's password: today's practice of the programme started for the buyer (the first
 * one offered), ready to play — the subscriber guard let the person in.
 */
export async function expectPracticeReady(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/hoje$/, { timeout: 15_000 })
  await expect(page.getByText(/^Dia 1 de \d+ · /)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Reproduzir', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toHaveCount(0)
}
