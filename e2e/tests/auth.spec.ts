import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { AUTH_MSG } from '@sintonia/contract'
import { createAdmin, sessionButton, signUpViaUi, submitLogin, uniqueEmail } from '../support/accounts'

/**
 * Accounts journeys on the real server (docs/product/accounts.md).
 * Sign-in and sign-up are rate-limited to 10 a minute per address. Every journey of a worker
 * reaches its server from 127.0.0.1, and several sign in through the page: together they passed
 * the limit now and then (seen twice in CI, "Muitas tentativas…" on /admin/login). This file comes
 * from a visitor address of its own (the e2e servers trust X-Forwarded-For from loopback, as from
 * a balancer), and stays well under the limit by itself.
 *
 * Password reset: the browser cannot read the e-mail outbox (it lives in the server's embedded
 * database, open in one process only, and the log never carries the token), so the journey checks
 * the request page; the token path is covered by the API tests.
 */
test.describe.configure({ mode: 'serial' })
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.70' } })

const PASSWORD = 'senha-forte-123'

test('sign up lands on /dashboard; sign out returns home; sign in again; wrong password is refused', async ({ page }) => {
  const email = uniqueEmail('ouvinte')
  await signUpViaUi(page, { name: 'Ana Teste', email, password: PASSWORD })

  // A new account has no subscription yet: the guard shows the plan card on /dashboard.
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Ver Planos Disponíveis/ })).toHaveAttribute('href', '/assinatura')
  await expect(page.getByRole('banner').getByRole('link', { name: /Minha conta/ })).toBeVisible()

  await sessionButton(page, 'Sair').click()
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(sessionButton(page, 'Entrar')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('subscription_cache'))).toBeNull()

  await sessionButton(page, 'Entrar').click()
  await expect(page).toHaveURL(/\/login$/)
  await submitLogin(page, { email, password: 'senha-errada-0' })
  await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos')

  await submitLogin(page, { email, password: PASSWORD })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(sessionButton(page, 'Sair')).toBeVisible()

  // A signed-in person opening /login goes straight on.
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('an anonymous visit to /dashboard goes to login and comes back after signing in', async ({ page }) => {
  const email = uniqueEmail('retorno')
  await signUpViaUi(page, { email, password: PASSWORD })
  await expect(page).toHaveURL(/\/dashboard$/)
  await sessionButton(page, 'Sair').click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
  await submitLogin(page, { email, password: PASSWORD })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()
})

test('the two portals: listeners are refused on /admin/login, admins on /login; admins sign in on their page', async ({ page }) => {
  const listener = uniqueEmail('portal')
  await signUpViaUi(page, { email: listener, password: PASSWORD })
  await expect(page).toHaveURL(/\/dashboard$/)
  await sessionButton(page, 'Sair').click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { name: 'Acesso administrativo' })).toBeVisible()
  await page.getByLabel('E-mail').fill(listener)
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: /Entrar no painel/ }).click()
  await expect(page.getByRole('alert')).toContainText(AUTH_MSG.userMustUseUserLogin)

  const admin = uniqueEmail('admin')
  await createAdmin(admin, PASSWORD)

  await page.goto('/login')
  await submitLogin(page, { email: admin, password: PASSWORD })
  await expect(page.getByRole('alert')).toContainText('Use o login administrativo para contas de admin')

  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.getByLabel('E-mail').fill(admin)
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: /Entrar no painel/ }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Área administrativa' })).toBeVisible()
  await expect(page.getByText(admin)).toBeVisible()

  // Admins are sent away from subscriber pages.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/admin$/)
})

test('forgot password shows the neutral confirmation', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
  await expect(page).toHaveURL(/\/esqueci-senha$/)
  // The address changes before the new page replaces the login form (which also has 'E-mail').
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeVisible()
  await page.getByLabel('E-mail').fill(uniqueEmail('esqueci'))
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page.getByText(AUTH_MSG.resetEmailSent)).toBeVisible()
})

test('Minha conta: export downloads JSON; deletion asks the password, logs out, and the login then fails', async ({ page }) => {
  const email = uniqueEmail('lgpd')
  await signUpViaUi(page, { name: 'Lia', email, password: PASSWORD })
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.getByRole('banner').getByRole('link', { name: /Minha conta/ }).click()
  await expect(page).toHaveURL(/\/minha-conta$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: /Baixar meus dados/ }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/\.json$/)
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as unknown
  expect(JSON.stringify(exported)).toContain(email)

  await page.getByRole('button', { name: /Excluir minha conta/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Digite sua senha para confirmar').fill('senha-errada-0')
  await dialog.getByRole('button', { name: /Excluir definitivamente/ }).click()
  await expect(dialog.getByRole('alert')).toContainText(AUTH_MSG.deleteConfirmationWrong)

  await dialog.getByLabel('Digite sua senha para confirmar').fill(PASSWORD)
  await dialog.getByRole('button', { name: /Excluir definitivamente/ }).click()
  await expect(page.getByText(AUTH_MSG.accountDeleted)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(sessionButton(page, 'Entrar')).toBeVisible()

  await page.goto('/login')
  await submitLogin(page, { email, password: PASSWORD })
  await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos')
})

test('/subscription leads to the plan page', async ({ page }) => {
  await page.goto('/subscription')
  await expect(page).toHaveURL(/\/assinatura$/)
})
