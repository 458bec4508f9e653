import { expect, test, type Locator } from '@playwright/test'
import { AUTH_MSG, COMMERCE_MSG, MSG } from '@sintonia/contract'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { preparedAccessToken } from '../support/preparation'
import { onboardPaidBuyer } from '../support/subscriber'
import { keepPicture, screenshotBoth } from '../support/screenshots'
import { consoleErrors, coverage, expectUncovered, overlaps } from '../support/visibility'

// The service worker stays on here: a visitor's pages log no error, the service worker's included (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/**
 * The first impression (docs/product/README.md#global-layout): at 360 px nothing sits under the
 * fixed bottom bar — every form's error is brought into view and focused, uncovered —, the sign-in
 * pages do not repeat 'Entrar', a visitor's pages log no error, a missing address answers 404, the
 * footer and the toasts stay in their place. Screenshots at 360 and 1280 px of every page touched
 * go to e2e/.artifacts/screenshots (layout-*.png).
 */
test.describe.configure({ mode: 'serial' })


const run = Date.now().toString(36)
const buyer = { email: `primeira-${run}@exemplo.com`, sessionId: `cs_e2e_layout_${run}` }
const PASSWORD = 'senha-do-layout-1'
const PHONE = { width: 360, height: 640 }
let server: PreparedServer
const at = (path: string) => `${server.baseURL}${path}`

test.beforeAll(async () => {
  server = await startPreparedServer({ paidCheckouts: [{ ...buyer, planCode: 'anual' }] })
})
test.afterAll(async () => {
  await server?.stop()
})

/** The error is in view, uncovered by the bar or the header, and (when given) `focused` has the focus. */
async function expectErrorShown(error: Locator, focused: Locator = error) {
  await expectUncovered(error)
  await expect(focused).toBeFocused()
}

test("a visitor's pages log no error in the console: the landing, sign-in, lead sign-up, demo and the sandbox payment pages", async ({ page }) => {
  test.setTimeout(90_000)
  const errors = consoleErrors(page)
  for (const path of ['/', '/login', '/inscricao', '/demo']) {
    await page.goto(at(path))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
  }
  // The provider's hosted pages (card, then Pix) of a pay-first checkout.
  await page.goto(at('/pagamento?plan=anual'))
  await page.getByLabel('Email').fill(`visitante-${run}@exemplo.com`)
  await page.getByLabel('Nome Completo').fill('Visitante Atento')
  await page.getByRole('button', { name: /Continuar para o pagamento/ }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\//, { timeout: 15_000 })
  await page.waitForLoadState('networkidle')
  await page.getByRole('navigation', { name: 'Forma de pagamento' }).getByRole('link', { name: 'Pix' }).click()
  await expect(page.getByRole('img', { name: /QR Code do Pix/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test('a missing address answers 404 with the not-found page, titled with the product', async ({ page }) => {
  const response = await page.goto(at('/pagina-que-nao-existe'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: MSG.notFoundPage.title })).toBeVisible()
  await expect(page).toHaveTitle(`${MSG.notFoundPage.title} — Sintonia`)
  // The app's own pages still answer 200.
  expect((await page.request.get(at('/inscricao'))).status()).toBe(200)
  await screenshotBoth(page, 'layout-404')
})

test("at 360 px every visitor form shows its error in view and focused, and the sign-in pages do not repeat 'Entrar'", async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)

  // Login: the wrong password; the page offers no second 'Entrar' (no bar, no header button).
  await page.goto(at('/login'))
  await page.getByLabel('E-mail').fill(`ninguem-${run}@exemplo.com`)
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada-1')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expectErrorShown(page.getByRole('alert').filter({ hasText: AUTH_MSG.invalidCredentials }))
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Acesso à conta' })).toHaveCount(0)
  await screenshotBoth(page, 'layout-login')

  // Cadastro: a password too short.
  await page.setViewportSize(PHONE)
  await page.getByRole('tab', { name: 'Cadastro' }).click()
  await page.getByLabel('E-mail').fill(`novo-${run}@exemplo.com`)
  await page.getByLabel('Senha', { exact: true }).fill('123')
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expectErrorShown(page.getByRole('alert').filter({ hasText: AUTH_MSG.passwordTooShort }))
  await screenshotBoth(page, 'layout-cadastro')

  // Forgot password: an address the server refuses.
  await page.setViewportSize(PHONE)
  await page.goto(at('/esqueci-senha'))
  await page.getByLabel('E-mail').fill('a@b')
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expectErrorShown(page.getByRole('alert'))

  // Reset password: the confirmation differs.
  await page.goto(at('/redefinir-senha?token=token-de-teste-123456'))
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-1')
  await page.getByLabel('Confirme a nova senha').fill('senha-nova-2')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expectErrorShown(page.getByRole('alert').filter({ hasText: AUTH_MSG.onboardingPasswordMismatch }))

  // The purchase's password: 'As senhas não coincidem' above the bar, focused.
  await page.goto(at(`/onboarding/definir-senha?token=${preparedAccessToken(buyer.sessionId)}`))
  await expect(page.getByTestId('onboarding-email')).toHaveText(buyer.email)
  await page.getByLabel('Nova senha', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirme a senha').fill('outra-senha-1')
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
  await expectErrorShown(page.getByRole('alert').filter({ hasText: AUTH_MSG.onboardingPasswordMismatch }))
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveCount(0)
  await screenshotBoth(page, 'layout-onboarding')

  // Lead sign-up: every required field says so; the first is focused.
  await page.setViewportSize(PHONE)
  await page.goto(at('/inscricao'))
  await page.getByRole('button', { name: /Quero Receber Grátis/ }).click()
  await expectErrorShown(page.getByText(MSG.leads.nameRequired), page.getByLabel(/^Nome/))
  await expect(page.getByText(MSG.leads.emailRequired)).toBeVisible()
  await expect(page.getByText(MSG.leads.consentRequired)).toBeVisible()
  await screenshotBoth(page, 'layout-inscricao')

  // Payment: both fields missing.
  await page.setViewportSize(PHONE)
  await page.goto(at('/pagamento?plan=anual'))
  await page.getByRole('button', { name: /Continuar para o pagamento/ }).click()
  await expectErrorShown(page.getByRole('alert').filter({ hasText: COMMERCE_MSG.emailRequired }))

  // Admin sign-in: the wrong password.
  await page.goto(at('/admin/login'))
  await page.getByLabel('E-mail').fill(`admin-${run}@exemplo.com`)
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada-1')
  await page.getByRole('button', { name: /Entrar/ }).click()
  await expectErrorShown(page.getByRole('alert'))
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveCount(0)
})

test('a subscriber at 360 px: nothing under the bottom bar, Downloads in it, no newsletter pitch, the welcome stays closed, toasts below the header, Minha conta errors in view', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)
  await onboardPaidBuyer(page, server.baseURL, buyer, PASSWORD)

  // The bar: Downloads (a subscriber may download), Minha conta, Sair.
  const bar = page.getByRole('navigation', { name: 'Acesso à conta' })
  await expect(bar.getByRole('link', { name: /Downloads/ })).toBeVisible()
  await expect(bar.getByRole('link', { name: /Minha conta/ })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Sair' })).toBeVisible()

  // At the very end of the page the footer ends above the bar, its last line uncovered.
  const footer = page.getByRole('contentinfo')
  const year = String(new Date().getFullYear())
  const copyright = footer.getByText(`© ${year} Sintonia. Todos os direitos reservados.`)
  // The dashboard's sections arrive one by one and lengthen the page, so each reading scrolls to
  // its very end first: the last line in view and uncovered, the footer ending above the bar, both
  // in the same reading.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const seen = await coverage(copyright)
      if (seen !== 'ok') return seen
      const footerBottom = (await footer.boundingBox())!
      const barTop = (await bar.boundingBox())!.y
      return footerBottom.y + footerBottom.height <= barTop ? 'ok' : `o rodapé termina ${Math.round(footerBottom.y + footerBottom.height - barTop)} px sob a barra`
    })
    .toBe('ok')
  // Subscribers get no invitation to the free newsletter.
  await expect(footer.getByRole('link', { name: 'Inscreva-se na nossa lista' })).toHaveCount(0)

  // The welcome banner, once closed, stays closed.
  await page.evaluate(() => localStorage.setItem('justSubscribed', 'true'))
  await page.reload()
  const welcome = page.getByRole('heading', { name: 'Bem-vindo ao Sintonia Premium!' })
  await expect(welcome).toBeVisible()
  await page.getByRole('button', { name: 'Fechar boas-vindas' }).click()
  await expect(welcome).toHaveCount(0)
  await page.evaluate(() => localStorage.setItem('justSubscribed', 'true'))
  await page.reload()
  await expect(page.getByRole('heading', { name: /Bem-vindo, / })).toBeVisible()
  await expect(welcome).toHaveCount(0)

  // A toast sits below the header, its close button ('Fechar aviso') clear of the logo.
  for (const width of [360, 1280] as const) {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 900 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Atualizar' }).click()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Dados atualizados com sucesso' })
    await expect(toast).toBeVisible()
    const close = toast.getByRole('button', { name: 'Fechar aviso' })
    await expect(close).toBeVisible()
    const header = (await page.getByRole('banner').boundingBox())!
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)
    const logo = (await page.getByRole('link', { name: /página inicial/ }).boundingBox())!
    expect(overlaps((await close.boundingBox())!, logo)).toBe(false)
    expect(overlaps((await close.boundingBox())!, header)).toBe(false)
    await keepPicture(page, `layout-toast-${width}`)
    await close.click()
    await expect(toast).toHaveCount(0)
  }
  await screenshotBoth(page, 'layout-dashboard')

  // Minha conta: the change of password without the current one.
  await page.setViewportSize(PHONE)
  await bar.getByRole('link', { name: /Minha conta/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible()
  await page.getByRole('button', { name: 'Alterar senha' }).click()
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expectErrorShown(page.getByRole('alert').filter({ hasText: 'Informe a senha atual' }))
  await screenshotBoth(page, 'layout-minha-conta')
})

test('the landing at 360 and 1280 px, with the newsletter invitation for visitors and the current year', async ({ page }) => {
  await page.goto(at('/'))
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: 'Inscreva-se na nossa lista' })).toBeVisible()
  await expect(footer.getByText(`© ${new Date().getFullYear()} Sintonia. Todos os direitos reservados.`)).toBeVisible()
  await screenshotBoth(page, 'layout-landing')
})
