import { expect, test } from '@playwright/test'
import { submitLogin, uniqueEmail } from '../support/accounts'
import { waitForMailLink } from '../support/mailbox'

test('a listener who forgot the password gets a link by e-mail and signs in with the new one', async ({ page, request }) => {
  const email = uniqueEmail('esqueci')
  const oldPassword = 'senha-antiga-123'
  const newPassword = 'senha-nova-456'
  const signUp = await request.post('/api/account/sign-up', { data: { email, password: oldPassword } })
  expect(signUp.status()).toBe(201)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
  await expect(page).toHaveURL(/\/esqueci-senha$/)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page.getByText('Se existir uma conta com este e-mail, enviamos um link para redefinir a senha.')).toBeVisible()

  // The mail went outbox → dispatcher → SMTP; follow the link it carries, as the listener would
  // (the same mailbox also holds the sign-up's confirmation e-mail).
  const link = await waitForMailLink(email, '/redefinir-senha')
  await page.goto(link)
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirme a nova senha').fill(newPassword)
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByText('Senha redefinida! Faça login com a nova senha.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  await submitLogin(page, { email, password: oldPassword })
  await expect(page.getByText('E-mail ou senha incorretos')).toBeVisible()
  await submitLogin(page, { email, password: newPassword })
  await expect(page).toHaveURL(/\/dashboard/)
})
