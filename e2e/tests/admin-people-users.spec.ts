import { expect, test, type Browser, type Page } from '@playwright/test'
import { AUTH_MSG, type FieldList } from '@sintonia/contract'
import { createAdmin, sessionButton, signInAsAdmin, signUpViaUi, submitLogin, uniqueEmail } from '../support/accounts'
import { formatViolations, seriousAxeViolations } from '../support/axe'

/**
 * Admin people journeys (issue #7): complimentary access opens the listener area; a ban ends the
 * listener's session at once and keeps them out.
 */
test.describe.configure({ mode: 'serial' })

const ADMIN = { email: uniqueEmail('admin-pessoas'), password: 'senha-admin-pessoas-1' }
const PASSWORD = 'senha-ouvinte-1'

async function adminSignIn(page: Page, admin: { email: string; password: string }) {
  await signInAsAdmin(page, admin)
}

async function listenerPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signUpViaUi(page, { name: 'Ouvinte Cortesia', email, password: PASSWORD })
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

async function findUserRow(admin: Page, email: string) {
  await admin.goto('/admin/users')
  await admin.getByLabel('Buscar por nome ou e-mail').fill(email)
  const row = admin.getByTestId(`user-row-${email}`)
  await expect(row).toBeVisible()
  // The search is debounced: the list is filtered once only this person is left in it.
  await expect(admin.locator('[data-testid^="user-row-"]')).toHaveCount(1)
  return row
}

test.beforeAll(async () => {
  await createAdmin(ADMIN.email, ADMIN.password)
})

test('complimentary access for 7 days lets the listener open /dashboard', async ({ page, browser }) => {
  const email = uniqueEmail('cortesia')
  const listener = await listenerPage(browser, email)
  await expect(listener.getByRole('heading', { name: 'Escolha Seu Plano' })).toBeVisible()

  await adminSignIn(page, ADMIN)
  const row = await findUserRow(page, email)
  await expect(row).toContainText('Sem assinatura')
  // The table fades while it refreshes (e.g. after a realtime event): check it at rest.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  const violations = await seriousAxeViolations(page)
  expect(violations, formatViolations(violations)).toEqual([])
  await row.getByRole('button', { name: 'Cortesia' }).click()
  const dialog = page.getByRole('dialog', { name: 'Liberar acesso cortesia' })
  await dialog.getByLabel(/Dias de acesso/).fill('0')
  await dialog.getByRole('button', { name: 'Liberar acesso cortesia' }).click()
  await expect(dialog.getByText('Informe um número de dias entre 1 e 3650')).toBeVisible()
  await dialog.getByLabel(/Dias de acesso/).fill('7')
  await dialog.getByRole('button', { name: 'Liberar acesso cortesia' }).click()
  await expect(page.getByText(/Acesso cortesia liberado até \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Cortesia')
  const inSevenDays = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  await expect(row).toContainText(inSevenDays)

  // The browser keeps the subscription check for 5 minutes; signing in again checks anew.
  const { fields } = (await (await listener.request.get('/api/public/fields')).json()) as FieldList
  await sessionButton(listener, 'Sair').click()
  await expect(listener).toHaveURL(/\/$/)
  await listener.goto('/login')
  await submitLogin(listener, { email, password: PASSWORD })
  await expect(listener).toHaveURL(/\/dashboard$/)
  await expect(listener.getByRole('link', { name: new RegExp(fields[0]!.title) })).toBeVisible()
  await expect(listener.getByRole('heading', { name: 'Escolha Seu Plano' })).toHaveCount(0)
  await listener.context().close()
})

test('a banned listener is signed out at once and cannot sign in again', async ({ page, browser }) => {
  const email = uniqueEmail('suspensa')
  const listener = await listenerPage(browser, email)

  await adminSignIn(page, ADMIN)
  const row = await findUserRow(page, email)
  await row.getByRole('button', { name: 'Suspender' }).click()
  const dialog = page.getByRole('dialog', { name: 'Suspender conta' })
  await dialog.getByLabel(/Motivo/).fill('Compartilhou a conta')
  await dialog.getByRole('button', { name: 'Suspender conta' }).click()
  await expect(page.getByText('Conta suspensa e sessões encerradas')).toBeVisible()
  await expect(row).toContainText('Suspensa')
  await expect(row.getByRole('button', { name: 'Reativar' })).toBeVisible()

  // The listener's session is gone: the next page load is anonymous and the guard sends them to /login.
  await listener.goto('/dashboard')
  await expect(listener).toHaveURL(/\/login/)
  await submitLogin(listener, { email, password: PASSWORD })
  await expect(listener.getByRole('alert')).toContainText(AUTH_MSG.banned)
  await listener.context().close()
})
