import { expect, type Page } from '@playwright/test'
import { preparedAccessToken } from './preparation'

/**
 * Becomes a subscriber the pay-first way: the checkout was paid (prepared server) and the buyer
 * opens the access link of the purchase e-mail, creates the password on
 * /onboarding/definir-senha?token= and lands on /dashboard subscribed.
 */
export async function onboardPaidBuyer(page: Page, baseURL: string, checkout: { email: string; sessionId: string }, password: string) {
  await page.goto(`${baseURL}/onboarding/definir-senha?token=${preparedAccessToken(checkout.sessionId)}`)
  await expect(page.getByTestId('onboarding-email')).toHaveText(checkout.email.toLowerCase())
  await page.getByLabel('Nova senha', { exact: true }).fill(password)
  await page.getByLabel('Confirme a senha').fill(password)
  await page.getByRole('button', { name: /Criar senha e entrar/ }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}
