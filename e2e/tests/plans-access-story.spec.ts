import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEFAULT_LANDING_CONTENT } from '@sintonia/contract'
import { createAdmin, signInAsAdmin, signUpViaUi, uniqueEmail } from '../support/accounts'
import { expectSandboxCheckout, passProcessing, payWithCard } from '../support/checkout'
import { startPreparedServer, type PreparedServer } from '../support/prepared-server'
import { onboardPaidBuyer } from '../support/subscriber'
import { screenshotAt, screenshotBoth } from '../support/screenshots'

/**
 * Plans, prices and the subscriber's access story (docs/product/commerce.md, public-pages.md,
 * listening.md#dashboard-dashboard): what an admin writes about the plans and the guarantee is
 * what every page shows; a promotion tells one price story; the price comparison's alternatives
 * keep their own prices; plans that cannot be loaded still show; the dashboard, the success pages
 * and a refunded subscription say only what is true. Screenshots of every page at 360 and 1280 px
 * go to e2e/.artifacts/screenshots.
 */
test.describe.configure({ mode: 'serial' })
// Journeys below rewrite /api/plans with page.route, which a service worker's requests bypass.
test.use({ serviceWorkers: 'block' })


const ADMIN = { email: uniqueEmail('admin-planos-historia'), password: 'senha-admin-planos-2' }
const BUYER = { email: uniqueEmail('painel-verdade'), sessionId: `cs_e2e_verdade_${Date.now().toString(36)}` }
/** The quarterly period the provider reported for the prepared purchase. */
const PERIOD_END = new Date(Date.now() + 90 * 86_400_000)
const PROMOTION_END = new Date(Date.now() + 5 * 86_400_000).toISOString()

/** The default content with the highlight moved to an alternative (an admin's choice). */
const COMPARISON_CONTENT = {
  ...DEFAULT_LANDING_CONTENT,
  priceComparison: {
    ...DEFAULT_LANDING_CONTENT.priceComparison,
    options: DEFAULT_LANDING_CONTENT.priceComparison.options.map((option) => ({
      ...option,
      isHighlight: option.id === 'terapia-semanal',
      badge: option.id === 'terapia-semanal' ? 'Mais procurada' : option.badge,
    })),
  },
}

let server: PreparedServer
const url = (path: string) => `${server.baseURL}${path}`

test.beforeAll(async () => {
  server = await startPreparedServer({
    landingContent: COMPARISON_CONTENT,
    plans: [{ code: 'anual', promotion: { discountPercentage: 30, label: 'BLACK FRIDAY', endsAt: PROMOTION_END } }],
    paidCheckouts: [{ ...BUYER, planCode: 'trimestral', currentPeriodEnd: PERIOD_END.toISOString() }],
  })
  await createAdmin(ADMIN.email, ADMIN.password, server.dataDir)
})
test.afterAll(async () => {
  await server?.stop()
})

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInAsAdmin(page, ADMIN, url('/'))
  return page
}

const planCard = (page: Page, code: string) => page.locator(`[data-testid="plan-card"][data-plan="${code}"]`)

test("an admin writes a plan's benefits, its button and the guarantee; the landing, /assinatura and /pagamento show them", async ({ browser }) => {
  test.setTimeout(150_000)
  const admin = await adminPage(browser)
  await admin.goto(url('/admin/subscription-plans'))
  const editor = admin.getByTestId('plan-anual')
  const preview = editor.getByRole('list', { name: /^Prévia do plano/ })
  // Today's texts are the defaults; a blank line is refused with its message, at the line.
  await expect(editor.getByRole('textbox', { name: 'Benefício 1' })).toHaveValue('Todos os campos e áudios')
  await editor.getByRole('textbox', { name: 'Benefício 2' }).fill('')
  await editor.getByRole('button', { name: 'Salvar plano' }).click()
  await expect(editor.getByText('Escreva o benefício ou remova a linha')).toBeVisible()
  await screenshotAt(admin, 'planos-admin-erro', 360)

  await editor.getByRole('textbox', { name: 'Benefício 2' }).fill('Novos conteúdos todo mês')
  await editor.getByRole('textbox', { name: 'Benefício 1' }).fill('Um ano inteiro de prática guiada')
  await editor.getByRole('button', { name: 'Adicionar benefício' }).click()
  await editor.getByRole('textbox', { name: 'Benefício 4' }).fill('Bônus: sessão de boas-vindas')
  await editor.getByLabel(/Texto do botão/).fill('Quero o plano anual')
  await expect(preview.getByTestId('plan-button-preview')).toHaveText('Quero o plano anual')
  await expect(preview.getByText('Bônus: sessão de boas-vindas')).toBeVisible()
  await editor.getByRole('button', { name: 'Salvar plano' }).click()
  await expect(admin.getByText('Plano Anual salvo')).toBeVisible()
  await expect(admin.getByTestId('plan-anual').getByRole('textbox', { name: 'Benefício 4' })).toHaveValue('Bônus: sessão de boas-vindas')
  await screenshotBoth(admin, 'planos-admin')

  await admin.goto(url('/admin/garantia'))
  await admin.getByLabel('Prazo de garantia (dias)').fill('14')
  await admin.getByRole('button', { name: 'Salvar prazo' }).click()
  await expect(admin.getByText('Prazo de garantia: 14 dias')).toBeVisible()
  await admin.context().close()

  const visitor = await (await browser.newContext()).newPage()
  // The first HTML already says 14 days: the server render follows the setting too.
  const firstHtml = await (await visitor.request.get(url('/'))).text()
  expect(firstHtml).toContain('"guaranteeDays":14')
  expect(firstHtml).toMatch(/Garantia de (<!-- -->)?14(<!-- -->)? dias/)

  await visitor.goto(url('/'))
  const section = visitor.locator('#planos')
  await section.scrollIntoViewIfNeeded()
  const annual = planCard(visitor, 'anual')
  await expect(annual.getByRole('link', { name: 'Quero o plano anual' })).toHaveAttribute('href', '/assinatura?plan=anual')
  await expect(annual.getByText('Bônus: sessão de boas-vindas')).toBeVisible()
  await expect(planCard(visitor, 'trimestral').getByRole('link', { name: 'Assinar Trimestral' })).toBeVisible()
  // One price story: the promotion's discount against the struck price, no 'Economize 20%' beside it.
  await expect(annual.getByText('BLACK FRIDAY · −30%')).toBeVisible()
  await expect(annual.getByTestId('plan-original-price')).toHaveText(/478,80/)
  await expect(annual.getByTestId('plan-price')).toHaveText(/335,16/)
  await expect(annual.getByText('Economize 20%')).toHaveCount(0)
  await expect(planCard(visitor, 'semestral').getByText('Economize 10%')).toBeVisible()
  await expect(section.getByText('Garantia de 14 dias')).toBeVisible()

  // The comparison: the highlighted alternative keeps the admin's price; only the product's row reads the plan.
  const rows = visitor.getByRole('table').getByRole('row')
  await expect(rows.filter({ hasText: 'Terapia individual' })).toContainText('R$ 7.200,00')
  await expect(rows.filter({ hasText: 'Terapia individual' })).toContainText('Mais procurada')
  await expect(rows.filter({ hasText: 'Plano Anual' })).toContainText('R$ 335,16')
  await screenshotBoth(visitor, 'planos-landing')

  await visitor.goto(url('/assinatura'))
  await expect(visitor.getByRole('button', { name: 'Quero o plano anual' })).toBeVisible()
  await expect(visitor.getByText('Garantia de 14 dias')).toBeVisible()
  await expect(planCard(visitor, 'anual').getByText('Economize 20%')).toHaveCount(0)
  await screenshotBoth(visitor, 'planos-assinatura')

  await visitor.goto(url('/pagamento?plan=anual'))
  const included = visitor.getByRole('region', { name: 'O que está incluído' })
  await expect(included.getByRole('listitem')).toHaveText([
    'Um ano inteiro de prática guiada',
    'Novos conteúdos todo mês',
    'Ouça também sem internet',
    'Bônus: sessão de boas-vindas',
    'Cancele quando quiser, sem multa',
  ])
  await expect(visitor.getByRole('heading', { name: 'Garantia de 14 dias' })).toBeVisible()
  await screenshotBoth(visitor, 'planos-pagamento')

  // The plans cannot be loaded: /assinatura shows the last ones this browser saw, says so, and retries.
  await visitor.route('**/api/plans', (route) => route.abort())
  await visitor.goto(url('/assinatura'))
  const notice = visitor.getByRole('alert').filter({ hasText: 'Não foi possível atualizar os planos.' })
  await expect(notice).toBeVisible()
  await expect(visitor.getByTestId('plan-card')).toHaveCount(3)
  await expect(visitor.getByRole('button', { name: 'Quero o plano anual' })).toBeVisible()
  await expect(visitor.getByText('Garantia de 14 dias')).toBeVisible()
  await screenshotBoth(visitor, 'planos-assinatura-sem-conexao')
  await visitor.unroute('**/api/plans')
  await notice.getByRole('button', { name: 'Tentar novamente' }).click()
  await expect(notice).toHaveCount(0)
  await expect(visitor.getByTestId('plan-card')).toHaveCount(3)
  await visitor.context().close()

  // A browser that never saw the plans falls back to the defaults, never to an empty section.
  const stranger = await (await browser.newContext()).newPage()
  await stranger.route('**/api/plans', (route) => route.abort())
  await stranger.goto(url('/assinatura'))
  await expect(stranger.getByRole('alert').filter({ hasText: 'Não foi possível atualizar os planos.' })).toBeVisible()
  await expect(stranger.getByTestId('plan-card')).toHaveCount(3)
  await expect(planCard(stranger, 'anual').getByTestId('plan-price')).toHaveText(/478,80/)
  await stranger.context().close()
})

test("a subscriber's dashboard says what the access really is, and the success page shows no checkout id", async ({ page }) => {
  test.setTimeout(120_000)
  await onboardPaidBuyer(page, server.baseURL, BUYER, 'senha-do-painel-verdade')
  const renewsOn = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(PERIOD_END)
  await expect(page.getByTestId('access-stat')).toHaveText(`TrimestralRenova em ${renewsOn}`)
  await expect(page.getByText(/vitalício/)).toHaveCount(0)
  await screenshotBoth(page, 'planos-dashboard')

  await page.goto(url(`/assinatura/sucesso?session_id=${BUYER.sessionId}`))
  await expect(page.getByRole('heading', { name: 'Assinatura Ativada!' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('success-plan')).toHaveText('Trimestral')
  await expect(page.getByText(BUYER.sessionId)).toHaveCount(0)
  await expect(page.getByText('Sessão', { exact: true })).toHaveCount(0)
  await screenshotBoth(page, 'planos-assinatura-sucesso')
})

test('a pay-first buyer pays the semiannual plan by card in 6× and sees the payment result, with its instalments and without the checkout id; the admin sees the 6× in Financeiro', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await page.goto(url('/pagamento?plan=semestral'))
  await page.getByLabel('Email').fill(uniqueEmail('resultado-pagamento'))
  await page.getByLabel('Nome Completo').fill('Joana Pereira')
  await page.getByRole('button', { name: /Continuar para o pagamento/ }).click()
  const sessionId = await expectSandboxCheckout(page, 'Semestral')
  await expect(page.getByLabel('Parcelas').locator('option')).toHaveCount(6)
  await screenshotBoth(page, 'sandbox-cartao-parcelas')
  await payWithCard(page, undefined, undefined, 6)
  await passProcessing(page, sessionId)

  await page.goto(url(`/pagamento/sucesso?session_id=${sessionId}`))
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('payment-installments')).toHaveText('Cartão em 6x de R$\u00a044,90 sem juros')
  await expect(page.getByText(sessionId)).toHaveCount(0)
  await screenshotBoth(page, 'planos-pagamento-sucesso')

  const admin = await adminPage(browser)
  await admin.goto(url('/admin/financial'))
  const sixTimes = admin.getByTestId('financial-method-card-6')
  await expect(sixTimes).toContainText('Cartão em 6x')
  await expect(sixTimes).toContainText('R$\u00a0269,40')
  await screenshotBoth(admin, 'admin-financeiro')
  await admin.context().close()
})

test('after a refund, /assinatura offers no portal and no plan change, only the way to subscribe again', async ({ browser }) => {
  test.setTimeout(180_000)
  // signUpViaUi opens /login relative to the context's base: this listener belongs to the prepared server.
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage()
  const email = uniqueEmail('reembolsada')
  await signUpViaUi(page, { name: 'Rita Reembolso', email, password: 'senha-do-reembolso-1' })
  await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()
  await page.goto(url('/assinatura'))
  await page.getByRole('button', { name: 'Assinar Trimestral' }).click()
  const sessionId = await expectSandboxCheckout(page, 'Trimestral')
  await payWithCard(page)
  await passProcessing(page, sessionId)
  await expect(page.getByRole('heading', { name: 'Assinatura Ativada!' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(sessionId)).toHaveCount(0)

  await page.goto(url('/assinatura'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerenciar Assinatura')
  await page.getByRole('region', { name: 'Garantia de 14 dias' }).getByRole('button', { name: 'Pedir reembolso' }).click()
  await page.getByRole('dialog', { name: 'Pedir reembolso?' }).getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page.getByTestId('refund-request')).toContainText('Em análise')

  const admin = await adminPage(browser)
  await admin.goto(url('/admin/garantia'))
  await admin.getByTestId(`refund-${email}`).getByRole('button', { name: 'Aprovar e reembolsar' }).click()
  await admin.getByRole('dialog', { name: 'Aprovar reembolso' }).getByRole('button', { name: 'Aprovar e reembolsar' }).click()
  await expect(admin.getByTestId(`refund-${email}`)).toHaveCount(0)
  await admin.context().close()

  // The subscriber's browser still holds its subscription check (5 minutes): the page follows the fresh details.
  await page.goto(url('/assinatura'))
  const card = page.getByRole('region', { name: 'Sua assinatura' })
  await expect(card.getByTestId('subscription-status')).toHaveText('Cancelada')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha Seu Plano')
  await expect(card.getByRole('button', { name: 'Abrir portal' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Mudar para/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Plano Atual' })).toHaveCount(0)
  await expect(page.getByTestId('refund-request')).toContainText('Aprovado')
  await expect(card.getByText(/Esta assinatura foi encerrada/)).toBeVisible()
  await screenshotBoth(page, 'planos-assinatura-reembolsada')
  await card.getByRole('button', { name: /Assinar novamente/ }).click()
  await expect(page.locator('#planos')).toBeFocused()
  await expect(page.getByRole('button', { name: 'Assinar Trimestral' })).toBeEnabled()
  await page.context().close()
})
