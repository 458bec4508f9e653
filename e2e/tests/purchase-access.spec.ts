import { expect, test, type Locator, type Page } from '@playwright/test'
import { AUTH_MSG, UNCLAIMED_MSG } from '@sintonia/contract'
import { createAdmin, sessionButton, signInAsAdmin, signUpViaUi, submitLogin, uniqueEmail } from '../support/accounts'
import { expectPracticeReady, expectSandboxCheckout, passProcessing, payWithCard } from '../support/checkout'
import { mailLinks, waitForMailLink, waitForMailTo } from '../support/mailbox'
import { keepPicture, expectNoSidewaysScroll, screenshotAt, screenshotBoth } from '../support/screenshots'

/**
 * A paid purchase reaches only the owner of its e-mail's mailbox (docs/product/accounts.md): the
 * access link travels through the real SMTP sink, whoever opens it chooses the password, and
 * Minha conta changes name, password and e-mail. Screenshots of every page touched go to
 * e2e/.artifacts/screenshots at 360 and 1280 px.
 */
test.describe.configure({ mode: 'serial' })


const BUYER_NAME = 'Joana Pereira'
const BUYER_PASSWORD = 'senha-de-quem-pagou'
const ACCESS_PAGE = '/onboarding/definir-senha'

/** Pays a plan on /pagamento (pay-first) with the sandbox card; returns the checkout id. */
async function payFirst(page: Page, email: string, plan: { code: string; name: string } = { code: 'anual', name: 'Anual' }): Promise<string> {
  await page.goto(`/pagamento?plan=${plan.code}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Nome Completo').fill(BUYER_NAME)
  await page.getByRole('button', { name: /Continuar para o pagamento/ }).click()
  const sessionId = await expectSandboxCheckout(page, plan.name)
  await payWithCard(page)
  return sessionId
}

/** The processing page sends a buyer without a confirmed account to "Confirme seu e-mail". */
async function expectConfirmMailbox(page: Page, email: string, sessionId: string) {
  await expect(page).toHaveURL(`${ACCESS_PAGE}?email=${encodeURIComponent(email)}&session_id=${sessionId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirme seu e-mail' })).toBeVisible()
  await expect(page.getByText(email, { exact: true })).toBeVisible()
  await expect(page.getByText(/Confira as pastas de spam/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Já criei minha senha' })).toHaveAttribute('href', '/login')
}

/** On the access link's page: the e-mail (read-only), the plan, then the password. */
async function createPasswordFromLink(page: Page, link: string, { email, plan = 'Anual', password = BUYER_PASSWORD }: { email: string; plan?: string; password?: string }) {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Crie Sua Senha' })).toBeVisible()
  await expect(page.getByTestId('onboarding-email')).toHaveText(email)
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Plano a ativar' })).toHaveText(`Plano ${plan}`)
  await page.getByLabel('Nova senha', { exact: true }).fill(password)
  await page.getByLabel('Confirme a senha').fill(password)
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
}

/**
 * Below 768 px the session bar is fixed at the bottom: a message revealed after a submit must be
 * on screen above it, and hold the focus.
 */
async function expectRevealedAboveBottomBar(page: Page, alert: Locator) {
  await expect(alert).toBeFocused()
  await expect(alert).toBeInViewport({ ratio: 1 })
  const bar = page.getByRole('navigation', { name: 'Acesso à conta' })
  // The sign-in pages (the password's creation among them) show no bottom bar at all.
  if ((await bar.count()) === 0) return
  await expect
    .poll(async () => {
      const [box, barBox] = await Promise.all([alert.boundingBox(), bar.boundingBox()])
      return box && barBox ? barBox.y - (box.y + box.height) : -1
    })
    .toBeGreaterThanOrEqual(0)
}

test('paying and staying on the page: "Confirme seu e-mail", the access link from the mailbox, the password, today’s practice', async ({ page }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('fica-na-pagina')
  const sessionId = await payFirst(page, email)
  await passProcessing(page, sessionId)
  await expectConfirmMailbox(page, email, sessionId)
  await screenshotBoth(page, 'onboarding-confirme-email')

  // The purchase e-mail carries the access link; "Reenviar link" sends a new one to the same address.
  const first = await waitForMailLink(email, ACCESS_PAGE)
  await page.getByRole('button', { name: 'Reenviar link' }).click()
  await expect(page.getByRole('status').filter({ hasText: AUTH_MSG.accessLinkSent })).toBeVisible()
  const second = await waitForMailLink(email, ACCESS_PAGE, { except: [first] })

  // The link's page at 360 px: a mismatch is shown, focused, above the bottom bar.
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto(second)
  await expect(page.getByTestId('onboarding-email')).toHaveText(email)
  await page.getByLabel('Nova senha', { exact: true }).fill(BUYER_PASSWORD)
  await page.getByLabel('Confirme a senha').fill('outra-senha-qualquer')
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
  const mismatch = page.getByRole('alert')
  await expect(mismatch).toHaveText(AUTH_MSG.onboardingPasswordMismatch)
  await expectRevealedAboveBottomBar(page, mismatch)
  await keepPicture(page, 'onboarding-crie-sua-senha-erro-360')
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshotAt(page, 'onboarding-crie-sua-senha', 1280)

  await createPasswordFromLink(page, second, { email })
  await expectPracticeReady(page)
  await expect(page.getByTestId('header-user-name')).toHaveText('Olá, Joana')

  // Used: both links are dead now (one link activates, the others of the e-mail go with it).
  await sessionButton(page, 'Sair').click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto(first)
  await expect(page.getByRole('heading', { level: 1, name: 'Este link não vale mais' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(AUTH_MSG.accessLinkInvalid)
  await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/esqueci-senha')
  await screenshotBoth(page, 'onboarding-link-invalido')
})

test('paying, closing the tab, and coming back through "Esqueci minha senha": the access link, not a reset link', async ({ page, context }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('fechou-a-aba')
  const sessionId = await payFirst(page, email, { code: 'semestral', name: 'Semestral' })
  await expect(page).toHaveURL(new RegExp(`/assinatura/processando\\?session_id=${sessionId}$`), { timeout: 15_000 })
  await page.close()
  // The purchase is recorded: its e-mail went out (the buyer never opens it).
  const purchaseLink = await waitForMailLink(email, ACCESS_PAGE)

  const later = await context.newPage()
  await later.goto('/login')
  await expect(later.getByText('Pagou e ainda não criou sua senha? Use “Esqueci minha senha” e enviaremos seu link de acesso.')).toBeVisible()
  await later.getByRole('link', { name: 'Esqueci minha senha' }).click()
  await expect(later.getByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeVisible()
  await later.getByLabel('E-mail').fill(email)
  await later.getByRole('button', { name: 'Enviar link' }).click()
  await expect(later.getByText(AUTH_MSG.resetEmailSent)).toBeVisible()

  const link = await waitForMailLink(email, ACCESS_PAGE, { except: [purchaseLink] })
  expect(await waitForMailTo(email, /Você pediu para entrar/)).toContain(link)
  expect(await mailLinks(email, '/redefinir-senha')).toEqual([])

  await createPasswordFromLink(later, link, { email, plan: 'Semestral' })
  await expectPracticeReady(later)
})

test('a stranger registered the buyer’s e-mail first: the access link gives the account to the buyer and signs the stranger out', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('email-tomado')
  const strangerPassword = 'senha-do-estranho-1'

  const strangerContext = await browser.newContext()
  const stranger = await strangerContext.newPage()
  await signUpViaUi(stranger, { name: 'Estranho', email, password: strangerPassword })
  await expect(stranger).toHaveURL(/\/dashboard$/)
  await expect(stranger.getByText(AUTH_MSG.verificationSent)).toBeVisible()
  await expect(stranger.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()

  // The buyer pays with that e-mail: the stranger's unconfirmed account does not get the purchase.
  const sessionId = await payFirst(page, email)
  await passProcessing(page, sessionId)
  await expectConfirmMailbox(page, email, sessionId)

  const link = await waitForMailLink(email, ACCESS_PAGE)
  await page.goto(link)
  const note = page.getByTestId('onboarding-account-exists')
  await expect(note).toContainText('Já existe uma conta com este e-mail')
  await expect(note).toContainText('os outros aparelhos conectados saem da conta')
  await screenshotBoth(page, 'onboarding-crie-sua-senha-conta-existente')
  await createPasswordFromLink(page, link, { email })
  await expectPracticeReady(page)
  // The buyer's own name (typed at checkout) replaces the stranger's.
  await expect(page.getByTestId('header-user-name')).toHaveText('Olá, Joana')

  // The stranger's session ended, and the old password no longer opens the account.
  await stranger.reload()
  await expect(stranger).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
  // Signed out: the sign-in page (which offers no second 'Entrar' in the header) and no 'Sair'.
  await expect(stranger.getByRole('banner').getByRole('button', { name: 'Sair' })).toHaveCount(0)
  await submitLogin(stranger, { email, password: strangerPassword })
  await expect(stranger.getByRole('alert')).toContainText(AUTH_MSG.invalidCredentials)
  await strangerContext.close()
})

test('Minha conta: the name (header follows), the password (other device signed out), the e-mail (only once confirmed from the new mailbox)', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('minha-conta')
  const newEmail = uniqueEmail('novo-endereco')
  const password = 'senha-da-conta-1'
  const newPassword = 'senha-da-conta-2'

  await signUpViaUi(page, { name: 'Rita Campos', email, password })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(AUTH_MSG.verificationSent)).toBeVisible()
  await expect(page.getByTestId('header-user-name')).toHaveText('Olá, Rita')

  // The same account on another device.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await other.goto('/login')
  await submitLogin(other, { email, password })
  await expect(other).toHaveURL(/\/dashboard$/)

  await page.getByRole('banner').getByRole('link', { name: /Minha conta/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible()
  await expect(page.getByTestId('account-email')).toHaveText(email)
  await expect(page.getByTestId('account-email-status')).toHaveText('Não confirmado')

  // Name: an empty one is refused; a new one shows in the header at once.
  const nameForm = page.getByRole('form', { name: 'Alterar nome' })
  await nameForm.getByLabel('Nome').fill('  ')
  await nameForm.getByRole('button', { name: 'Salvar nome' }).click()
  await expect(nameForm.getByRole('alert')).toHaveText(AUTH_MSG.nameRequired)
  await expect(nameForm.getByRole('alert')).toBeFocused()
  await nameForm.getByLabel('Nome').fill('Beatriz Nova')
  await nameForm.getByRole('button', { name: 'Salvar nome' }).click()
  await expect(nameForm.getByRole('status')).toHaveText(AUTH_MSG.profileSaved)
  await expect(page.getByTestId('header-user-name')).toHaveText('Olá, Beatriz')

  // Password, at 360 px: the wrong current password is shown above the bottom bar, focused.
  await page.setViewportSize({ width: 360, height: 780 })
  await page.getByRole('button', { name: 'Alterar senha' }).click()
  const passwordForm = page.getByRole('form', { name: 'Alterar senha' })
  await passwordForm.getByLabel('Senha atual').fill('senha-errada-0')
  await passwordForm.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await passwordForm.getByLabel('Confirme a nova senha').fill(newPassword)
  await passwordForm.getByRole('button', { name: 'Salvar nova senha' }).click()
  const wrong = passwordForm.getByRole('alert')
  await expect(wrong).toHaveText(AUTH_MSG.currentPasswordWrong)
  await expectRevealedAboveBottomBar(page, wrong)
  await keepPicture(page, 'minha-conta-senha-erro-360')
  await passwordForm.getByLabel('Senha atual').fill(password)
  await passwordForm.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByRole('status').filter({ hasText: AUTH_MSG.passwordChanged })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 900 })

  // The other device is signed out; this one stays signed in with its new session.
  await other.reload()
  await expect(other).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible()
  await expect(page.getByTestId('header-user-name')).toHaveText('Olá, Beatriz')
  await submitLogin(other, { email, password })
  await expect(other.getByRole('alert')).toContainText(AUTH_MSG.invalidCredentials)
  await submitLogin(other, { email, password: newPassword })
  await expect(other).toHaveURL(/\/dashboard$/)
  await otherContext.close()

  // E-mail: a malformed address is refused; a good one waits for the new mailbox.
  await page.getByRole('button', { name: 'Alterar e-mail' }).click()
  const emailForm = page.getByRole('form', { name: 'Alterar e-mail' })
  await emailForm.getByLabel('Novo e-mail').fill(email)
  await emailForm.getByRole('button', { name: 'Enviar link', exact: true }).click()
  await expect(emailForm.getByRole('alert')).toHaveText(AUTH_MSG.emailSame)
  await screenshotBoth(page, 'minha-conta-formularios')
  await emailForm.getByLabel('Novo e-mail').fill(newEmail)
  await emailForm.getByRole('button', { name: 'Enviar link', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: AUTH_MSG.emailChangeSent })).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('account-email')).toHaveText(email)

  // Opening the link hands the account to whoever opened it (ADR 023): the account moves, its
  // devices are signed out and the password is chosen again here — the same one may do.
  const confirmLink = await waitForMailLink(newEmail, '/confirmar-email')
  await page.goto(confirmLink)
  await expect(page).toHaveURL(/\/onboarding\/definir-senha\?token=[^&]+&confirmado=1$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Crie Sua Senha' })).toBeVisible()
  await expect(page.getByText('E-mail confirmado! Para terminar, defina a senha da sua conta (pode ser a mesma de antes).')).toBeVisible()
  await expect(page.getByTestId('onboarding-email')).toHaveText(newEmail)
  await screenshotBoth(page, 'confirmar-email')
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirme a senha').fill(newPassword)
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.getByRole('banner').getByRole('link', { name: /Minha conta/ }).click()
  await expect(page.getByTestId('account-email')).toHaveText(newEmail)
  await expect(page.getByTestId('account-email-status')).toHaveText('Confirmado')
  await expect(page.getByRole('button', { name: 'Reenviar confirmação' })).toHaveCount(0)
  await screenshotBoth(page, 'minha-conta')

  // The same link again is dead.
  await page.goto(confirmLink)
  await expect(page.getByRole('alert')).toHaveText(AUTH_MSG.verifyLinkInvalid)
  await expect(page.getByRole('link', { name: 'Ir para Minha conta' })).toHaveAttribute('href', '/minha-conta')
  await screenshotAt(page, 'confirmar-email-invalido', 360)
})

test('admin: "Pagamento sem conta" lists the waiting purchase; "Reenviar acesso" e-mails a new access link', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const admin = { email: uniqueEmail('admin-acesso'), password: 'senha-admin-acesso-1' }
  await createAdmin(admin.email, admin.password)
  const email = uniqueEmail('sem-conta')

  const buyerContext = await browser.newContext()
  const buyer = await buyerContext.newPage()
  const sessionId = await payFirst(buyer, email)
  await passProcessing(buyer, sessionId)
  await expectConfirmMailbox(buyer, email, sessionId)
  const first = await waitForMailLink(email, ACCESS_PAGE)

  await signInAsAdmin(page, admin)
  await page.goto('/admin/users')
  const section = page.getByTestId('unclaimed-purchases')
  await expect(section.getByRole('heading', { level: 2, name: 'Pagamento sem conta' })).toBeVisible()
  const row = section.getByTestId(`unclaimed-row-${email}`)
  await expect(row).toBeVisible()
  await expect(row).toContainText(BUYER_NAME)
  await expect(row).toContainText('Anual')
  await expect(row).toContainText(/R\$\s?\d/)
  // The purchase e-mail counts as the first link sent.
  await expect(row).not.toContainText('Nunca enviado')

  await screenshotBoth(page, 'admin-usuarios')

  await row.getByRole('button', { name: /Reenviar acesso/ }).click()
  await expect(page.getByText(UNCLAIMED_MSG.resent)).toBeVisible()
  const resent = await waitForMailLink(email, ACCESS_PAGE, { except: [first] })
  expect(resent).not.toBe(first)
  // At 360 px the purchase is a card, with its button, and nothing pushes the page sideways.
  await page.setViewportSize({ width: 360, height: 780 })
  const card = section.getByTestId(`unclaimed-card-${email}`)
  await card.scrollIntoViewIfNeeded()
  await expect(card.getByRole('button', { name: /Reenviar acesso/ })).toBeVisible()
  await expect(row).toBeHidden()
  await expectNoSidewaysScroll(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The buyer opens the new link: the purchase leaves the list.
  await createPasswordFromLink(buyer, resent, { email })
  await expectPracticeReady(buyer)
  await buyerContext.close()
  await page.reload()
  await expect(section.getByRole('heading', { level: 2, name: 'Pagamento sem conta' })).toBeVisible()
  await expect(section.getByTestId(`unclaimed-row-${email}`)).toHaveCount(0)
})
